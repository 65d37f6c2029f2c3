import {
  AppError,
  DEFAULT_TIME_ZONE,
  type TopicDto,
  type UiLanguage,
  UuidSchema,
  WEB_PAGES,
  type WebPageMatch,
  type WebPageName,
} from '@app/contracts';
import { isTopicLandingSlug, toDataLanguage } from '@app/rules';
import { createAnswerCache } from '../../lib/answer-cache.ts';
import type { PageHead } from '../../lib/page-document.ts';
import { type PageData, pageHead } from '../../lib/page-head.ts';
import {
  newest,
  SITEMAP_PAGE_SIZE,
  type SitemapEntry,
  type SitemapFile,
  sitemapPage,
  sitemapPageCount,
} from '../../lib/sitemap.ts';
import type { Caller } from '../../lib/caller.ts';
import type { createContentService } from '../summaries/content.service.ts';
import type { ServiceContext } from '../context.ts';
import type { createStoriesService } from '../stories/stories.service.ts';
import { toTopicDto } from '../topics/topic.mapper.ts';

/** What a page's document is served with: the page, a page whose row does not exist, or one taken down. */
export type PageStatus = 200 | 404 | 410;

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
const LANGUAGES: readonly UiLanguage[] = ['en', 'zh'];

const HOME_TOPICS_TTL_MS = 60_000;
// Crawlers read the sitemap now and then; each build reads every public row, so one is kept this long.
const SITEMAP_TTL_MS = 10 * 60_000;

/** The indexed pages without a parameter, in the table's order (home first). */
const FIXED_PAGES = (Object.entries(WEB_PAGES) as [WebPageName, (typeof WEB_PAGES)[WebPageName]][])
  .filter(([, page]) => page.index && !page.path.includes('$'))
  .map(([name]) => name);

const segment = (value: string) => encodeURIComponent(value);

export type WebPagesServiceOptions = {
  /** URLs per sitemap file; tests lower it to see a language's second file. */
  sitemapPageSize?: number;
};

/** The repositories this service is given (its module's index.ts hands it these only). */
export const WEB_PAGES_REPOS = ['topics', 'webPages'] as const;

/** A story page shows what the API shows a visitor: these read it. */
type Services = {
  stories: ReturnType<typeof createStoriesService>;
  content: ReturnType<typeof createContentService>;
};
const VISITOR: Caller = { userId: null, isPro: false };

export type WebPagesService = ReturnType<typeof createWebPagesService>;

/**
 * The web pages as the gateway serves them: the HTTP status of a page's document (a blog post, topic,
 * channel or story that does not exist is a 404, a blog post taken down a 410), and the sitemap.
 */
