import type { Datasource } from '@app/db';
import type { Logger } from '@app/logger';
import type { Fetcher } from '../fetch/http-fetcher.ts';

/** Settings a platform may need beyond its datasource (from the crawler's config). */
export type CrawlerSettings = {
  youtubeApiKey?: string;
  /** Root URL of the YouTube Data API (tests point it at a fake). */
  youtubeApiRoot?: string;
  xBearerToken?: string;
  xApiBase: string;
  /** RSS bridge for Xiaohongshu keywords: a URL with {keyword}. */
  xiaohongshuBridgeUrl?: string;
  redditBase: string;
  timeoutMs: number;
  maxBytes: number;
  /** Full-article extraction for blog items whose feed text is shorter than this (characters). */
  extractBelowChars: number;
  extractMaxPerCrawl: number;
};

export type PlatformContext = {
  datasource: Datasource;
  config: Record<string, unknown>;
  fetcher: Fetcher;
  settings: CrawlerSettings;
  log: Logger;
  now: Date;
};

/**
 * A crawled item before it is stored, canonical URL. `content` is HTML as the source gave it:
 * crawlDatasource sanitises every post's content in one place before extraction and storage.
 */
export type CrawledPost = {
  url: string;
  title: string;
  content: string;
  author: string | null;
  publishedAt: Date | null;
  metadata: Record<string, unknown>;
  /** The feed only had an excerpt: fetch the page and extract the article (new posts only). */
  needsExtraction?: boolean;
};

export type PlatformResult =
  | { notModified: true }
  | {
      notModified: false;
      posts: CrawledPost[];
      /** The language the feed declares (`<language>`, xml:lang), when it is a feed. */
      language?: string | null;
      /** Conditional-GET validators to store for the next crawl (single-URL sources only). */
      etag?: string | null;
      lastModified?: string | null;
    };

export type PlatformCrawler = (context: PlatformContext) => Promise<PlatformResult>;

export function num(value: unknown, fallback: number, min = 1, max = 1000): number {
  const n = typeof value === 'string' ? Number(value) : value;
  return typeof n === 'number' && Number.isFinite(n) ? Math.min(max, Math.max(min, Math.floor(n))) : fallback;
}

export function str(value: unknown): string | undefined {
  return typeof value === 'string' && value.trim() ? value.trim() : undefined;
}
