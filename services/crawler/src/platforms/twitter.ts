import escapeHtml from 'escape-html';
import { CrawlError } from '../errors.ts';
import { decodeBody } from '../fetch/charset.ts';
import { canonicalUrl } from '../parse/canonical-url.ts';
import { type CrawledPost, num, type PlatformCrawler, str } from './types.ts';

type Tweet = {
  id: string;
  text: string;
  created_at?: string;
  author_id?: string;
  lang?: string;
  public_metrics?: Record<string, number>;
};
type XUser = { id: string; name?: string; username?: string };
type SearchPage = { data?: Tweet[]; includes?: { users?: XUser[] }; meta?: { next_token?: string } };

/** twitter: keyword search through the X API v2 (recent search); needs X_BEARER_TOKEN. The source URL holds the keyword. */
export const crawlTwitter: PlatformCrawler = async (context) => {
  const { datasource, config, settings, fetcher, now } = context;
  if (!settings.xBearerToken)
    throw new CrawlError('config', 'X_BEARER_TOKEN is not set: keyword search is unavailable');
  const keyword = datasource.sourceUrl.trim();
  if (!keyword) throw new CrawlError('config', 'The twitter datasource has no keyword');
  const maxPosts = num(config.max_posts_per_crawl, 100, 10, 1000);
  const maxPages = num(config.max_pages, 10, 1, 50);
  const days = num(config.time_filter_days, 5, 1, 7);
  const start = new Date(now.getTime() - days * 86_400_000);
  const posts: CrawledPost[] = [];
  let nextToken: string | undefined;
  for (let page = 0; page < maxPages && posts.length < maxPosts; page++) {
    const url = new URL('/2/tweets/search/recent', settings.xApiBase);
    url.searchParams.set('query', `${keyword} -is:retweet`);
    url.searchParams.set('max_results', String(Math.min(100, Math.max(10, maxPosts - posts.length))));
    url.searchParams.set('start_time', start.toISOString());
    url.searchParams.set(
      'tweet.fields',
      str(config.tweet_fields) ?? 'created_at,author_id,public_metrics,lang',
    );
    url.searchParams.set('user.fields', str(config.user_fields) ?? 'name,username');
    url.searchParams.set('expansions', 'author_id');
    if (nextToken) url.searchParams.set('next_token', nextToken);
    const result = await fetcher.fetch(url.toString(), {
      timeoutMs: settings.timeoutMs,
      maxBytes: settings.maxBytes,
      accept: 'application/json',
      headers: { authorization: `Bearer ${settings.xBearerToken}` },
    });
    if (result.notModified) break;
    let body: SearchPage;
    try {
      body = JSON.parse(decodeBody(result.body, result.contentType));
    } catch (error) {
      throw new CrawlError('parse_error', 'X API answer is not JSON', { cause: error });
    }
    const users = new Map((body.includes?.users ?? []).map((u) => [u.id, u]));
    for (const tweet of body.data ?? []) {
      const user = tweet.author_id ? users.get(tweet.author_id) : undefined;
      const handle = user?.username ?? 'i';
      const tweetUrl = canonicalUrl(`https://x.com/${handle}/status/${tweet.id}`)!;
      posts.push({
        url: tweetUrl,
        title: tweet.text.replace(/\s+/g, ' ').slice(0, 120),
        content: `<p>${escapeHtml(tweet.text)}</p>`,
        author: user ? `@${user.username}` : null,
        publishedAt: tweet.created_at ? new Date(tweet.created_at) : null,
        metadata: {
          keyword,
          tweet_id: tweet.id,
          lang: tweet.lang ?? null,
          public_metrics: tweet.public_metrics ?? null,
        },
      });
    }
    nextToken = body.meta?.next_token;
    if (!nextToken) break;
  }
  return { notModified: false, posts: posts.slice(0, maxPosts) };
};
