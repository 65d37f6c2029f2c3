import type { PrismaClient, RefreshSession } from '@app/db';

export type NewSession = {
  userId: string;
  familyId: string;
  tokenHash: string;
  expiresAt: Date;
  userAgent: string | null;
  ip: string | null;
};

export type SessionsRepository = ReturnType<typeof createSessionsRepository>;

export function createSessionsRepository(prisma: PrismaClient) {
  return {
    create: (session: NewSession) => prisma.refreshSession.create({ data: session }),
    findByHash: (tokenHash: string) => prisma.refreshSession.findUnique({ where: { tokenHash } }),
    findById: (id: string) => prisma.refreshSession.findUnique({ where: { id } }),

    /**
     * Revokes `current` and creates its successor atomically. Returns null when another request rotated
     * `current` first (the conditional update matched nothing): the caller decides (grace or reuse).
     */
    rotate: (current: RefreshSession, next: NewSession, now: Date) =>
      prisma
        .$transaction(async (tx) => {
          const created = await tx.refreshSession.create({ data: next });
          const { count } = await tx.refreshSession.updateMany({
            where: { id: current.id, revokedAt: null },
            data: { revokedAt: now, replacedById: created.id },
          });
          if (count !== 1) throw new LostRotationRace();
          return created;
        })
        .catch((error: unknown) => {
          if (error instanceof LostRotationRace) return null;
          throw error;
        }),

    /** Every live session of the user, except the login (family) `keepFamilyId` when given. */
    revokeAllOfUser: (userId: string, now: Date, keepFamilyId?: string) =>
      prisma.refreshSession.updateMany({
        where: { userId, revokedAt: null, ...(keepFamilyId ? { familyId: { not: keepFamilyId } } : {}) },
        data: { revokedAt: now },
      }),

    revokeFamily: (familyId: string, now: Date) =>
      prisma.refreshSession.updateMany({ where: { familyId, revokedAt: null }, data: { revokedAt: now } }),
  };
}

class LostRotationRace extends Error {}
