// Per-platform facts shared by the seed, the crawler and the admin UI (spec §3 "Default config
// per platform"). Browser-safe: no Prisma runtime. Import it as
// '@app/db/platform-defaults' from the web app.
import { PLATFORMS, type Platform as PlatformId } from '@app/contracts';
import type { Language, Platform, SummaryType } from '../generated/prisma/enums.ts';

export type { Language, Platform, PlatformId, SummaryType };

/** Prisma spells the id 'twitter-rss' as twitter_rss (the database keeps the dash). */
export function platformToId(platform: Platform): PlatformId {
  return platform === 'twitter_rss' ? 'twitter-rss' : platform;
}

/** The platform an id names (the Prisma spelling is accepted too), or null. */
export function platformFromId(id: string): Platform | null {
  const platform = id === 'twitter_rss' ? 'twitter-rss' : id;
  if (!(PLATFORMS as readonly string[]).includes(platform)) return null;
  return platform === 'twitter-rss' ? 'twitter_rss' : (platform as Platform);
}

const BOT_USER_AGENT = 'Mozilla/5.0 (compatible; DailyCuratedBot/1.0)';

export type PlatformConfig = Record<string, string | number | boolean | string[]>;

/** The config a new datasource starts with; choosing a platform in the admin form resets to this. */
export const PLATFORM_DEFAULT_CONFIG = {
  blog: { check_interval: 3600 },
  reddit: { subreddit: '', sort: 'hot', time_filter: 'day', limit: 25 },
  youtube: { channel_id: '', max_results: 10 },
  twitter: {
    crawl_frequency: 'daily',
    max_posts_per_crawl: 100,
    max_pages: 10,
    time_filter_days: 5,
    tweet_fields: 'created_at,author_id,public_metrics,lang,entities',
    user_fields: 'name,username,verified,profile_image_url',
  },
  twitter_rss: {
    crawl_frequency: 'daily',
    max_posts_per_crawl: 50,
    user_agent: BOT_USER_AGENT,
    timeout: 15000,
    rss_mode: true,
    date_filter_hours: 24,
  },
  podcast: { rss_url: '', max_episodes: 5 },
  xiaohongshu: { keywords: [], max_notes: 20 },
  wechat: {
    crawl_frequency: 'daily',
    max_posts_per_crawl: 10,
    user_agent: BOT_USER_AGENT,
    timeout: 15000,
    rss_mode: true,
    date_filter_hours: 24,
  },
} as const satisfies Record<Platform, PlatformConfig>;

/** A fresh, mutable copy of the defaults, with overrides (e.g. the channel id) applied. */
export function defaultConfigFor(platform: Platform, overrides: PlatformConfig = {}): PlatformConfig {
  return { ...(structuredClone(PLATFORM_DEFAULT_CONFIG[platform]) as PlatformConfig), ...overrides };
}

/** The admin form sets ZH for the Chinese-only platforms, EN otherwise. */
export function defaultLanguageFor(platform: Platform): Language {
  return platform === 'wechat' || platform === 'xiaohongshu' ? 'ZH' : 'EN';
}

/**
 * The summary_type a platform's summaries carry. The spec has no type for keyword 'twitter'
 * sources; they share twitter_rss_datasource.
 */
export const SUMMARY_TYPE_BY_PLATFORM = {
  blog: 'blog_post',
  reddit: 'daily_subreddit',
  youtube: 'youtube_video',
  podcast: 'podcast',
  wechat: 'wechat_post',
  twitter_rss: 'twitter_rss_datasource',
  twitter: 'twitter_rss_datasource',
  xiaohongshu: 'xiaohongshu_post',
} as const satisfies Record<Platform, SummaryType>;
