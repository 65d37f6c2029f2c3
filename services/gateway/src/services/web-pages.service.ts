import {
  isTopicLandingSlug,
  toDataLanguage,
  type UiLanguage,
  WEB_PAGES,
  type WebPageMatch,
  type WebPageName,
} from '@app/contracts';
import { createAnswerCache } from '../lib/answer-cache.ts';
import {
  newest,
  SITEMAP_PAGE_SIZE,
  type SitemapEntry,
  type SitemapFile,
  sitemapPage,
  sitemapPageCount,
} from '../lib/sitemap.ts';
import type { ServiceContext } from './context.ts';

/** What a page's document is served with: the page, a page whose row does not exist, or one taken down. */
export type PageStatus = 200 | 404 | 410;

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
const LANGUAGES: readonly UiLanguage[] = ['en', 'zh'];

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

/** The repositories this service is given (plugins/app/services.plugin.ts hands it these only). */
export const WEB_PAGES_REPOS = ['topics', 'webPages'] as const;

/**
 * The web pages as the gateway serves them: the HTTP status of a page's document (a blog post, topic
 * or channel that does not exist is a 404, a blog post taken down a 410), and the sitemap.
 */
export function createWebPagesService(
  ctx: ServiceContext<(typeof WEB_PAGES_REPOS)[number]>,
  options: WebPagesServiceOptions = {},
) {
  const repo = ctx.repos.webPages;
  const pageSize = options.sitemapPageSize ?? SITEMAP_PAGE_SIZE;
  const sitemaps = createAnswerCache<Record<UiLanguage, SitemapEntry[]>>({
    ttlMs: SITEMAP_TTL_MS,
    maxEntries: 1,
  });

  async function blogPostStatus(slug: string, language: UiLanguage): Promise<PageStatus> {
    const state = await repo.blogPostState(slug, toDataLanguage(language), ctx.clock());
    return state === 'public' ? 200 : state === 'removed' ? 410 : 404;
  }

  /** A landing slug or any topic's id, of an active topic: what the topic page shows. */
  async function topicStatus(id: string): Promise<PageStatus> {
    if (!isTopicLandingSlug(id) && !UUID.test(id)) return 404;
    const topic = await ctx.repos.topics.findByIdOrSlug(id);
    return topic?.is_active ? 200 : 404;
  }

  /** The English channel grid lists the English channels only; the Chinese one lists them all. */
  async function youtubeStatus(sourceName: string | undefined, language: UiLanguage): Promise<PageStatus> {
    if (!sourceName) return 404;
    const found = await repo.hasYoutubeChannel(sourceName, language === 'en' ? 'EN' : undefined);
    return found ? 200 : 404;
  }

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
      const { name, params, language } = match;
      if (name === 'blogPost') return blogPostStatus(params.slug ?? '', language);
      if (name === 'topic') return topicStatus(params.id ?? '');
      if (name === 'youtubeSource') return youtubeStatus(params.sourceName, language);
      return 200;
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
