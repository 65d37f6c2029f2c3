import { type FeedKind, type Language, Prisma, type PrismaClient } from '@app/db';
import { type FeedStoryRow, feedStoriesSql } from './feed-stories.sql.ts';

export type FeedsRepository = ReturnType<typeof createFeedsRepository>;

export type { FeedMemberRow, FeedStoryRow } from './feed-stories.sql.ts';

/** What the outgoing feeds read: a topic's or a user's favourite stories, newest first, and feed tokens. */
export function createFeedsRepository(prisma: PrismaClient) {
  return {
    findActiveTopicBySlug: (slug: string) =>
      prisma.topic.findFirst({
        where: { slug, isActive: true },
        select: {
          id: true,
          slug: true,
          name: true,
          nameZh: true,
          description: true,
          descriptionZh: true,
          updatedAt: true,
        },
      }),

    /** A topic's stories in one language since `from`, one row per story. */
    topicStories: (topicId: string, language: Language, from: Date | undefined, limit: number) =>
      prisma.$queryRaw<FeedStoryRow[]>(
        feedStoriesSql(
          Prisma.sql`s.topic_id = ${topicId}::uuid AND s.language = ${language}::"Language"
            ${from ? Prisma.sql`AND s.created_at >= ${from}` : Prisma.empty}`,
          limit,
        ),
      ),

    /** Every active topic's stories in one language since `from`, one row per story: the site's feed. */
    siteStories: (language: Language, from: Date, limit: number) =>
      prisma.$queryRaw<FeedStoryRow[]>(
        feedStoriesSql(
          Prisma.sql`s.language = ${language}::"Language" AND s.created_at >= ${from}
            AND EXISTS (SELECT 1 FROM topics t WHERE t.id = s.topic_id AND t.is_active)`,
          limit,
        ),
      ),

    /** The newest published blog posts in one language, as of `now`. */
    publishedPosts: (language: Language, now: Date, limit: number) =>
      prisma.blogPost.findMany({
        where: { language, status: 'published', publishedAt: { lte: now } },
        orderBy: [{ publishedAt: 'desc' }, { id: 'desc' }],
        take: limit,
        select: {
          id: true,
          slug: true,
          title: true,
          excerpt: true,
          content: true,
          authorName: true,
          publishedAt: true,
          updatedAt: true,
        },
      }),

    /** The stories of the summaries a user starred, and of those of the sources they starred. */
    favoriteStories: (userId: string, language: Language, limit: number) =>
      prisma.$queryRaw<FeedStoryRow[]>(
        feedStoriesSql(
          Prisma.sql`s.language = ${language}::"Language" AND (
            EXISTS (SELECT 1 FROM user_favorite_summaries f WHERE f.summary_id = s.id AND f.user_id = ${userId}::uuid)
            OR EXISTS (SELECT 1 FROM user_favorite_datasources f
                       WHERE f.datasource_id = s.datasource_id AND f.user_id = ${userId}::uuid))`,
          limit,
        ),
      ),

    /** The owner of a feed token (by its sha256) of this kind only, with what their plan allows. */
    ownerOfToken: (tokenHash: string, kind: FeedKind) =>
      prisma.feedToken.findUnique({
        where: { tokenHash, kind },
        select: {
          userId: true,
          createdAt: true,
          user: {
            select: { profile: { select: { role: true, subscriptionType: true, displayName: true } } },
          },
        },
      }),

    tokenOf: (userId: string, kind: FeedKind) =>
      prisma.feedToken.findUnique({
        where: { userId_kind: { userId, kind } },
        select: { createdAt: true, tokenHash: true, seed: true },
      }),

    /** One token per user and kind: a new one replaces (and so revokes) the old. */
    replaceToken: (userId: string, kind: FeedKind, tokenHash: string, seed: string | null = null) =>
      prisma.feedToken.upsert({
        where: { userId_kind: { userId, kind } },
        create: { userId, kind, tokenHash, seed },
        update: { tokenHash, seed, createdAt: new Date() },
        select: { createdAt: true },
      }),

    deleteToken: async (userId: string, kind: FeedKind) =>
      (await prisma.feedToken.deleteMany({ where: { userId, kind } })).count > 0,
  };
}
