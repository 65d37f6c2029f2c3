import { CrawlError } from '../errors.ts';
import { decodeBody } from '../fetch/charset.ts';
import type { FetchOptions } from '../fetch/http-fetcher.ts';
import { canonicalUrl } from '../parse/canonical-url.ts';
import { type FeedItem, type ParsedFeed, parseFeed } from '../parse/feed-parser.ts';
import { htmlToText } from '../parse/html.ts';
import type { CrawledPost, PlatformContext } from './types.ts';

export type FetchedFeed =
  | { notModified: true }
  | { notModified: false; feed: ParsedFeed; url: string; etag: string | null; lastModified: string | null };

/** Fetches and parses one feed URL, conditionally when `conditional` (the datasource's stored validators). */
export async function fetchFeed(
  context: PlatformContext,
  url: string,
  options: { conditional: boolean } & FetchOptions,
): Promise<FetchedFeed> {
  const { datasource, fetcher, settings } = context;
  const result = await fetcher.fetch(url, {
    timeoutMs: options.timeoutMs ?? settings.timeoutMs,
    maxBytes: settings.maxBytes,
    userAgent: options.userAgent,
    etag: options.conditional ? datasource.etag : undefined,
    lastModified: options.conditional ? datasource.lastModified : undefined,
  });
  if (result.notModified) return { notModified: true };
  const feed = await parseFeed(decodeBody(result.body, result.contentType));
  return { notModified: false, feed, url: result.url, etag: result.etag, lastModified: result.lastModified };
}

/** A feed item → a post: canonical URL (link, else a URL-like guid, else a synthetic one), sanitised content. */
export function feedItemToPost(
  item: FeedItem,
  feedUrl: string,
  metadata: Record<string, unknown> = {},
): CrawledPost | null {
  const candidates = [item.link, item.id && /^https?:\/\//i.test(item.id) ? item.id : null].filter(
    Boolean,
  ) as string[];
  let url: string | null = null;
  for (const candidate of candidates) {
    url = canonicalUrl(candidate, feedUrl);
    if (url) break;
  }
  if (!url && item.id) {
    // No link at all: key the item by its guid under the feed's URL.
    const base = canonicalUrl(feedUrl);
    url = base ? `${base}#${encodeURIComponent(item.id)}` : null;
  }
  if (!url) return null;
  // Items without a title (microblogs) are named by the start of their text.
  const title = item.title || htmlToText(item.html).slice(0, 80) || url;
  return {
    url,
    title,
    // Sanitised by crawlDatasource, with every platform's posts, before anything stores it.
    content: item.html,
    author: item.author,
    publishedAt: item.publishedAt,
    metadata: { ...metadata, ...(item.id ? { guid: item.id } : {}) },
  };
}

/** Drops items older than `hours` (items without a date are kept: a feed without dates is still news). */
export function withinHours(posts: CrawledPost[], hours: number | undefined, now: Date): CrawledPost[] {
  if (!hours) return posts;
  const cutoff = now.getTime() - hours * 3600_000;
  return posts.filter((p) => !p.publishedAt || p.publishedAt.getTime() >= cutoff);
}

/** Several items may share a URL (duplicated guids): keep the first, so one crawl writes one row per URL. */
export function uniqueByUrl(posts: (CrawledPost | null)[]): CrawledPost[] {
  const seen = new Set<string>();
  const out: CrawledPost[] = [];
  for (const post of posts) {
    if (!post || seen.has(post.url)) continue;
    seen.add(post.url);
    out.push(post);
  }
  return out;
}

export function requireUrl(value: string | undefined, what: string): string {
  if (!value) throw new CrawlError('config', `${what} is not configured`);
  return value;
}
