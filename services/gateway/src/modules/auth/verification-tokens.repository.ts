import type { PrismaClient, User } from '@app/db';

export type VerificationTokensRepository = ReturnType<typeof createVerificationTokensRepository>;

export function createVerificationTokensRepository(prisma: PrismaClient) {
  return {
    /** One more link for an unverified user (resend); earlier links stay valid until they expire. */
    issue: (userId: string, tokenHash: string, expiresAt: Date) =>
      prisma.emailVerificationToken.create({ data: { userId, tokenHash, expiresAt } }),

    /** A cheap look before hashing the verifier's password; `consume` is the real check. */
    findUsable: (tokenHash: string, now: Date) =>
      prisma.emailVerificationToken.findFirst({ where: { tokenHash, usedAt: null, expiresAt: { gt: now } } }),

    /**
     * Consumes a valid token and marks its user's email verified, in one transaction. Returns null for an
     * unknown, expired or already used token; the conditional update makes a double click (two requests
     * racing) succeed only once. The first verification sets `passwordHash`, the verifier's choice: the
     * password the account was registered with was set by someone who never proved they own the mailbox
     * (maybe not its owner), so it must not open the verified account. Every earlier session ends with it
     * (an unverified sign-in, when allowed). An account verified meanwhile (a reset link, Google) keeps its
     * password and sessions; the conditions on email_verified_at decide under the row lock.
     */
    consume: (tokenHash: string, passwordHash: string, now: Date): Promise<User | null> =>
      prisma.$transaction(async (tx) => {
        const token = await tx.emailVerificationToken.findUnique({ where: { tokenHash } });
        if (!token || token.usedAt || token.expiresAt <= now) return null;
        const { count } = await tx.emailVerificationToken.updateMany({
          where: { id: token.id, usedAt: null },
          data: { usedAt: now },
        });
        if (count !== 1) return null;
        const first = await tx.user.updateMany({
          where: { id: token.userId, emailVerifiedAt: null },
          data: { passwordHash, emailVerifiedAt: now },
        });
        if (first.count === 1) {
          await tx.refreshSession.updateMany({
            where: { userId: token.userId, revokedAt: null },
            data: { revokedAt: now },
          });
        }
        return tx.user.update({ where: { id: token.userId }, data: { lastLoginAt: now } });
      }),
  };
}
