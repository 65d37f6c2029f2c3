import type { Platform } from '@app/db';
import { crawlBlog } from './blog.ts';
import { crawlPodcast } from './podcast.ts';
import { crawlReddit } from './reddit.ts';
import { crawlRssBridge, crawlXiaohongshu } from './rss-bridge.ts';
import { crawlTwitter } from './twitter.ts';
import type { PlatformCrawler } from './types.ts';
import { crawlYoutube } from './youtube.ts';

/** One crawler per platform; adding a platform to the schema without one here fails to compile. */
export const PLATFORM_CRAWLERS: Record<Platform, PlatformCrawler> = {
  blog: crawlBlog,
  podcast: crawlPodcast,
  youtube: crawlYoutube,
  reddit: crawlReddit,
  twitter: crawlTwitter,
  twitter_rss: crawlRssBridge,
  wechat: crawlRssBridge,
  xiaohongshu: crawlXiaohongshu,
};

export type { CrawledPost, CrawlerSettings, PlatformContext, PlatformResult } from './types.ts';
