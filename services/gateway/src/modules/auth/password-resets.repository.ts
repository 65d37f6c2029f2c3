import type { PrismaClient, User } from '@app/db';

export type PasswordResetsRepository = ReturnType<typeof createPasswordResetsRepository>;

export function createPasswordResetsRepository(prisma: PrismaClient) {
  return {
    /** A new link for `userId`; the user's earlier unused links stop working, so only the newest email counts. */
    issue: (userId: string, tokenHash: string, expiresAt: Date, now: Date) =>
      prisma.$transaction([
        prisma.passwordResetToken.updateMany({ where: { userId, usedAt: null }, data: { usedAt: now } }),
        prisma.passwordResetToken.create({ data: { userId, tokenHash, expiresAt } }),
      ]),

    findUsable: (tokenHash: string, now: Date) =>
      prisma.passwordResetToken.findFirst({ where: { tokenHash, usedAt: null, expiresAt: { gt: now } } }),

    /**
     * Consumes a valid link and sets the new password, in one transaction: the token is marked used
     * (the conditional update lets only one of two racing requests through), the address counts as
     * verified (the link reached its mailbox), and every refresh session of the account is revoked.
     * Returns null for an unknown, expired or already used link.
     */
    consume: (tokenHash: string, passwordHash: string, now: Date): Promise<User | null> =>
      prisma.$transaction(async (tx) => {
        const token = await tx.passwordResetToken.findUnique({ where: { tokenHash } });
        if (!token || token.usedAt || token.expiresAt <= now) return null;
        const { count } = await tx.passwordResetToken.updateMany({
          where: { id: token.id, usedAt: null },
          data: { usedAt: now },
        });
        if (count !== 1) return null;
        const user = await tx.user.findUniqueOrThrow({ where: { id: token.userId } });
        await tx.refreshSession.updateMany({
          where: { userId: user.id, revokedAt: null },
          data: { revokedAt: now },
        });
        return tx.user.update({
          where: { id: user.id },
          data: { passwordHash, emailVerifiedAt: user.emailVerifiedAt ?? now },
        });
      }),
  };
}
