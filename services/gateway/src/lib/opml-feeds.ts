import { defaultConfigFor, type Platform, type PlatformConfig, platformFromId } from '@app/db';
import { OPML_PREFIX } from './opml.ts';

// How a feed URL maps to a datasource on import, how a datasource maps to a feed on export, and
// when two of them are the same feed.

// Platforms whose source URL is not a feed (a search keyword, keywords): they cannot travel in OPML.
const NOT_FEEDS = new Set<Platform>(['twitter', 'xiaohongshu']);
const SUBREDDIT = /^[A-Za-z0-9_]{2,50}$/;
const hostOf = (url: URL) => url.hostname.replace(/^www\.|^m\.|^old\./, '');

/**
 * The platform a feed URL belongs to, as the admin form would set it: YouTube channel feeds and
 * subreddits by their address, the product's own export by its attribute, every other feed a blog.
 */
export function detectPlatform(
  url: string,
  attrs: Record<string, string>,
): { platform: Platform; config: PlatformConfig } {
  const named = platformFromId(attrs[`${OPML_PREFIX}:platform`] ?? '');
  const parsed = new URL(url);
  const host = hostOf(parsed);
  const channel = parsed.searchParams.get('channel_id');
  if ((named === null || named === 'youtube') && host === 'youtube.com' && channel) {
    return { platform: 'youtube', config: defaultConfigFor('youtube', { channel_id: channel }) };
  }
  const subreddit = /^\/r\/([\w-]+)/.exec(parsed.pathname)?.[1];
  if ((named === null || named === 'reddit') && host === 'reddit.com' && subreddit) {
    return { platform: 'reddit', config: defaultConfigFor('reddit', { subreddit }) };
  }
  const platform =
    named && !NOT_FEEDS.has(named) && named !== 'youtube' && named !== 'reddit' ? named : 'blog';
  return {
    platform,
    config: defaultConfigFor(platform, platform === 'podcast' ? { rss_url: url } : {}),
  };
}

type Source = { platform: Platform; sourceUrl: string; config: unknown };

const configText = (config: unknown, key: string) => {
  const value = (config as Record<string, unknown> | null)?.[key];
  return typeof value === 'string' ? value.trim() : '';
};

function subredditOf(source: Source): string | null {
  const configured = configText(source.config, 'subreddit');
  if (SUBREDDIT.test(configured)) return configured;
  const named = /\/r\/([A-Za-z0-9_]+)/.exec(source.sourceUrl)?.[1];
  return named && SUBREDDIT.test(named) ? named : null;
}

/**
 * What makes two sources the same feed: a subreddit by its name (its JSON listing and its .rss feed
 * are one source), a YouTube channel by its id, anything else by its URL.
 */
export function feedIdentity(source: Source): string {
  if (source.platform === 'reddit') {
    const subreddit = subredditOf(source);
    if (subreddit) return `reddit:${subreddit.toLowerCase()}`;
  }
  if (source.platform === 'youtube') {
    const channel = configText(source.config, 'channel_id');
    if (channel) return `youtube:${channel}`;
  }
  const text = source.sourceUrl.trim();
  return URL.canParse(text) ? new URL(text).href : text;
}

export type ExportedFeed = { xmlUrl: string; htmlUrl: string | null } | { leftOut: string };

/**
 * A datasource as a feed other readers can subscribe to: a subreddit's listing becomes its .rss feed;
 * keyword searches and non-http addresses have none, and are left out with the reason.
 */
export function exportedFeed(source: Source & { htmlUrl: string | null }): ExportedFeed {
  if (NOT_FEEDS.has(source.platform)) {
    return {
      leftOut:
        source.platform === 'twitter'
          ? 'a keyword search on X (Twitter), not a feed'
          : 'a keyword search on Xiaohongshu, not a feed',
    };
  }
  if (source.platform === 'reddit') {
    const subreddit = subredditOf(source);
    if (!subreddit) return { leftOut: 'a Reddit source that names no subreddit, so it has no feed' };
    return {
      xmlUrl: `https://www.reddit.com/r/${subreddit}/.rss`,
      htmlUrl: source.htmlUrl ?? `https://www.reddit.com/r/${subreddit}/`,
    };
  }
  if (!/^https?:\/\//i.test(source.sourceUrl) || !URL.canParse(source.sourceUrl)) {
    return { leftOut: 'its address is not an http(s) URL' };
  }
  const channel = source.platform === 'youtube' ? configText(source.config, 'channel_id') : '';
  const htmlUrl = source.htmlUrl ?? (channel ? `https://www.youtube.com/channel/${channel}` : null);
  return { xmlUrl: source.sourceUrl, htmlUrl };
}
