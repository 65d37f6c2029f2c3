import type { BlogSort, UiLanguage } from '@app/contracts';
import { BLOG_PAGE_SIZE, BLOG_RELATED_LIMIT } from '@app/contracts';
import {
  type BlogPostStatus,
  blogBigramMatch,
  blogSearchMatch,
  blogSearchPattern,
  createSqlRunner,
  isBigramTerm,
  type Prisma,
  type PrismaClient,
  type SqlStatement,
} from '@app/db';
import { toDataLanguage } from '@app/rules';
import type { BlogCursorKey } from '../../lib/blog-cursor.ts';

/** A post as stored. */
export type BlogPostRow = Prisma.BlogPostGetPayload<object>;

/** The list columns: everything a card shows, never the body. */
const SUMMARY_SELECT = {
  id: true,
  slug: true,
  language: true,
  category: true,
  title: true,
  excerpt: true,
  tags: true,
  featured: true,
  featuredImageUrl: true,
  featuredImageAlt: true,
  readingTime: true,
  viewCount: true,
  authorName: true,
  publishedAt: true,
  updatedAt: true,
} as const satisfies Prisma.BlogPostSelect;
/** A post as a list's card shows it. */
export type BlogPostSummaryRow = Prisma.BlogPostGetPayload<{ select: typeof SUMMARY_SELECT }>;

export type BlogWrite = {
  slug: string;
  language: 'EN' | 'ZH';
  category: string;
  title: string;
  excerpt: string;
  content: string;
  tags: string[];
  featured: boolean;
  featuredImageUrl: string | null;
  featuredImageAlt: string | null;
  readingTime: number;
  authorName: string;
  status: BlogPostStatus;
  publishedAt: Date | null;
  metaTitle: string | null;
  metaDescription: string | null;
};

// The columns of a post as BlogPostSummaryRow/BlogPostRow name them; `content` and the meta fields only on the post itself.
const POST_COLUMNS = `id, slug, language::text AS language, category, title, excerpt, tags, featured,
  featured_image_url AS "featuredImageUrl", featured_image_alt AS "featuredImageAlt",
  reading_time AS "readingTime", view_count AS "viewCount", author_name AS "authorName",
  published_at AS "publishedAt", updated_at AS "updatedAt"`;

/**
 * A published post and its related posts (same language and category, newest first) in one
 * prepared statement: the post is the first row (rank 0). $1 slug, $2 language, $3 now. The limit is
 * written into the text: as a parameter, the planner costs an unknown LIMIT high and keeps re-planning.
 */
const POST_WITH_RELATED_SQL = `
  WITH p AS (
    SELECT ${POST_COLUMNS}, content, meta_title AS "metaTitle", meta_description AS "metaDescription"
    FROM blog_posts
    WHERE slug = $1 AND language = $2::"Language" AND status = 'published'::"BlogPostStatus" AND published_at <= $3
  )
  SELECT 0 AS rank, p.* FROM p
  UNION ALL
  SELECT 1, r.* FROM (
    SELECT ${POST_COLUMNS}, NULL::text AS content, NULL::text AS "metaTitle", NULL::text AS "metaDescription"
    FROM blog_posts b
    WHERE b.language = $2::"Language" AND b.category = (SELECT category FROM p)
      AND b.id <> (SELECT id FROM p) AND b.status = 'published'::"BlogPostStatus" AND b.published_at <= $3
    ORDER BY b.published_at DESC, b.id ASC
    LIMIT ${BLOG_RELATED_LIMIT}
  ) r
  ORDER BY rank, "publishedAt" DESC, id`;

/** A post with its body (the first row of POST_WITH_RELATED_SQL), or a related one (no body). */
export type RankedBlogPostRow = BlogPostSummaryRow & {
  content: string | null;
  metaTitle: string | null;
  metaDescription: string | null;
};

export type BlogListFilter = {
  language: UiLanguage;
  category?: string;
  sort: BlogSort;
  q?: string;
  /** The key of the previous page's last post: this page starts after it. */
  after?: BlogCursorKey;
};

/**
 * Each sort order ends with the id, so every post has its own place and a page starts exactly
 * after the previous page's last post (equal view counts or reading times included). `after`
 * compares with that post's key: t its publication time, k its view count or reading time, i its
 * id. Each order walks one of the (language, status, …) indexes, forwards or backwards.
 */
const SORTS: Record<BlogSort, { order: string; after: (t: string, k: string, i: string) => string }> = {
  newest: {
    order: 'published_at DESC, id DESC',
    after: (t, _k, i) => `(published_at, id) < (${t}, ${i})`,
  },
  oldest: {
    order: 'published_at ASC, id ASC',
    after: (t, _k, i) => `(published_at, id) > (${t}, ${i})`,
  },
  popular: {
    order: 'view_count DESC, published_at DESC, id DESC',
    after: (t, k, i) => `(view_count, published_at, id) < (${k}, ${t}, ${i})`,
  },
  // Mixed directions: no single row comparison; `reading_time >= k` lets the index start there.
  reading_time: {
    order: 'reading_time ASC, published_at DESC, id DESC',
    after: (t, k, i) => `reading_time >= ${k} AND (reading_time > ${k} OR (published_at, id) < (${t}, ${i}))`,
  },
};

