import type { ProfileDto, UserDto } from '@app/contracts';
import type { User, UserProfile } from '@app/db';

export function toUserDto(user: User): UserDto {
  return {
    id: user.id,
    email: user.email,
    email_verified: user.emailVerifiedAt !== null,
    avatar_url: user.avatarUrl,
    created_at: user.createdAt.toISOString(),
    last_login_at: user.lastLoginAt?.toISOString() ?? null,
  };
}

export function toProfileDto(profile: UserProfile): ProfileDto {
  return {
    id: profile.id,
    role: profile.role,
    subscription_type: profile.subscriptionType,
    display_name: profile.displayName,
  };
}
