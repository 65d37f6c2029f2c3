import {
  AppError,
  DEFAULT_DIGEST_TIME_ZONE,
  FEED_FORMATS,
  FEED_ITEM_LIMIT,
  type FeedFormat,
  type FeedItem,
  type FeedLink,
  type FeedTokenCreated,
  type FeedTokenStatus,
  SITE_FEED_TITLES,
  SITE_FEEDS,
  type SiteFeed,
  type UiLanguage,
} from '@app/contracts';
import { sourceDisplayName, toDataLanguage, webPagePath } from '@app/rules';
import { createHash } from 'node:crypto';
import { renderFeed, type FeedMeta } from '../../lib/feed-render.ts';
import { sanitizeBlogFeedHtml, summaryHtml } from '../../lib/summary-html.ts';
import { createOpaqueToken, hashToken } from '../../lib/opaque-token.ts';
import { webUrls } from '../../lib/web-urls.ts';
import { freeWindow } from '../../lib/zoned-dates.ts';
import type { FeedStoryRow } from './feeds.repository.ts';
import type { ServiceContext } from '../context.ts';

/** A rendered feed and the validators a conditional GET compares. */
export type RenderedFeed = {
  etag: string;
  lastModified: Date;
  render(): { contentType: string; body: string };
};

const STRINGS = {
  en: {
    author: 'Daily Curated',
    sources: 'Sources',
    favorites: 'My favourites',
    favoritesDescription: 'Summaries I starred, and those of the sources I follow',
    summariesDescription: 'Daily AI summaries of the blogs, videos, podcasts and posts of every topic',
    blogDescription: 'Articles from the Daily Curated team',
  },
  zh: {
    author: '每日精选',
    sources: '来源',
    favorites: '我的收藏',
    favoritesDescription: '我收藏的摘要，以及我关注的来源的摘要',
    summariesDescription: '每个主题的博客、视频、播客和帖子的每日 AI 摘要',
    blogDescription: '每日精选团队的文章',
  },
} as const;

const stringOf = (value: unknown) => (typeof value === 'string' && value.trim() ? value.trim() : null);

/**
 * One item per story: the first report's title and text, and a link to every report's sources, each
 * named as readers of the feed's language see it.
 */
export function toFeedItem(row: FeedStoryRow, language: UiLanguage): FeedItem {
  const meta = (row.metadata ?? {}) as Record<string, unknown>;
  const title =
    stringOf(row.headline) ??
    stringOf(row.post_title) ??
    stringOf(meta.post_title) ??
    stringOf(meta.title) ??
    '—';
  const links: FeedLink[] = [];
  const seen = new Set<string>();
  let updated = row.created_at;
  for (const member of row.members) {
    const memberMeta = (member.metadata ?? {}) as Record<string, unknown>;
    const storedName = member.source_name ?? stringOf(memberMeta.source_name);
    const sourceName = storedName ? sourceDisplayName(storedName, language) : '';
    const linkTitle =
      stringOf(member.post_title) ?? stringOf(memberMeta.post_title) ?? stringOf(member.headline) ?? title;
    for (const url of webUrls([...member.source_urls, ...(member.post_url ? [member.post_url] : [])])) {
      if (seen.has(url)) continue;
      seen.add(url);
      links.push({ title: linkTitle, url, source_name: sourceName || new URL(url).hostname });
    }
    const memberUpdated = new Date(member.updated_at);
    if (memberUpdated > updated) updated = memberUpdated;
  }
  return {
    id: row.id,
    title,
    content_html: summaryHtml(row.content),
    links,
    published: row.created_at,
    updated,
  };
}

/** `{name}.{format}`, or null when the extension is not a feed format. */
export function splitFeedFile(file: string): { name: string; format: FeedFormat } | null {
  const dot = file.lastIndexOf('.');
  const format = file.slice(dot + 1) as FeedFormat;
  if (dot <= 0 || !FEED_FORMATS.includes(format)) return null;
  return { name: file.slice(0, dot), format };
}

