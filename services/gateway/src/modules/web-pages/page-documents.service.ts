import {
  BlogListQuerySchema,
  DEFAULT_TIME_ZONE,
  type SummaryDto,
  SummaryListQuerySchema,
  type TopicDto,
  type UiLanguage,
  type WebPageMatch,
} from '@app/contracts';
import { isTopicLandingSlug, localName } from '@app/rules';
import { createAnswerCache } from '../../lib/answer-cache.ts';
import type { BodyItem, PageBody } from '../../lib/page-body.ts';
import { pricingItems } from '../../lib/pricing-view.ts';
import type { PageHead } from '../../lib/page-document.ts';
import { type PageData, pageStrings, siteStrings, topicDescription, topicName } from '../../lib/page-head.ts';
import { storyBody } from '../../lib/story-page.ts';
import type { createBlogService } from '../blog/blog.service.ts';
import type { Caller } from '../../lib/caller.ts';
import type { createContentService } from '../summaries/content.service.ts';
import type { ServiceContext } from '../context.ts';
import type { createWebPagesService, PageStatus } from './web-pages.service.ts';

/** Reads no repository of its own: it puts together what the other services answer. */
export const PAGE_DOCUMENTS_REPOS = [] as const;

type Services = {
  webPages: ReturnType<typeof createWebPagesService>;
  content: ReturnType<typeof createContentService>;
  blog: ReturnType<typeof createBlogService>;
};

/** The reading view's lists: what a first screen shows. */
export const PAGE_BODY_ITEMS = 20;
/** A reading view is this fresh at most (the app that replaces it reads the API). */
const BODY_TTL_MS = 60_000;
const VISITOR: Caller = { userId: null, isPro: false };

const EMPTY: Record<UiLanguage, string> = {
  en: 'Nothing here yet today.',
  zh: '今天这里还没有内容。',
};
const NOT_FOUND_LEAD: Record<UiLanguage, string> = {
  en: 'The page you are looking for does not exist or has moved.',
  zh: '您要找的页面不存在或已移动。',
};

const topicPath = (topic: TopicDto) => `/topics/${isTopicLandingSlug(topic.slug) ? topic.slug : topic.id}`;

function summaryItems(summaries: readonly SummaryDto[], language: UiLanguage): BodyItem[] {
  return summaries.slice(0, PAGE_BODY_ITEMS).map((summary) => ({
    title: summary.headline,
    href: `/content-summary?summary=${encodeURIComponent(summary.id)}`,
    text: summary.excerpt,
    meta: [summary.datasource?.source_name, summary.topic ? localName(summary.topic, language) : null].filter(
      (value): value is string => Boolean(value),
    ),
    date: summary.created_at,
  }));
}

export type PageDocumentsService = ReturnType<typeof createPageDocumentsService>;

/**
 * A page's whole document as the gateway serves it: its status and head (web-pages.service.ts) and the
 * reading view written into `#root` (lib/page-body.ts) for the public pages: the titles and text a
 * visitor's first screen shows, as the API answers a visitor. Views are kept BODY_TTL_MS; one that
 * cannot be built is left out (logged), never a failed page.
 */
export function createPageDocumentsService(
  ctx: ServiceContext<(typeof PAGE_DOCUMENTS_REPOS)[number]>,
  services: Services,
) {
  const bodies = createAnswerCache<{ body: PageBody | null }>({ ttlMs: BODY_TTL_MS, maxEntries: 500 });

  /** A visitor's first page; `group: 'story'` as the summaries page asks for it (one card per story). */
  async function summaries(language: UiLanguage, options: { topic?: string; group?: 'story' } = {}) {
    const query = SummaryListQuerySchema.parse({ language, ...options, page_size: PAGE_BODY_ITEMS });
    return (await services.content.listSummaries(VISITOR, query)).data;
  }

  /** `data` is the row the page's status was decided on (web-pages.service.ts): not read again. */
  async function build(match: WebPageMatch, status: PageStatus, data: PageData): Promise<PageBody | null> {
    const { name, params, language } = match;
    const site = siteStrings(language);
    if (status === 404 || status === 410)
      return { language, title: site.notFound, lead: NOT_FOUND_LEAD[language] };
    const strings = pageStrings(name, language);
    const empty = EMPTY[language];
    switch (name) {
      case 'home': {
        const topics = data.kind === 'home' ? data.topics : [];
        return {
          language,
          hero: true,
          title: site.name,
          lead: site.description,
          items: topics.map((topic) => ({
            title: topicName(topic, language),
            href: topicPath(topic),
            text: topicDescription(topic, language),
          })),
        };
      }
      case 'contentSummary':
        return {
          language,
          title: strings!.title,
          lead: strings!.description,
          items: summaryItems(await summaries(language, { group: 'story' }), language),
          empty,
        };
      case 'topic': {
        if (data.kind !== 'topic') return null;
        const { topic } = data;
        return {
          language,
          title: topicName(topic, language),
          lead: topicDescription(topic, language),
          items: summaryItems(await summaries(language, { topic: topic.id }), language),
          empty,
        };
      }
      case 'story':
        return data.kind === 'story' ? storyBody(data, language) : null;
      case 'blog': {
        const page = await services.blog.list(BlogListQuerySchema.parse({ language }));
        return {
          language,
          title: strings!.title,
          lead: strings!.description,
          items: page.data.map((post) => ({
            title: post.title,
            href: `/blog/${encodeURIComponent(post.slug)}`,
            text: post.excerpt,
            meta: [post.author_name],
            date: post.published_at,
          })),
          empty,
        };
      }
      case 'blogPost': {
        const { post } = await services.blog.get(params.slug ?? '', language);
        return {
          language,
          title: post.title,
          byline: [post.author_name, post.published_at?.slice(0, 10)].filter((v): v is string => Boolean(v)),
          articleHtml: post.content,
        };
      }
      case 'youtubeSource': {
        const sourceName = params.sourceName ?? '';
        const answer = await services.content.youtubeSummaries(
          VISITOR,
          sourceName,
          language,
          DEFAULT_TIME_ZONE,
        );
        return { language, title: sourceName, items: summaryItems(answer.data, language), empty };
      }
      case 'otherYoutubeSources': {
        const channels = await services.content.youtubeSources(language);
        return {
          language,
          title: strings!.title,
          lead: strings!.description,
          items: channels.map((channel) => ({
            title: channel.source_name,
            href: `/youtube/${encodeURIComponent(channel.source_name)}`,
            meta: [localName(channel.topic, language)],
          })),
          empty,
        };
      }
      case 'pricing':
        return { language, title: strings!.title, lead: strings!.description, items: pricingItems(language) };
      case 'dailyPodcast':
        return { language, title: strings!.title, lead: strings!.description };
      default:
        // The account, admin and token-link screens: the app draws them.
        return null;
    }
  }

  return {
    async documentOf(
      match: WebPageMatch | null,
      language: UiLanguage,
    ): Promise<{ status: PageStatus; head: PageHead; body: PageBody | null }> {
      const { status, head, data } = await services.webPages.documentOf(match, language);
      if (status !== 200 && status !== 404 && status !== 410) return { status, head, body: null };
      const page = match ?? { name: 'home' as const, params: {}, language };
      const key = JSON.stringify([status, page.name, page.language, page.params]);
      try {
        const { body } = await bodies.get(key, async () => ({ body: await build(page, status, data) }));
        return { status, head, body };
      } catch (error) {
        ctx.logger.error({ err: error, page: page.name }, 'reading view failed; the page goes without it');
        return { status, head, body: null };
      }
    },
  };
}
