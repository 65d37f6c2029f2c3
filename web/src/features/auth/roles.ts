import type { ProfileDto as Profile } from '@app/contracts';

export type RoleFlags = { isAdmin: boolean; isPro: boolean; isFree: boolean };

/** Spec §6: admin counts as pro; free means subscription free and not admin. No profile: none. */
export function deriveRoleFlags(
  profile: Pick<Profile, 'role' | 'subscription_type'> | null | undefined,
): RoleFlags {
  const isAdmin = profile?.role === 'admin';
  return {
    isAdmin,
    isPro: profile?.subscription_type === 'pro' || isAdmin,
    isFree: profile?.subscription_type === 'free' && !isAdmin,
  };
}

/** Content history is offered to admin or pro users (the route itself only needs sign-in). */
export function canSeeContentHistory(flags: RoleFlags): boolean {
  return flags.isAdmin || flags.isPro;
}