export function createWebPagesService(
  ctx: ServiceContext<(typeof WEB_PAGES_REPOS)[number]>,
  services: Services,
  options: WebPagesServiceOptions = {},
) {
  const repo = ctx.repos.webPages;
  const pageSize = options.sitemapPageSize ?? SITEMAP_PAGE_SIZE;
  const sitemaps = createAnswerCache<Record<UiLanguage, SitemapEntry[]>>({
    ttlMs: SITEMAP_TTL_MS,
    maxEntries: 1,
  });

  type Resolved = { status: PageStatus; data: PageData };
  const NONE: PageData = { kind: 'none' };

  /** A post is written per language: the other language's page exists when that post is public too. */
  async function resolveBlogPost(slug: string, language: UiLanguage): Promise<Resolved> {
    const now = ctx.clock();
    const state = await repo.blogPostState(slug, toDataLanguage(language), now);
    if (state !== 'public') return { status: state === 'removed' ? 410 : 404, data: NONE };
    const other: UiLanguage = language === 'en' ? 'zh' : 'en';
    const [post, otherState] = await Promise.all([
      repo.publicBlogPostHead(slug, toDataLanguage(language), now),
      repo.blogPostState(slug, toDataLanguage(other), now),
    ]);
    if (!post) return { status: 404, data: NONE };
    const languages = LANGUAGES.filter((l) => l === language || (l === other && otherState === 'public'));
    return { status: 200, data: { kind: 'blogPost', post, languages } };
  }

  /** A landing slug or any topic's id, of an active topic: what the topic page shows. */
  async function resolveTopic(id: string): Promise<Resolved> {
    if (!isTopicLandingSlug(id) && !UUID.test(id)) return { status: 404, data: NONE };
    const topic = await ctx.repos.topics.findByIdOrSlug(id);
    return topic?.isActive
      ? { status: 200, data: { kind: 'topic', topic: toTopicDto(topic) } }
      : { status: 404, data: NONE };
  }

  /** The English channel grid lists the English channels only; the Chinese one lists them all. */
  async function resolveYoutube(sourceName: string | undefined, language: UiLanguage): Promise<Resolved> {
    if (!sourceName) return { status: 404, data: NONE };
    const english = await repo.hasYoutubeChannel(sourceName, 'EN');
    const found = english || (language === 'zh' && (await repo.hasYoutubeChannel(sourceName)));
    if (!found) return { status: 404, data: NONE };
    const languages: UiLanguage[] = english ? ['en', 'zh'] : ['zh'];
    return { status: 200, data: { kind: 'youtubeSource', name: sourceName, languages } };
  }

  /**
   * A story as a visitor reads it (GET /api/stories/:id) with its lead report, the first they may see.
   * A story whose reports are all older than a visitor's two days was public and no longer is: 410.
   */
  async function resolveStory(id: string): Promise<Resolved> {
    if (!UuidSchema.safeParse(id).success) return { status: 404, data: NONE };
    try {
      const story = await services.stories.read(VISITOR, id, DEFAULT_TIME_ZONE);
      const first = story.summaries[0];
      const lead = first && (await services.content.getSummary(VISITOR, first.id, DEFAULT_TIME_ZONE));
      return { status: 200, data: { kind: 'story', story, lead: lead || null } };
    } catch (error) {
      if (error instanceof AppError && error.code === 'NOT_FOUND') return { status: 404, data: NONE };
      if (error instanceof AppError && error.code === 'PRO_REQUIRED') return { status: 410, data: NONE };
      throw error;
    }
  }

  async function resolve(match: WebPageMatch): Promise<Resolved> {
    const { name, params, language } = match;
    if (name === 'blogPost') return resolveBlogPost(params.slug ?? '', language);
    if (name === 'topic') return resolveTopic(params.id ?? '');
    if (name === 'story') return resolveStory(params.id ?? '');
    if (name === 'youtubeSource') return resolveYoutube(params.sourceName, language);
    if (name === 'home') return { status: 200, data: { kind: 'home', topics: await homeTopics() } };
    return { status: 200, data: NONE };
  }

  // The home page's head lists each active topic's feed; topics change seldom.
  const topicLists = createAnswerCache<TopicDto[]>({
    ttlMs: HOME_TOPICS_TTL_MS,
    maxEntries: 1,
  });
  const homeTopics = () =>
    topicLists.get('active', async () => (await ctx.repos.topics.listActive()).map(toTopicDto));

  async function buildSitemaps(): Promise<Record<UiLanguage, SitemapEntry[]>> {
    const now = ctx.clock();
    const [posts, topics, channels, newestEn, newestZh] = await Promise.all([
      repo.publishedBlogPosts(now),
      repo.activeTopics(),
      repo.youtubeChannels(),
      repo.newestSummaryAt('EN'),
      repo.newestSummaryAt('ZH'),
    ]);
    const newestSummary = { en: newestEn, zh: newestZh };
    const newestPost = (language: UiLanguage) =>
      newest(...posts.filter((post) => post.language === toDataLanguage(language)).map((p) => p.updatedAt));
    const fixedLastmod = (name: WebPageName, language: UiLanguage) => {
      if (name === 'home' || name === 'contentSummary') return newestSummary[language];
      if (name === 'blog') return newestPost(language);
      return null;
    };

    const result = { en: [] as SitemapEntry[], zh: [] as SitemapEntry[] };
    for (const language of LANGUAGES) {
      for (const name of FIXED_PAGES) {
        result[language].push({
          path: WEB_PAGES[name].path,
          lastmod: fixedLastmod(name, language),
          languages: LANGUAGES,
        });
      }
    }
    // A post is written per language: the same slug in both is one post in two languages.
    const postLanguages = new Map<string, UiLanguage[]>();
    for (const post of posts) {
      const languages = postLanguages.get(post.slug) ?? [];
      languages.push(post.language === 'ZH' ? 'zh' : 'en');
      postLanguages.set(post.slug, languages);
    }
    for (const post of posts) {
      const language: UiLanguage = post.language === 'ZH' ? 'zh' : 'en';
      const languages = LANGUAGES.filter((l) => postLanguages.get(post.slug)?.includes(l));
      result[language].push({ path: `/blog/${segment(post.slug)}`, lastmod: post.updatedAt, languages });
    }
    for (const topic of topics) {
      const lastmod = newest(topic.updatedAt, topic.newestSummaryAt);
      const paths = [`/topics/${topic.id}`];
      if (isTopicLandingSlug(topic.slug)) paths.unshift(`/topics/${topic.slug}`);
      for (const language of LANGUAGES)
        for (const path of paths) result[language].push({ path, lastmod, languages: LANGUAGES });
    }
    // One page per channel name (a name may have several sources): English when one of them is.
    const byName = new Map<string, { english: boolean; lastmod: Date | null }>();
    for (const channel of channels) {
      const known = byName.get(channel.sourceName);
      byName.set(channel.sourceName, {
        english: (known?.english ?? false) || channel.language === 'EN',
        lastmod: newest(known?.lastmod, channel.lastCrawledAt, channel.updatedAt),
      });
    }
    for (const [name, channel] of byName) {
      const languages: UiLanguage[] = channel.english ? ['en', 'zh'] : ['zh'];
      for (const language of languages)
        result[language].push({ path: `/youtube/${segment(name)}`, lastmod: channel.lastmod, languages });
    }
    return result;
  }

  const sitemapEntries = () => sitemaps.get('all', buildSitemaps);

  return {
    async statusOf(match: WebPageMatch): Promise<PageStatus> {
      return (await resolve(match)).status;
    },

    /**
     * The page's status, the row it shows (the topic, the post's head, the home page's topics) and the
     * head its document is served with (lib/page-head.ts): a page of the shared table, or a path none
     * matches (null: 404).
     */
    async documentOf(
      match: WebPageMatch | null,
      language: UiLanguage,
    ): Promise<{ status: PageStatus; head: PageHead; data: PageData }> {
      const { status, data } = match ? await resolve(match) : { status: 404 as const, data: NONE };
      const page = match ?? { name: 'home' as const, params: {}, language };
      return {
        status,
        data,
        head: pageHead({ match: page, status, publicUrl: ctx.config.PUBLIC_URL, data }),
      };
    },

    /** Every language's sitemap files, each with the newest lastmod of its pages. */
    async sitemapFiles(): Promise<(SitemapFile & { lastmod: Date | null })[]> {
      const entries = await sitemapEntries();
      return LANGUAGES.flatMap((language) => {
        const count = sitemapPageCount(entries[language].length, pageSize);
        return Array.from({ length: count }, (_, index) => {
          const page = sitemapPage(entries[language], index + 1, pageSize) ?? [];
          return { language, page: index + 1, lastmod: newest(...page.map((entry) => entry.lastmod)) };
        });
      });
    },

    /** The pages of one sitemap file, or null when the language has no such file. */
    async sitemapPage(file: SitemapFile): Promise<SitemapEntry[] | null> {
      return sitemapPage((await sitemapEntries())[file.language], file.page, pageSize);
    },
  };
}
