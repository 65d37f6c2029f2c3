import type { MeResponse, PatchMeBody } from '@app/contracts';
import { AppError, MESSAGES } from '@app/contracts';
import type { ServiceContext } from '../context.ts';
import type { UsageService } from '../usage/usage.service.ts';
import { toProfileDto, toUserDto } from '../auth/user.mapper.ts';

export type ProfileService = ReturnType<typeof createProfileService>;

/** The repositories this service is given (its module's index.ts hands it these only). */
export const PROFILE_REPOS = ['profiles', 'users'] as const;

export function createProfileService(
  { repos }: ServiceContext<(typeof PROFILE_REPOS)[number]>,
  usage: UsageService,
) {
  const load = async (userId: string) => {
    const user = await repos.users.findById(userId);
    // A valid token for a deleted account: treat as signed out.
    if (!user) throw new AppError('UNAUTHENTICATED', MESSAGES.notAuthenticated);
    return user;
  };

  return {
    /** The user's role and plan (a profile is created on first use), read by the access guards. */
    profileOf: (userId: string) => repos.profiles.findOrCreate(userId),

    async getMe(userId: string): Promise<MeResponse> {
      const user = await load(userId);
      const profile = await repos.profiles.findOrCreate(userId);
      return {
        user: toUserDto(user),
        profile: toProfileDto(profile),
        generation_quota: await usage.quotaOf(userId, profile),
      };
    },

    async updateMe(userId: string, body: PatchMeBody): Promise<MeResponse> {
      const user = await load(userId);
      const profile = await repos.profiles.setDisplayName(userId, body.display_name);
      return { user: toUserDto(user), profile: toProfileDto(profile) };
    },
  };
}
