import { AppError, MESSAGES } from '@app/contracts';
import { createSqlRunner, type PrismaClient, type UserProfile } from '@app/db';

export type ProfilesRepository = ReturnType<typeof createProfilesRepository>;

// Read on every signed-in request that depends on the plan: a prepared statement on the client's pool.
const PROFILE_BY_ID = `SELECT id, role::text AS role, subscription_type::text AS "subscriptionType",
  display_name AS "displayName", created_at AS "createdAt", updated_at AS "updatedAt"
  FROM user_profiles WHERE id = $1::uuid`;

export function createProfilesRepository(prisma: PrismaClient) {
  const run = createSqlRunner(prisma);
  return {
    /** Spec §4: a missing profile row is created as user/free with no display name. */
    async findOrCreate(userId: string): Promise<UserProfile> {
      const [existing] = await run<UserProfile>({
        name: 'user-profile-by-id',
        text: PROFILE_BY_ID,
        values: [userId],
      });
      if (existing) return existing;
      // upsert, not create: two first requests of one user may race here.
      return prisma.userProfile
        .upsert({
          where: { id: userId },
          create: { id: userId, role: 'user', subscriptionType: 'free' },
          update: {},
        })
        .catch(signedOutIfUserGone);
    },

    setDisplayName: (userId: string, displayName: string | null) =>
      prisma.userProfile
        .upsert({
          where: { id: userId },
          create: { id: userId, role: 'user', subscriptionType: 'free', displayName },
          update: { displayName },
        })
        .catch(signedOutIfUserGone),
  };
}

// A still-valid access token of a deleted account: the foreign key fails; the caller is simply signed out.
function signedOutIfUserGone(error: unknown): never {
  if ((error as { code?: string }).code === 'P2003')
    throw new AppError('UNAUTHENTICATED', MESSAGES.notAuthenticated);
  throw error;
}
