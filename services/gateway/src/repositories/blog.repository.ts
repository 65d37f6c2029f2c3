import type { AdminBlogPost, BlogPost, BlogPostSummary, BlogSort, UiLanguage } from '@app/contracts';
import { BLOG_RELATED_LIMIT, toDataLanguage, toUiLanguage } from '@app/contracts';
import { type BlogPostStatus, createSqlRunner, escapeLike, type Prisma, type PrismaClient } from '@app/db';

type Row = Prisma.BlogPostGetPayload<object>;

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
type SummaryRow = Prisma.BlogPostGetPayload<{ select: typeof SUMMARY_SELECT }>;

function summaryDto(row: SummaryRow): BlogPostSummary {
  return {
    id: row.id,
    slug: row.slug,
    language: toUiLanguage(row.language),
    category: row.category,
    title: row.title,
    excerpt: row.excerpt,
    tags: row.tags,
    featured: row.featured,
    featured_image_url: row.featuredImageUrl,
    featured_image_alt: row.featuredImageAlt,
    reading_time: row.readingTime,
    view_count: row.viewCount,
    author_name: row.authorName,
    published_at: row.publishedAt?.toISOString() ?? null,
    updated_at: row.updatedAt.toISOString(),
  };
}

function postDto(row: Row): BlogPost {
  return {
    ...summaryDto(row),
    content: row.content,
    meta_title: row.metaTitle,
    meta_description: row.metaDescription,
  };
}

function adminDto(row: Row): AdminBlogPost {
  return { ...postDto(row), status: row.status, created_at: row.createdAt.toISOString() };
}

const ORDER: Record<BlogSort, Prisma.BlogPostOrderByWithRelationInput[]> = {
  newest: [{ publishedAt: 'desc' }, { id: 'asc' }],
  oldest: [{ publishedAt: 'asc' }, { id: 'asc' }],
  popular: [{ viewCount: 'desc' }, { publishedAt: 'desc' }, { id: 'asc' }],
  reading_time: [{ readingTime: 'asc' }, { publishedAt: 'desc' }, { id: 'asc' }],
};

/** What readers may see: published, with a publication time that has come. */
const published = (now: Date): Prisma.BlogPostWhereInput => ({
  status: 'published',
  publishedAt: { lte: now },
});

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

// The columns of a post as SummaryRow/Row name them; `content` and the meta fields only on the post itself.
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

type RankedRow = SummaryRow & {
  content: string | null;
  metaTitle: string | null;
  metaDescription: string | null;
};

export function createBlogRepository(prisma: PrismaClient) {
  const run = createSqlRunner(prisma);
  return {
    async listPublished(
      filter: { language: UiLanguage; category?: string; sort: BlogSort; q?: string },
      now: Date,
    ) {
      const language = toDataLanguage(filter.language);
      const where: Prisma.BlogPostWhereInput = { language, ...published(now) };
      if (filter.category) where.category = filter.category;
      if (filter.q) {
        // One ILIKE over title, excerpt and each tag (a text[]); wildcards in the term are literal.
        const pattern = `%${escapeLike(filter.q)}%`;
        const hits = await prisma.$queryRaw<{ id: string }[]>`
          SELECT id FROM blog_posts
          WHERE language = ${language}::"Language"
            AND (title ILIKE ${pattern} OR excerpt ILIKE ${pattern}
                 OR EXISTS (SELECT 1 FROM unnest(tags) AS tag WHERE tag ILIKE ${pattern}))`;
        where.id = { in: hits.map((hit) => hit.id) };
      }
      const [rows, total, categories] = await Promise.all([
        prisma.blogPost.findMany({ where, orderBy: ORDER[filter.sort], select: SUMMARY_SELECT }),
        prisma.blogPost.count({ where: { language, ...published(now) } }),
        prisma.blogPost.findMany({
          where: { language, ...published(now) },
          distinct: ['category'],
          select: { category: true },
          orderBy: { category: 'asc' },
        }),
      ]);
      return {
        data: rows.map(summaryDto),
        stats: { total, categories: categories.map((c) => c.category) },
      };
    },

    /** A published post with up to BLOG_RELATED_LIMIT related posts, in one round trip; null when none. */
    async findPublishedWithRelated(slug: string, language: UiLanguage, now: Date) {
      const rows = await run<RankedRow>({
        name: 'blog-post-with-related',
        text: POST_WITH_RELATED_SQL,
        values: [slug, toDataLanguage(language), now],
      });
      const [post, ...related] = rows;
      if (!post) return null;
      return {
        post: {
          ...summaryDto(post),
          content: post.content ?? '',
          meta_title: post.metaTitle,
          meta_description: post.metaDescription,
        } satisfies BlogPost,
        related: related.map(summaryDto),
      };
    },

    /** One atomic UPDATE ... SET view_count = view_count + 1; null when no published post has the id. */
    async incrementViews(id: string, now: Date): Promise<number | null> {
      const rows = await prisma.$queryRaw<{ view_count: number }[]>`
        UPDATE blog_posts SET view_count = view_count + 1
        WHERE id = ${id}::uuid AND status = 'published' AND published_at <= ${now}
        RETURNING view_count`;
      return rows[0]?.view_count ?? null;
    },

    async listAll() {
      const rows = await prisma.blogPost.findMany({ orderBy: [{ updatedAt: 'desc' }, { id: 'asc' }] });
      return rows.map(adminDto);
    },

    async findById(id: string) {
      const row = await prisma.blogPost.findUnique({ where: { id } });
      return row ? adminDto(row) : null;
    },

    async slugTaken(slug: string, language: 'EN' | 'ZH', exceptId?: string) {
      const row = await prisma.blogPost.findFirst({
        where: { slug, language, ...(exceptId ? { id: { not: exceptId } } : {}) },
        select: { id: true },
      });
      return row !== null;
    },

    async create(data: BlogWrite) {
      return adminDto(await prisma.blogPost.create({ data }));
    },

    async update(id: string, data: Partial<BlogWrite>) {
      return adminDto(await prisma.blogPost.update({ where: { id }, data }));
    },
  };
}
