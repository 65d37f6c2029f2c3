import {
  type AdminBlogPostBody,
  type AdminBlogPostPatch,
  AppError,
  BLOG_MESSAGES,
  type BlogListQuery,
  type BlogPost,
  type BlogPostSummary,
  type UiLanguage,
} from '@app/contracts';
import { toDataLanguage } from '@app/rules';
import { BLOG_POST, createSanitizer, htmlToText } from '@app/sanitize';
import { marked } from 'marked';
import { decodeBlogCursor, encodeBlogCursor } from '../../lib/blog-cursor.ts';
import { type AnswerCacheOptions, createAnswerCache } from '../../lib/answer-cache.ts';
import type { ChangeChannel } from '../../lib/change-channel.ts';
import type { BlogListFilter, BlogWrite } from './blog.repository.ts';
import type { ServiceContext } from '../context.ts';
import { toAdminBlogPostDto, toBlogPostDto, toBlogPostSummaryDto } from './blog.mapper.ts';

const sanitizeBlogPost = createSanitizer(BLOG_POST);

/** Post HTML as the browser may render it: scripts, handlers and unsafe URLs removed. */
export function sanitizePostHtml(html: string): string {
  return sanitizeBlogPost(html);
}

/** Markdown → HTML through marked, then the same sanitiser. */
export function renderPostContent(content: string, format: 'markdown' | 'html'): string {
  const html =
    format === 'markdown' ? (marked.parse(content, { async: false, gfm: true }) as string) : content;
  return sanitizePostHtml(html);
}

/** Minutes at ~200 words (or ~400 CJK characters) a minute, at least 1. */
export function estimateReadingTime(html: string): number {
  const text = htmlToText(html);
  const cjk = (text.match(/[\u3400-\u9fff]/g) ?? []).length;
  const words = text
    .replace(/[\u3400-\u9fff]/g, ' ')
    .split(/\s+/)
    .filter(Boolean).length;
  return Math.max(1, Math.round(words / 200 + cjk / 400));
}

/** Sanitised bodies by id and version, so a busy post is not re-sanitised on every read. */
const SANITIZED_CACHE_SIZE = 200;

/**
 * The public answers (list and search pages, posts by slug) are the same for every visitor (those
 * routes read no session and answer nothing per user), and each costs PostgreSQL round trips, so
 * each gateway process keeps them for this long, keyed by the validated query (see listKey); errors
 * (400, 404) are not kept. Every admin write clears them in this process before
 * its answer and in the others through the change channel. What no write announces may be this old:
 * view counts and the popular order (the view counter clears nothing, or a busy post would keep the
 * cache empty), a scheduled post reaching its published_at, rows edited outside the gateway, and an
 * admin write made while Redis was unreachable (in the other processes).
 */
const ANSWER_TTL_MS = 5_000;
/** List and search pages kept per process (each about 20 summaries, tens of kB). */
const LIST_CACHE_ENTRIES = 500;
/** Posts kept per process (each with its body): the most read ones. */
const POST_CACHE_ENTRIES = 200;

// The list's stat tiles count every published post of the language: kept a little longer, per
// language, as every page, search and cursor of a language shows the same ones and counting on each
// would cost more than the page itself.
const STATS_TTL_MS = 10_000;

export type BlogServiceOptions = {
  /** "A post changed", between the gateway processes. */
  changes: ChangeChannel;
  /** Tests shorten or bound the public answers' cache. */
  cache?: Partial<AnswerCacheOptions>;
};

type BlogListAnswer = {
  data: BlogPostSummary[];
  next_cursor: string | null;
  stats: { total: number; categories: string[] };
};
type BlogPostAnswer = { post: BlogPost; related: BlogPostSummary[] };

/**
 * What decides a page, from the parsed query and the decoded cursor (never the URL's text): queries
 * the schema reads alike share an answer. An empty category or term filters nothing, as without one.
 */
function listKey(filter: BlogListFilter): string {
  const after = filter.after ? [filter.after.t, filter.after.k ?? null, filter.after.i.toLowerCase()] : null;
  return JSON.stringify([filter.language, filter.category || null, filter.sort, filter.q || null, after]);
}

/** The repositories this service is given (its module's index.ts hands it these only). */
export const BLOG_REPOS = ['blog'] as const;

export type BlogService = ReturnType<typeof createBlogService>;

