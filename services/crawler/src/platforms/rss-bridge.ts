import { CrawlError } from '../errors.ts';
import { feedItemToPost, fetchFeed, uniqueByUrl, withinHours } from './feed-common.ts';
import { num, type PlatformCrawler, str } from './types.ts';

/**
 * twitter-rss and wechat: an RSS bridge (Nitter, RSSHub, …) in rss_mode, with the bridge's own
 * timeout and user agent, only items of the last date_filter_hours, at most max_posts_per_crawl.
 */
export const crawlRssBridge: PlatformCrawler = async (context) => {
  const { datasource, config, now } = context;
  if (config.rss_mode === false) {
    throw new CrawlError(
      'config',
      `${datasource.platform} without rss_mode needs a bridge URL; set rss_mode true`,
    );
  }
  const fetched = await fetchFeed(context, datasource.sourceUrl, {
    conditional: true,
    timeoutMs: num(config.timeout, context.settings.timeoutMs, 1000, 120_000),
    userAgent: str(config.user_agent),
  });
  if (fetched.notModified) return { notModified: true };
  const maxPosts = num(config.max_posts_per_crawl, 50, 1, 500);
  const hours = config.date_filter_hours === undefined ? 24 : num(config.date_filter_hours, 24, 0, 24 * 365);
  const all = uniqueByUrl(
    fetched.feed.items.map((item) => {
      const isRetweet = /^RT by /.test(item.title);
      const isReply = /^R to /.test(item.title);
      return feedItemToPost(item, fetched.url, {
        feed_title: fetched.feed.title,
        ...(datasource.platform === 'twitter_rss' ? { is_retweet: isRetweet, is_reply: isReply } : {}),
      });
    }),
  );
  const posts = withinHours(all, hours, now).slice(0, maxPosts);
  return { notModified: false, posts, etag: fetched.etag, lastModified: fetched.lastModified };
};

/**
 * Xiaohongshu: an RSS bridge feed URL (rss_mode), or config.keywords through the configurable
 * bridge (XIAOHONGSHU_BRIDGE_URL with {keyword}); at most max_notes notes.
 */
export const crawlXiaohongshu: PlatformCrawler = async (context) => {
  const { datasource, config, settings } = context;
  const maxNotes = num(config.max_notes, 20, 1, 200);
  const keywords = Array.isArray(config.keywords)
    ? config.keywords.filter((k): k is string => typeof k === 'string' && !!k.trim())
    : [];
  const useBridge =
    keywords.length > 0 && !!settings.xiaohongshuBridgeUrl && !/^https?:\/\//i.test(datasource.sourceUrl);
  if (!useBridge) {
    if (!/^https?:\/\//i.test(datasource.sourceUrl)) {
      throw new CrawlError(
        'config',
        'Xiaohongshu needs an RSS feed URL, or keywords and XIAOHONGSHU_BRIDGE_URL',
      );
    }
    const fetched = await fetchFeed(context, datasource.sourceUrl, { conditional: true });
    if (fetched.notModified) return { notModified: true };
    const posts = uniqueByUrl(
      fetched.feed.items.map((item) => feedItemToPost(item, fetched.url, { keyword: keywords[0] ?? null })),
    );
    return {
      notModified: false,
      posts: posts.slice(0, maxNotes),
      etag: fetched.etag,
      lastModified: fetched.lastModified,
    };
  }
  const posts = [];
  for (const keyword of keywords.slice(0, 10)) {
    const url = settings.xiaohongshuBridgeUrl!.replace('{keyword}', encodeURIComponent(keyword.trim()));
    const fetched = await fetchFeed(context, url, { conditional: false });
    if (fetched.notModified) continue;
    posts.push(...fetched.feed.items.map((item) => feedItemToPost(item, fetched.url, { keyword })));
  }
  return { notModified: false, posts: uniqueByUrl(posts).slice(0, maxNotes) };
};
