import {
  type AdminBlogPostBody,
  type AdminBlogPostPatch,
  AppError,
  BLOG_MESSAGES,
  type BlogListQuery,
  toDataLanguage,
  type UiLanguage,
} from '@app/contracts';
import { marked } from 'marked';
import sanitizeHtml from 'sanitize-html';
import { decodeBlogCursor, encodeBlogCursor } from '../lib/blog-cursor.ts';
import type { BlogWrite } from '../repositories/blog.repository.ts';
import type { ServiceContext } from './context.ts';

const SANITIZE_OPTIONS: sanitizeHtml.IOptions = {
  allowedTags: [
    ...sanitizeHtml.defaults.allowedTags,
    'img',
    'figure',
    'figcaption',
    'h1',
    'h2',
    'del',
    'ins',
    'sup',
    'sub',
  ],
  allowedAttributes: {
    ...sanitizeHtml.defaults.allowedAttributes,
    img: ['src', 'alt', 'title', 'width', 'height', 'loading'],
    a: ['href', 'name', 'target', 'rel', 'title'],
    code: ['class'],
    '*': ['id'],
  },
  allowedSchemes: ['http', 'https', 'mailto'],
  allowedSchemesByTag: { img: ['http', 'https', 'data'] },
  transformTags: {
    // Links leaving the site open safely.
    a: sanitizeHtml.simpleTransform('a', { rel: 'noopener noreferrer' }),
  },
};

/** Post HTML as the browser may render it: scripts, handlers and unsafe URLs removed. */
export function sanitizePostHtml(html: string): string {
  return sanitizeHtml(html, SANITIZE_OPTIONS);
}

/** Markdown → HTML through marked, then the same sanitiser. */
export function renderPostContent(content: string, format: 'markdown' | 'html'): string {
  const html =
    format === 'markdown' ? (marked.parse(content, { async: false, gfm: true }) as string) : content;
  return sanitizePostHtml(html);
}

/** Minutes at ~200 words (or ~400 CJK characters) a minute, at least 1. */
export function estimateReadingTime(html: string): number {
  const text = sanitizeHtml(html, { allowedTags: [], allowedAttributes: {} });
  const cjk = (text.match(/[\u3400-\u9fff]/g) ?? []).length;
  const words = text
    .replace(/[\u3400-\u9fff]/g, ' ')
    .split(/\s+/)
    .filter(Boolean).length;
  return Math.max(1, Math.round(words / 200 + cjk / 400));
}

/** Sanitised bodies by id and version, so a busy post is not re-sanitised on every read. */
const SANITIZED_CACHE_SIZE = 200;

// The list's stat tiles count every published post of the language: kept briefly per language
// (each gateway process its own copy; this one's writes drop it at once), as counting on every
// page would cost more than the page itself.
const STATS_TTL_MS = 10_000;

export function createBlogService(ctx: ServiceContext) {
  const repo = ctx.repos.blog;
  const sanitized = new Map<string, string>();
  const statsCache = new Map<
    UiLanguage,
    { at: number; value: Promise<{ total: number; categories: string[] }> }
  >();
  function publishedStats(language: UiLanguage, now: Date) {
    const cached = statsCache.get(language);
    const age = cached ? now.getTime() - cached.at : -1;
    if (cached && age >= 0 && age < STATS_TTL_MS) return cached.value;
    const value = repo.publishedStats(language, now);
    statsCache.set(language, { at: now.getTime(), value });
    value.catch(() => statsCache.delete(language));
    return value;
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
    async list(query: BlogListQuery) {
      const now = ctx.clock();
      const after = query.cursor === undefined ? undefined : decodeBlogCursor(query.cursor, query.sort);
      const filter = {
        language: query.language,
        category: query.category,
        sort: query.sort,
        q: query.q,
        after,
      };
      const [page, stats] = await Promise.all([
        repo.listPublished(filter, now),
        publishedStats(query.language, now),
      ]);
      return {
        data: page.data,
        next_cursor: page.next ? encodeBlogCursor(query.sort, page.next) : null,
        stats,
      };
    },

    async get(slug: string, language: UiLanguage) {
      const now = ctx.clock();
      const found = await repo.findPublishedWithRelated(slug, language, now);
      if (!found) throw new AppError('NOT_FOUND', BLOG_MESSAGES.postNotFound);
      const { post, related } = found;
      // Stored HTML is sanitised on write; sanitising again on read protects against rows written elsewhere.
      return { post: { ...post, content: sanitizedBody(post) }, related };
    },

    async view(id: string) {
      const count = await repo.incrementViews(id, ctx.clock());
      if (count === null) throw new AppError('NOT_FOUND', BLOG_MESSAGES.postNotFound);
      return { view_count: count };
    },

    listAll: () => repo.listAll(),

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
      const created = await repo.create(data);
      statsCache.clear();
      return created;
    },

    async update(id: string, patch: AdminBlogPostPatch) {
      const current = await repo.findById(id);
      if (!current) throw new AppError('NOT_FOUND', BLOG_MESSAGES.postNotFound);
      const language = toDataLanguage(patch.language ?? current.language);
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
        if (patch.status === 'published' && !current.published_at) data.publishedAt = ctx.clock();
      }
      const updated = await repo.update(id, data);
      statsCache.clear();
      return updated;
    },
  };
}