export function createBlogService(
  ctx: ServiceContext<(typeof BLOG_REPOS)[number]>,
  options: BlogServiceOptions,
) {
  const repo = ctx.repos.blog;
  const sanitized = new Map<string, string>();
  const ttlMs = options.cache?.ttlMs ?? ANSWER_TTL_MS;
  const lists = createAnswerCache<BlogListAnswer>({
    ttlMs,
    maxEntries: options.cache?.maxEntries ?? LIST_CACHE_ENTRIES,
  });
  const posts = createAnswerCache<BlogPostAnswer>({
    ttlMs,
    maxEntries: options.cache?.maxEntries ?? POST_CACHE_ENTRIES,
  });
  const stats = createAnswerCache<{ total: number; categories: string[] }>({
    ttlMs: Math.max(ttlMs, STATS_TTL_MS),
    maxEntries: 2,
  });
  const forgetAnswers = () => {
    lists.clear();
    posts.clear();
    stats.clear();
  };
  options.changes.onChange(forgetAnswers);
  /** After a write the public may see: this process at once, the others as soon as Redis tells them. */
  async function changed() {
    forgetAnswers();
    await options.changes.announce();
  }

  function sanitizedBody(post: { id: string; updated_at: string; content: string }) {
    const key = `${post.id}:${post.updated_at}`;
    let html = sanitized.get(key);
    if (html === undefined) {
      html = sanitizePostHtml(post.content);
      if (sanitized.size >= SANITIZED_CACHE_SIZE) sanitized.delete(sanitized.keys().next().value as string);
      sanitized.set(key, html);
    }
    return html;
  }

  async function assertSlugFree(slug: string, language: 'EN' | 'ZH', exceptId?: string) {
    if (await repo.slugTaken(slug, language, exceptId)) {
      throw new AppError('CONFLICT', BLOG_MESSAGES.slugTaken, {
        slug: BLOG_MESSAGES.slugTaken,
      });
    }
  }

  return {
    /** One page (keyset: `cursor` is the previous page's `next_cursor`) and the language's stats. */
    list(query: BlogListQuery): Promise<BlogListAnswer> {
      // A cursor no page gave is refused here, before the cache is looked at.
      const after = query.cursor === undefined ? undefined : decodeBlogCursor(query.cursor, query.sort);
      const filter: BlogListFilter = {
        language: query.language,
        category: query.category,
        sort: query.sort,
        q: query.q,
        after,
      };
      return lists.get(listKey(filter), async () => {
        const now = ctx.clock();
        const [page, languageStats] = await Promise.all([
          repo.listPublished(filter, now),
          stats.get(filter.language, () => repo.publishedStats(filter.language, now)),
        ]);
        return {
          data: page.rows.map(toBlogPostSummaryDto),
          next_cursor: page.next ? encodeBlogCursor(filter.sort, page.next) : null,
          stats: languageStats,
        };
      });
    },

    /** A published post and its related posts; 404 (never cached) when none has the slug. */
    get(slug: string, language: UiLanguage): Promise<BlogPostAnswer> {
      return posts.get(JSON.stringify([language, slug]), async () => {
        const found = await repo.findPublishedWithRelated(slug, language, ctx.clock());
        if (!found) throw new AppError('NOT_FOUND', BLOG_MESSAGES.postNotFound);
        const post = toBlogPostDto(found.post);
        // Stored HTML is sanitised on write; sanitising again on read protects against rows written elsewhere.
        return {
          post: { ...post, content: sanitizedBody(post) },
          related: found.related.map(toBlogPostSummaryDto),
        };
      });
    },

    /** Clears no cached answer: see ANSWER_TTL_MS. */
    async view(id: string) {
      const count = await repo.incrementViews(id, ctx.clock());
      if (count === null) throw new AppError('NOT_FOUND', BLOG_MESSAGES.postNotFound);
      return { view_count: count };
    },

    listAll: async () => (await repo.listAll()).map(toAdminBlogPostDto),

    async create(body: AdminBlogPostBody) {
      const language = toDataLanguage(body.language);
      await assertSlugFree(body.slug, language);
      const content = renderPostContent(body.content, body.content_format);
      const data: BlogWrite = {
        slug: body.slug,
        language,
        category: body.category,
        title: body.title,
        excerpt: body.excerpt,
        content,
        tags: body.tags,
        featured: body.featured,
        featuredImageUrl: body.featured_image_url ?? null,
        featuredImageAlt: body.featured_image_alt ?? null,
        readingTime: body.reading_time ?? estimateReadingTime(content),
        authorName: body.author_name,
        status: body.status,
        publishedAt: body.status === 'published' ? ctx.clock() : null,
        metaTitle: body.meta_title ?? null,
        metaDescription: body.meta_description ?? null,
      };
      try {
        return toAdminBlogPostDto(await repo.create(data));
      } finally {
        await changed();
      }
    },

    async update(id: string, patch: AdminBlogPostPatch) {
      const current = await repo.findById(id);
      if (!current) throw new AppError('NOT_FOUND', BLOG_MESSAGES.postNotFound);
      const language = patch.language ? toDataLanguage(patch.language) : current.language;
      const slug = patch.slug ?? current.slug;
      if (patch.slug !== undefined || patch.language !== undefined) await assertSlugFree(slug, language, id);
      const data: Partial<BlogWrite> = {};
      if (patch.slug !== undefined) data.slug = patch.slug;
      if (patch.language !== undefined) data.language = language;
      if (patch.category !== undefined) data.category = patch.category;
      if (patch.title !== undefined) data.title = patch.title;
      if (patch.excerpt !== undefined) data.excerpt = patch.excerpt;
      if (patch.content !== undefined) {
        data.content = renderPostContent(patch.content, patch.content_format ?? 'markdown');
        if (patch.reading_time === undefined) data.readingTime = estimateReadingTime(data.content);
      }
      if (patch.tags !== undefined) data.tags = patch.tags;
      if (patch.featured !== undefined) data.featured = patch.featured;
      if (patch.featured_image_url !== undefined) data.featuredImageUrl = patch.featured_image_url;
      if (patch.featured_image_alt !== undefined) data.featuredImageAlt = patch.featured_image_alt;
      if (patch.reading_time !== undefined) data.readingTime = patch.reading_time;
      if (patch.author_name !== undefined) data.authorName = patch.author_name;
      if (patch.meta_title !== undefined) data.metaTitle = patch.meta_title;
      if (patch.meta_description !== undefined) data.metaDescription = patch.meta_description;
      if (patch.status !== undefined) {
        data.status = patch.status;
        // First publication stamps the date; later edits keep it.
        if (patch.status === 'published' && !current.publishedAt) data.publishedAt = ctx.clock();
      }
      // Publishing, unpublishing and every edit alike.
      try {
        return toAdminBlogPostDto(await repo.update(id, data));
      } finally {
        await changed();
      }
    },
  };
}