function cursorKeyOf(sort: BlogSort, row: BlogPostSummaryRow): BlogCursorKey {
  const t = (row.publishedAt as Date).getTime();
  if (sort === 'popular') return { t, k: row.viewCount, i: row.id };
  if (sort === 'reading_time') return { t, k: row.readingTime, i: row.id };
  return { t, i: row.id };
}

/**
 * The page statement: one text per combination of filters, so each is a prepared statement whose
 * plan PostgreSQL keeps. A search is the exception: how many posts match decides whether walking the
 * sort order or the trigram index is faster, so it is planned with its term every time. One more row
 * than a page tells whether another page follows.
 */
export function blogListStatement(filter: BlogListFilter, now: Date): SqlStatement {
  const values: unknown[] = [toDataLanguage(filter.language), now];
  const param = (value: unknown, type: string) => {
    values.push(value);
    return `$${values.length}::${type}`;
  };
  const conds = [`language = $1::"Language"`, `status = 'published'::"BlogPostStatus"`, `published_at <= $2`];
  if (filter.category) conds.push(`category = ${param(filter.category, 'text')}`);
  if (filter.q) {
    // A two-character term's bigram is the match itself (both are the lower-cased text): adding the
    // ILIKE would have the planner count one condition twice, expect a handful of posts where a common
    // term has hundreds, and read them all to sort them instead of walking the sort order. Only a
    // term holding a line break needs blogSearchMatch's check that it sits within one field.
    const bigram = isBigramTerm(filter.q);
    if (bigram) conds.push(blogBigramMatch(param(filter.q, 'text')));
    if (!bigram || /[\r\n]/.test(filter.q))
      conds.push(blogSearchMatch(param(blogSearchPattern(filter.q), 'text'), filter.q));
  }
  const sort = SORTS[filter.sort];
  const after = filter.after;
  if (after) {
    const k = after.k === undefined ? '' : param(after.k, 'int');
    conds.push(sort.after(param(new Date(after.t), 'timestamptz'), k, param(after.i, 'uuid')));
  }
  const text = `SELECT ${POST_COLUMNS} FROM blog_posts WHERE ${conds.join(' AND ')}
    ORDER BY ${sort.order} LIMIT ${BLOG_PAGE_SIZE + 1}`;
  if (filter.q) return { text, values };
  return {
    name: `blog-list-${filter.sort}${filter.category ? '-category' : ''}${after ? '-after' : ''}`,
    text,
    values,
  };
}

/** Published posts per category in a language ($1), at $2. */
const STATS_SQL = `
  SELECT category, count(*)::int AS posts FROM blog_posts
  WHERE language = $1::"Language" AND status = 'published'::"BlogPostStatus" AND published_at <= $2
  GROUP BY category ORDER BY category`;

export function createBlogRepository(prisma: PrismaClient) {
  const run = createSqlRunner(prisma);
  return {
    /**
     * One page of published posts (BLOG_PAGE_SIZE at most) after `after`, in the sort's order, and
     * the key of its last post when more follow.
     */
    async listPublished(filter: BlogListFilter, now: Date) {
      const rows = await run<BlogPostSummaryRow>(blogListStatement(filter, now));
      const page = rows.slice(0, BLOG_PAGE_SIZE);
      const last = page.at(-1);
      const next: BlogCursorKey | null =
        rows.length > BLOG_PAGE_SIZE && last ? cursorKeyOf(filter.sort, last) : null;
      return { rows: page, next };
    },

    /** Over every published post in the language, whatever the filters: how many, and their categories. */
    async publishedStats(language: UiLanguage, now: Date) {
      const rows = await run<{ category: string; posts: number }>({
        name: 'blog-published-stats',
        text: STATS_SQL,
        values: [toDataLanguage(language), now],
      });
      return {
        total: rows.reduce((sum, row) => sum + row.posts, 0),
        categories: rows.map((row) => row.category),
      };
    },

    /** A published post with up to BLOG_RELATED_LIMIT related posts, in one round trip; null when none. */
    async findPublishedWithRelated(slug: string, language: UiLanguage, now: Date) {
      const rows = await run<RankedBlogPostRow>({
        name: 'blog-post-with-related',
        text: POST_WITH_RELATED_SQL,
        values: [slug, toDataLanguage(language), now],
      });
      const [post, ...related] = rows;
      return post ? { post, related } : null;
    },

    /** One atomic UPDATE ... SET view_count = view_count + 1; null when no published post has the id. */
    async incrementViews(id: string, now: Date): Promise<number | null> {
      const rows = await prisma.$queryRaw<{ view_count: number }[]>`
        UPDATE blog_posts SET view_count = view_count + 1
        WHERE id = ${id}::uuid AND status = 'published' AND published_at <= ${now}
        RETURNING view_count`;
      return rows[0]?.view_count ?? null;
    },

    listAll: () => prisma.blogPost.findMany({ orderBy: [{ updatedAt: 'desc' }, { id: 'asc' }] }),

    findById: (id: string) => prisma.blogPost.findUnique({ where: { id } }),

    async slugTaken(slug: string, language: 'EN' | 'ZH', exceptId?: string) {
      const row = await prisma.blogPost.findFirst({
        where: { slug, language, ...(exceptId ? { id: { not: exceptId } } : {}) },
        select: { id: true },
      });
      return row !== null;
    },

    create: (data: BlogWrite) => prisma.blogPost.create({ data }),

    update: (id: string, data: Partial<BlogWrite>) => prisma.blogPost.update({ where: { id }, data }),
  };
}
