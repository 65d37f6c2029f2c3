import type { PrismaClient, User } from '@app/db';

export type NewPasswordUser = {
  email: string;
  passwordHash: string;
  verificationTokenHash: string;
  verificationExpiresAt: Date;
};

export type GoogleIdentity = { sub: string; email: string; picture: string | null };

export type UsersRepository = ReturnType<typeof createUsersRepository>;

export function createUsersRepository(prisma: PrismaClient) {
  return {
    findById: (id: string) => prisma.user.findUnique({ where: { id } }),
    findByEmail: (email: string) => prisma.user.findUnique({ where: { email } }),
    findByGoogleSub: (sub: string) => prisma.user.findUnique({ where: { googleSub: sub } }),

    /** One nested write, so the user, its user/free profile and its first link exist together or not at all. */
    createWithPassword: (input: NewPasswordUser) =>
      prisma.user.create({
        data: {
          email: input.email,
          passwordHash: input.passwordHash,
          profile: { create: { role: 'user', subscriptionType: 'free' } },
          emailVerificationTokens: {
            create: { tokenHash: input.verificationTokenHash, expiresAt: input.verificationExpiresAt },
          },
        },
      }),

    /**
     * Registering again over an account whose address was never verified: the new password replaces the
     * old one and earlier verification links stop working, so each link verifies the password it was sent
     * for. The condition on email_verified_at makes this a no-op (false) if the account got verified meanwhile.
     */
    replaceUnverifiedPassword: (
      userId: string,
      input: Pick<NewPasswordUser, 'passwordHash' | 'verificationTokenHash' | 'verificationExpiresAt'>,
      now: Date,
    ): Promise<boolean> =>
      prisma.$transaction(async (tx) => {
        const { count } = await tx.user.updateMany({
          where: { id: userId, emailVerifiedAt: null },
          data: { passwordHash: input.passwordHash },
        });
        if (count !== 1) return false;
        await tx.emailVerificationToken.updateMany({
          where: { userId, usedAt: null },
          data: { usedAt: now },
        });
        await tx.emailVerificationToken.create({
          data: { userId, tokenHash: input.verificationTokenHash, expiresAt: input.verificationExpiresAt },
        });
        return true;
      }),

    setPassword: (id: string, passwordHash: string) =>
      prisma.user.update({ where: { id }, data: { passwordHash } }),

    /** Google has verified the address, so the account starts verified. */
    createFromGoogle: (identity: GoogleIdentity, now: Date) =>
      prisma.user.create({
        data: {
          email: identity.email,
          googleSub: identity.sub,
          avatarUrl: identity.picture,
          emailVerifiedAt: now,
          lastLoginAt: now,
          profile: { create: { role: 'user', subscriptionType: 'free' } },
        },
      }),

    /**
     * Links a Google identity to an existing account found by its verified email. When the account's own
     * address was never verified, its password was set by someone who never proved they own the mailbox
     * (a pre-registered takeover): drop that password so only the Google owner gets in. Every earlier
     * session of the account ends in the same transaction: a new way in was just added to it.
     */
    linkGoogle: (user: User, identity: GoogleIdentity, now: Date) =>
      prisma.$transaction(async (tx) => {
        await tx.refreshSession.updateMany({
          where: { userId: user.id, revokedAt: null },
          data: { revokedAt: now },
        });
        return tx.user.update({
          where: { id: user.id },
          data: {
            googleSub: identity.sub,
            avatarUrl: user.avatarUrl ?? identity.picture,
            emailVerifiedAt: user.emailVerifiedAt ?? now,
            passwordHash: user.emailVerifiedAt ? user.passwordHash : null,
            lastLoginAt: now,
          },
        });
      }),

    touchLastLogin: (id: string, now: Date) =>
      prisma.user.update({ where: { id }, data: { lastLoginAt: now } }),

    /** Cascades to the profile, tokens and sessions. */
    deleteById: (id: string) => prisma.user.delete({ where: { id } }),
  };
}
