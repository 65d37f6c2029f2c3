import type { PrismaClient, User } from '@app/db';

export type VerificationTokensRepository = ReturnType<typeof createVerificationTokensRepository>;

export function createVerificationTokensRepository(prisma: PrismaClient) {
  return {
    /** One more link for an unverified user (resend); earlier links stay valid until they expire. */
    issue: (userId: string, tokenHash: string, expiresAt: Date) =>
      prisma.emailVerificationToken.create({ data: { userId, tokenHash, expiresAt } }),

    /**
     * Consumes a valid token and marks its user's email verified, in one transaction.
     * Returns null for an unknown, expired or already used token; the conditional update
     * makes a double click (two requests racing) succeed only once. The first verification
     * revokes every earlier session: whatever signed in before the mailbox owner proved
     * themselves (an unverified sign-in, when allowed) does not stay signed in.
     */
    consume: (tokenHash: string, now: Date): Promise<User | null> =>
      prisma.$transaction(async (tx) => {
        const token = await tx.emailVerificationToken.findUnique({ where: { tokenHash } });
        if (!token || token.usedAt || token.expiresAt <= now) return null;
        const { count } = await tx.emailVerificationToken.updateMany({
          where: { id: token.id, usedAt: null },
          data: { usedAt: now },
        });
        if (count !== 1) return null;
        const user = await tx.user.findUniqueOrThrow({ where: { id: token.userId } });
        if (!user.emailVerifiedAt) {
          await tx.refreshSession.updateMany({
            where: { userId: user.id, revokedAt: null },
            data: { revokedAt: now },
          });
        }
        return tx.user.update({
          where: { id: user.id },
          data: { emailVerifiedAt: user.emailVerifiedAt ?? now, lastLoginAt: now },
        });
      }),
  };
}