function validators(format: FeedFormat, language: UiLanguage, head: string, items: FeedItem[], floor: Date) {
  const hash = createHash('sha256').update(`${format}\n${language}\n${head}`);
  let lastModified = floor;
  for (const item of items) {
    // The links too: a report the clustering job attaches later changes no updated_at.
    hash.update(`\n${item.id}:${item.updated.getTime()}:${item.links.map((link) => link.url).join(' ')}`);
    if (item.updated > lastModified) lastModified = item.updated;
  }
  // HTTP dates have whole seconds: round down so If-Modified-Since compares equal.
  return {
    etag: `"${hash.digest('base64url').slice(0, 27)}"`,
    lastModified: new Date(Math.floor(lastModified.getTime() / 1000) * 1000),
  };
}

const laterOf = (a: Date, b: Date | null) => (b && b > a ? b : a);
const startOfUtcDay = (date: Date) => new Date(Math.floor(date.getTime() / 86_400_000) * 86_400_000);

/** The repositories this service is given (its module's index.ts hands it these only). */
export const FEEDS_REPOS = ['feeds'] as const;

export type FeedsService = ReturnType<typeof createFeedsService>;

export function createFeedsService(ctx: ServiceContext<(typeof FEEDS_REPOS)[number]>) {
  const { feeds } = ctx.repos;
  const base = () => ctx.config.PUBLIC_URL;
  const selfUrls = (path: string, language: UiLanguage) =>
    Object.fromEntries(FEED_FORMATS.map((f) => [f, `${base()}${path}.${f}?lang=${language}`])) as Record<
      FeedFormat,
      string
    >;

  function rendered(
    format: FeedFormat,
    meta: Omit<FeedMeta, 'updated'>,
    items: FeedItem[],
    floor: Date,
  ): RenderedFeed {
    const { etag, lastModified } = validators(
      format,
      meta.language,
      `${meta.title}\n${meta.description}`,
      items,
      floor,
    );
    return {
      etag,
      lastModified,
      render: () => renderFeed(format, { ...meta, updated: lastModified }, items),
    };
  }

  /**
   * The items of a topic feed, one per story, newest first. Public feeds show what a visitor may read on the site (the
   * free plan's two days); the private favourites feed is built from the same item shape.
   */
  async function feedItems(
    topic: { id: string },
    language: UiLanguage,
    limit = FEED_ITEM_LIMIT,
  ): Promise<FeedItem[]> {
    const { from } = freeWindow(ctx.clock(), DEFAULT_DIGEST_TIME_ZONE);
    const rows = await feeds.topicStories(topic.id, toDataLanguage(language), from, limit);
    return rows.map((row) => toFeedItem(row, language));
  }

  return {
    feedItems,

    async topicFeed(file: string, language: UiLanguage): Promise<RenderedFeed> {
      const parts = splitFeedFile(file);
      if (!parts) throw new AppError('BAD_REQUEST', 'Unknown feed format: use .rss, .atom or .json');
      const topic = await feeds.findActiveTopicBySlug(parts.name);
      if (!topic) throw new AppError('NOT_FOUND', 'Topic not found');
      const items = await feedItems(topic, language);
      const zh = language === 'zh';
      const path = `/feeds/topics/${topic.slug}`;
      return rendered(
        parts.format,
        {
          id: `${base()}${path}?lang=${language}`,
          title: (zh ? topic.nameZh : null) ?? topic.name,
          description: (zh ? topic.descriptionZh : null) ?? topic.description,
          homeUrl: `${base()}${zh ? '/zh' : ''}/topics/${encodeURIComponent(topic.slug)}`,
          selfUrls: selfUrls(path, language),
          language,
          author: STRINGS[language].author,
          sourcesLabel: STRINGS[language].sources,
        },
        items,
        topic.updatedAt,
      );
    },

    /**
     * A feed of the site's own (`summaries.{format}`: every active topic's stories in a visitor's
     * window; `blog.{format}`: the published posts), or null when the name is not one of them.
     */
    async siteFeed(file: string, language: UiLanguage): Promise<RenderedFeed | null> {
      const parts = splitFeedFile(file);
      const name = parts?.name as SiteFeed | undefined;
      if (!parts || !name || !SITE_FEEDS.includes(name)) return null;
      const strings = STRINGS[language];
      const now = ctx.clock();
      const path = `/feeds/${name}`;
      const meta = {
        id: `${base()}${path}?lang=${language}`,
        selfUrls: selfUrls(path, language),
        language,
        author: strings.author,
        sourcesLabel: strings.sources,
      };
      if (name === 'blog') {
        const posts = await feeds.publishedPosts(toDataLanguage(language), now, FEED_ITEM_LIMIT);
        const items: FeedItem[] = posts.map((post) => ({
          id: post.id,
          title: post.title,
          content_html: sanitizeBlogFeedHtml(post.content),
          links: [],
          published: post.publishedAt ?? post.updatedAt,
          // A post scheduled earlier is new to readers when it goes out: the later of the two.
          updated: laterOf(post.updatedAt, post.publishedAt),
          url: `${base()}${webPagePath(`/blog/${encodeURIComponent(post.slug)}`, language)}`,
          author: post.authorName,
          excerpt: post.excerpt,
        }));
        return rendered(
          parts.format,
          {
            ...meta,
            title: SITE_FEED_TITLES.blog[language],
            description: strings.blogDescription,
            homeUrl: `${base()}${webPagePath('/blog', language)}`,
          },
          items,
          // Dated by its posts' latest change, so it holds from one day to the next; an empty blog by
          // the start of its day, never 1970.
          items.at(-1)?.published ?? startOfUtcDay(now),
        );
      }
      const { from } = freeWindow(now, DEFAULT_DIGEST_TIME_ZONE);
      const rows = await feeds.siteStories(toDataLanguage(language), from, FEED_ITEM_LIMIT);
      return rendered(
        parts.format,
        {
          ...meta,
          title: SITE_FEED_TITLES.summaries[language],
          description: strings.summariesDescription,
          homeUrl: `${base()}${webPagePath('/content-summary', language)}`,
        },
        rows.map((row) => toFeedItem(row, language)),
        from,
      );
    },

    /** The private favourites feed; an unknown (or revoked) token, or an owner no longer on Pro, is a 404. */
    async favoritesFeed(file: string, language: UiLanguage): Promise<RenderedFeed> {
      const parts = splitFeedFile(file);
      if (!parts) throw new AppError('BAD_REQUEST', 'Unknown feed format: use .rss, .atom or .json');
      const owner = await feeds.ownerOfToken(hashToken(parts.name), 'favorites');
      const profile = owner?.user.profile;
      if (!owner || !profile || (profile.role !== 'admin' && profile.subscriptionType !== 'pro')) {
        throw new AppError('NOT_FOUND', 'Feed not found');
      }
      const rows = await feeds.favoriteStories(owner.userId, toDataLanguage(language), FEED_ITEM_LIMIT);
      const strings = STRINGS[language];
      return rendered(
        parts.format,
        {
          id: `urn:feed:favorites:${hashToken(`id:${parts.name}`).slice(0, 32)}`,
          title: strings.favorites,
          description: strings.favoritesDescription,
          homeUrl: `${base()}${language === 'zh' ? '/zh' : ''}/content-summary`,
          selfUrls: selfUrls(`/feeds/favorites/${parts.name}`, language),
          language,
          author: strings.author,
          sourcesLabel: strings.sources,
        },
        rows.map((row) => toFeedItem(row, language)),
        // Never 1970: with nothing starred yet, the feed is dated by its token's creation.
        owner.createdAt,
      );
    },

    async tokenStatus(userId: string): Promise<FeedTokenStatus> {
      const row = await feeds.tokenOf(userId, 'favorites');
      return { active: !!row, created_at: row?.createdAt.toISOString() ?? null };
    },

    /** A new secret for the user's private feed; the previous URL stops answering at once. */
    async regenerateToken(userId: string): Promise<FeedTokenCreated> {
      const token = createOpaqueToken();
      const row = await feeds.replaceToken(userId, 'favorites', hashToken(token));
      const path = `${base()}/feeds/favorites/${token}`;
      return {
        active: true,
        created_at: row.createdAt.toISOString(),
        urls: { rss: `${path}.rss`, atom: `${path}.atom`, json: `${path}.json` },
      };
    },

    revokeToken: (userId: string) => feeds.deleteToken(userId, 'favorites'),
  };
}
