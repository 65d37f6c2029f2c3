import type { youtube_v3 } from '@googleapis/youtube';
import escapeHtml from 'escape-html';
import { CrawlError } from '../errors.ts';
import { canonicalUrl } from '../parse/canonical-url.ts';
import { feedItemToPost, fetchFeed, uniqueByUrl } from './feed-common.ts';
import { type CrawledPost, num, type PlatformContext, type PlatformCrawler, str } from './types.ts';

/**
 * YouTube: with YOUTUBE_API_KEY the Data API (search by channel, newest first, max_results);
 * without it the channel's public Atom feed, which needs no key.
 */
export const crawlYoutube: PlatformCrawler = async (context) => {
  const { config, settings } = context;
  const channelId = str(config.channel_id) ?? channelIdFromUrl(context.datasource.sourceUrl);
  const maxResults = num(config.max_results, 10, 1, 50);
  if (settings.youtubeApiKey && channelId)
    return { notModified: false, posts: await viaApi(context, channelId, maxResults) };
  const feedUrl = feedUrlOf(context.datasource.sourceUrl, channelId);
  const fetched = await fetchFeed(context, feedUrl, { conditional: true });
  if (fetched.notModified) return { notModified: true };
  const posts = fetched.feed.items.slice(0, maxResults).map((item) => {
    const group = (item.extra.mediaGroup ?? {}) as Record<string, unknown[]>;
    const description = textOf(group['media:description']?.[0]);
    const thumbnail = (group['media:thumbnail']?.[0] as { $?: { url?: string } } | undefined)?.$?.url ?? null;
    const videoId = (item.extra.videoId as string | undefined) ?? null;
    const post = feedItemToPost(
      {
        ...item,
        html: item.html || (description ? `<p>${escapeHtml(description).replace(/\n/g, '<br>')}</p>` : ''),
      },
      fetched.url,
      {
        video_id: videoId,
        video_title: item.title,
        channel_id: (item.extra.channelId as string) ?? channelId ?? null,
        thumbnail,
      },
    );
    return post;
  });
  return {
    notModified: false,
    posts: uniqueByUrl(posts),
    etag: fetched.etag,
    lastModified: fetched.lastModified,
  };
};

async function viaApi(
  context: PlatformContext,
  channelId: string,
  maxResults: number,
): Promise<CrawledPost[]> {
  // The API client loads only when a YouTube API key is set and a channel is crawled through it.
  const { youtube } = await import('@googleapis/youtube');
  const client = youtube({
    version: 'v3',
    auth: context.settings.youtubeApiKey,
    ...(context.settings.youtubeApiRoot ? { rootUrl: context.settings.youtubeApiRoot } : {}),
  });
  let items: youtube_v3.Schema$SearchResult[];
  try {
    const response = await client.search.list(
      { part: ['snippet'], channelId, order: 'date', type: ['video'], maxResults },
      { timeout: context.settings.timeoutMs, retry: false },
    );
    items = response.data.items ?? [];
  } catch (error) {
    const status =
      (error as { status?: number; response?: { status?: number } }).response?.status ??
      (error as { status?: number }).status;
    if (status === 429 || status === 403)
      throw new CrawlError('rate_limited', `YouTube API ${status}`, { cause: error });
    if (status && status >= 500) throw new CrawlError('http_5xx', `YouTube API ${status}`, { cause: error });
    if (status && status >= 400) throw new CrawlError('http_4xx', `YouTube API ${status}`, { cause: error });
    throw new CrawlError('network', `YouTube API: ${(error as Error).message}`, { cause: error });
  }
  const posts: CrawledPost[] = [];
  for (const item of items) {
    const videoId = item.id?.videoId;
    const snippet = item.snippet;
    if (!videoId || !snippet) continue;
    const url = canonicalUrl(`https://www.youtube.com/watch?v=${videoId}`)!;
    const description = snippet.description ?? '';
    posts.push({
      url,
      title: snippet.title ?? url,
      content: `<p>${escapeHtml(description).replace(/\n/g, '<br>')}</p>`,
      author: snippet.channelTitle ?? null,
      publishedAt: snippet.publishedAt ? new Date(snippet.publishedAt) : null,
      metadata: {
        video_id: videoId,
        video_title: snippet.title ?? '',
        channel_id: snippet.channelId ?? channelId,
        thumbnail: snippet.thumbnails?.high?.url ?? snippet.thumbnails?.default?.url ?? null,
        via: 'youtube-data-api',
      },
    });
  }
  return posts;
}

function channelIdFromUrl(url: string): string | undefined {
  return /channel_id=([\w-]+)/.exec(url)?.[1] ?? /\/channel\/([\w-]+)/.exec(url)?.[1];
}

/** A feed URL as given, else the public channel feed. */
function feedUrlOf(sourceUrl: string, channelId: string | undefined): string {
  const isChannelPage = /^https?:\/\/(www\.)?youtube\.com\/(channel|c|@)/i.test(sourceUrl);
  if (!isChannelPage && /^https?:\/\//i.test(sourceUrl)) return sourceUrl;
  if (!channelId) throw new CrawlError('config', 'YouTube datasource needs config.channel_id or a feed URL');
  return `https://www.youtube.com/feeds/videos.xml?channel_id=${encodeURIComponent(channelId)}`;
}

function textOf(value: unknown): string {
  if (typeof value === 'string') return value;
  if (value && typeof value === 'object' && '_' in value) return String((value as { _: unknown })._);
  return '';
}
