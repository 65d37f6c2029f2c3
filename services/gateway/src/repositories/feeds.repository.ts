import type { Language, Prisma, PrismaClient } from '@app/db';

export type FeedsRepository = ReturnType<typeof createFeedsRepository>;

const SUMMARY_SELECT = {
  id: true,
  headline: true,
  content: true,
  sourceUrls: true,
  metadata: true,
  createdAt: true,
  updatedAt: true,
  datasource: { select: { sourceName: true } },
  post: { select: { title: true, url: true } },
} satisfies Prisma.SummarySelect;

export type FeedSummaryRow = Prisma.SummaryGetPayload<{ select: typeof SUMMARY_SELECT }>;

/** What the outgoing feeds read: a topic's or a user's favourite summaries, newest first, and feed tokens. */
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

    topicSummaries: (topicId: string, language: Language, from: Date | undefined, limit: number) =>
      prisma.summary.findMany({
        where: { topicId, language, ...(from ? { createdAt: { gte: from } } : {}) },
        orderBy: [{ createdAt: 'desc' }, { id: 'desc' }],
        take: limit,
        select: SUMMARY_SELECT,
      }),

    /** The summaries a user starred, and those of the sources they starred. */
    favoriteSummaries: (userId: string, language: Language, limit: number) =>
      prisma.summary.findMany({
        where: {
          language,
          OR: [{ favoritedBy: { some: { userId } } }, { datasource: { favoritedBy: { some: { userId } } } }],
        },
        orderBy: [{ createdAt: 'desc' }, { id: 'desc' }],
        take: limit,
        select: SUMMARY_SELECT,
      }),

    /** The owner of a feed token (by its sha256), with what their plan allows. */
    ownerOfToken: (tokenHash: string) =>
      prisma.feedToken.findUnique({
        where: { tokenHash },
        select: {
          userId: true,
          user: {
            select: { profile: { select: { role: true, subscriptionType: true, displayName: true } } },
          },
        },
      }),

    tokenOf: (userId: string) =>
      prisma.feedToken.findUnique({ where: { userId }, select: { createdAt: true } }),

    /** One token per user: a new one replaces (and so revokes) the old. */
    replaceToken: (userId: string, tokenHash: string) =>
      prisma.feedToken.upsert({
        where: { userId },
        create: { userId, tokenHash },
        update: { tokenHash, createdAt: new Date() },
        select: { createdAt: true },
      }),

    deleteToken: async (userId: string) =>
      (await prisma.feedToken.deleteMany({ where: { userId } })).count > 0,
  };
}
