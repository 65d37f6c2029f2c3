import type { Prisma, PrismaClient } from '@app/db';

export type FollowsRepository = ReturnType<typeof createFollowsRepository>;

/** One follow's target: a topic or a datasource (user_follows holds exactly one). */
export type FollowTarget = { topicId: string } | { datasourceId: string };

const withTargets = { topic: true, datasource: true } as const;
/** A follow with its topic or datasource (follow.mapper.ts writes the answer). */
export type FollowRow = Prisma.UserFollowGetPayload<{ include: typeof withTargets }>;

/** What each reader follows (user_follows): My feed's topics and sources. */
export function createFollowsRepository(prisma: PrismaClient) {
  return {
    of: (userId: string): Promise<FollowRow[]> =>
      prisma.userFollow.findMany({
        where: { userId },
        include: withTargets,
        orderBy: [{ createdAt: 'desc' }, { id: 'asc' }],
      }),

    /** Following twice keeps one. */
    add: (userId: string, target: FollowTarget) =>
      prisma.userFollow.createMany({ data: [{ userId, ...target }], skipDuplicates: true }),

    remove: (userId: string, target: FollowTarget) =>
      prisma.userFollow.deleteMany({ where: { userId, ...target } }),
  };
}
