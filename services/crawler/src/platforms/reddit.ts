import escapeHtml from 'escape-html';
import { decodeHTML } from 'entities';
import { CrawlError } from '../errors.ts';
import { decodeBody } from '../fetch/charset.ts';
import { canonicalUrl } from '../parse/canonical-url.ts';
import { parseFeed } from '../parse/feed-parser.ts';
import { cleanTitle } from '../parse/html.ts';
import { feedItemToPost, uniqueByUrl } from './feed-common.ts';
import { type CrawledPost, num, type PlatformCrawler, str } from './types.ts';

const SORTS = new Set(['hot', 'new', 'top', 'rising', 'controversial']);
const TIME_FILTERS = new Set(['hour', 'day', 'week', 'month', 'year', 'all']);

type RedditChild = { kind?: string; data?: Record<string, unknown> };

/** Reddit: the subreddit's JSON listing (sort, time_filter, limit); its Atom feed is understood too. */
export const crawlReddit: PlatformCrawler = async (context) => {
  const { datasource, config, fetcher, settings } = context;
  const url = listingUrl(datasource.sourceUrl, config, settings.redditBase);
  const result = await fetcher.fetch(url, {
    timeoutMs: settings.timeoutMs,
    maxBytes: settings.maxBytes,
    etag: datasource.etag,
    lastModified: datasource.lastModified,
    accept: 'application/json, application/atom+xml;q=0.9',
  });
  if (result.notModified) return { notModified: true };
  const text = decodeBody(result.body, result.contentType).trim();
  const subreddit = str(config.subreddit) ?? /\/r\/([\w]+)/.exec(datasource.sourceUrl)?.[1] ?? null;
  let posts: CrawledPost[];
  if (text.startsWith('<')) {
    const feed = await parseFeed(text);
    posts = uniqueByUrl(feed.items.map((item) => feedItemToPost(item, result.url, { subreddit })));
  } else {
    posts = parseListing(text, subreddit);
  }
  return { notModified: false, posts, etag: result.etag, lastModified: result.lastModified };
};

function listingUrl(sourceUrl: string, config: Record<string, unknown>, redditBase: string): string {
  const sort = SORTS.has(String(config.sort)) ? String(config.sort) : 'hot';
  const timeFilter = TIME_FILTERS.has(String(config.time_filter)) ? String(config.time_filter) : 'day';
  const limit = num(config.limit, 25, 1, 100);
  const subreddit = str(config.subreddit);
  let url: URL;
  if (
    /^https?:\/\//i.test(sourceUrl) &&
    !/^https?:\/\/(www\.|old\.)?reddit\.com\/r\/[\w]+\/?$/i.test(sourceUrl)
  ) {
    url = new URL(sourceUrl);
  } else {
    const name = subreddit ?? /\/r\/([\w]+)/.exec(sourceUrl)?.[1] ?? sourceUrl.replace(/^r\//, '');
    if (!/^[\w]{2,50}$/.test(name)) throw new CrawlError('config', `Not a subreddit: ${name.slice(0, 60)}`);
    url = new URL(`/r/${name}/${sort}.json`, redditBase);
  }
  url.searchParams.set('limit', String(limit));
  if (sort === 'top' || sort === 'controversial' || url.searchParams.has('t') || config.time_filter) {
    url.searchParams.set('t', timeFilter);
  }
  url.searchParams.set('raw_json', '1');
  return url.toString();
}

function parseListing(text: string, subreddit: string | null): CrawledPost[] {
  let doc: { kind?: string; data?: { children?: RedditChild[] } };
  try {
    doc = JSON.parse(text);
  } catch (error) {
    throw new CrawlError('parse_error', 'Reddit listing is not JSON', { cause: error });
  }
  if (doc?.kind !== 'Listing' || !Array.isArray(doc.data?.children)) {
    throw new CrawlError('parse_error', 'Reddit JSON is not a Listing');
  }
  const posts: CrawledPost[] = [];
  for (const child of doc.data.children) {
    const data = child?.data;
    if (!data || child.kind !== 't3' || data.stickied === true) continue;
    const permalink = typeof data.permalink === 'string' ? data.permalink : null;
    const url = permalink ? canonicalUrl(permalink, 'https://www.reddit.com') : null;
    if (!url) continue;
    const selftextHtml = typeof data.selftext_html === 'string' ? decodeHTML(data.selftext_html) : '';
    const external = typeof data.url === 'string' && data.url !== url ? data.url : null;
    const created = typeof data.created_utc === 'number' ? new Date(data.created_utc * 1000) : null;
    const html =
      selftextHtml ||
      (typeof data.selftext === 'string' && data.selftext ? `<p>${escapeHtml(data.selftext)}</p>` : '') ||
      (external ? `<p><a href="${escapeHtml(external)}">${escapeHtml(external)}</a></p>` : '');
    posts.push({
      url,
      title: cleanTitle(data.title) || url,
      content: html,
      author: typeof data.author === 'string' ? data.author : null,
      publishedAt: created,
      metadata: {
        subreddit: typeof data.subreddit === 'string' ? data.subreddit : subreddit,
        score: typeof data.score === 'number' ? data.score : null,
        num_comments: typeof data.num_comments === 'number' ? data.num_comments : null,
        external_url: external,
        reddit_id: typeof data.name === 'string' ? data.name : null,
      },
    });
  }
  return uniqueByUrl(posts);
}
