import type { DataLanguage } from '@app/contracts';
import type { PrismaClient } from '@app/db';

export type WebPagesRepository = ReturnType<typeof createWebPagesRepository>;

/** A blog post's slug in one language: public now, taken down after it was public, or neither. */
export type BlogPostState = 'public' | 'removed' | null;

const BLOG_POST_HEAD = {
  title: true,
  metaTitle: true,
  metaDescription: true,
  excerpt: true,
  featuredImageUrl: true,
  authorName: true,
  category: true,
  tags: true,
  publishedAt: true,
  updatedAt: true,
} as const;

/**
 * What the web pages' HTTP status and the sitemap read: whether the row a page shows exists, and the
 * public rows with the time each last changed.
 */
export function createWebPagesRepository(prisma: PrismaClient) {
  return {
    /**
     * Publishing stamps published_at once and nothing clears it, so a post that has one but is no
     * longer published (a draft again, or archived) was public and has been taken down.
     */
    async blogPostState(slug: string, language: DataLanguage, now: Date): Promise<BlogPostState> {
      const row = await prisma.blogPost.findUnique({
        where: { slug_language: { slug, language } },
        select: { status: true, publishedAt: true },
      });
      if (!row?.publishedAt) return null;
      if (row.status === 'published') return row.publishedAt <= now ? 'public' : null;
      return 'removed';
    },

    /** What a published post's head is written from (page-head.ts); null when it is not public. */
    publicBlogPostHead: (slug: string, language: DataLanguage, now: Date) =>
      prisma.blogPost.findFirst({
        where: { slug, language, status: 'published', publishedAt: { lte: now } },
        select: BLOG_POST_HEAD,
      }),

    /** An active YouTube channel by name; in `language` only when one is given. */
    async hasYoutubeChannel(sourceName: string, language?: DataLanguage): Promise<boolean> {
      const count = await prisma.datasource.count({
        where: { platform: 'youtube', isActive: true, sourceName, ...(language ? { language } : {}) },
      });
      return count > 0;
    },

    /** Every published post (both languages), with the time it last changed. */
    publishedBlogPosts: (now: Date) =>
      prisma.blogPost.findMany({
        where: { status: 'published', publishedAt: { lte: now } },
        select: { slug: true, language: true, updatedAt: true },
        orderBy: [{ publishedAt: 'desc' }, { id: 'asc' }],
      }),

    /** Active topics, each with its newest summary's time (an index lookup per topic). */
    activeTopics: () =>
      prisma.$queryRaw<{ id: string; slug: string; updatedAt: Date; newestSummaryAt: Date | null }[]>`
        SELECT t.id, t.slug, t.updated_at AS "updatedAt",
          (SELECT max(s.created_at) FROM summaries s WHERE s.topic_id = t.id) AS "newestSummaryAt"
        FROM topics t WHERE t.is_active ORDER BY t.slug`,

    /** Active YouTube channels by name: their languages and when one of them was last crawled. */
    youtubeChannels: () =>
      prisma.datasource.findMany({
        where: { platform: 'youtube', isActive: true },
        select: { sourceName: true, language: true, lastCrawledAt: true, updatedAt: true },
        orderBy: { sourceName: 'asc' },
      }),

    /** The newest summary's time in a language (what the home and summary pages show first). */
    async newestSummaryAt(language: DataLanguage): Promise<Date | null> {
      const row = await prisma.summary.findFirst({
        where: { language },
        orderBy: { createdAt: 'desc' },
        select: { createdAt: true },
      });
      return row?.createdAt ?? null;
    },
  };
}
