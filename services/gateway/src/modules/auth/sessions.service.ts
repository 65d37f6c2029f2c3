import { randomUUID } from 'node:crypto';
import { AppError, type SessionDto } from '@app/contracts';
import type { User } from '@app/db';
import { createOpaqueToken, hashToken } from '../../lib/opaque-token.ts';
import type { NewSession } from './sessions.repository.ts';
import type { RequestMeta, ServiceContext } from '../context.ts';
import { toProfileDto, toUserDto } from './user.mapper.ts';

export type StartedSession = { session: SessionDto; refreshToken: string };
export type SessionsService = ReturnType<typeof createSessionsService>;

const invalidRefreshToken = () => new AppError('INVALID_REFRESH_TOKEN', 'Invalid or expired session');

/** The repositories this service is given (its module's index.ts hands it these only). */
export const SESSIONS_REPOS = ['profiles', 'sessions', 'users'] as const;

/**
 * Refresh sessions: an opaque token in an httpOnly cookie, stored as sha256, rotated on every use.
 * All rotations of one login share a family, so presenting a rotated token (a stolen copy, or the
 * original after the thief used it) revokes the whole family and both parties must sign in again.
 *
 * One exception, the grace period (REFRESH_REUSE_GRACE_SECONDS): the token rotated last, presented
 * again within seconds while its successor is still unused, is a browser that never got the answer
 * (the page was reloaded mid-refresh, or two tabs refreshed at once with the same cookie). It gets a
 * token of its own in the family instead of signing the user out everywhere. Older tokens, or the
 * same token later, are still reuse.
 */
export function createSessionsService(ctx: ServiceContext<(typeof SESSIONS_REPOS)[number]>) {
  const { config, repos, clock, tokens, logger } = ctx;

  const draft = (userId: string, familyId: string, meta: RequestMeta): { token: string; row: NewSession } => {
    const token = createOpaqueToken();
    const expiresAt = new Date(clock().getTime() + config.REFRESH_TOKEN_TTL_DAYS * 86_400_000);
    const userAgent = meta.userAgent?.slice(0, 500) ?? null;
    return {
      token,
      row: { userId, familyId, tokenHash: hashToken(token), expiresAt, userAgent, ip: meta.ip },
    };
  };

  const describe = async (user: User): Promise<SessionDto> => {
    const profile = await repos.profiles.findOrCreate(user.id);
    return {
      // Only the subject: role and plan are read from user_profiles on every request.
      access_token: tokens.sign(
        { sub: user.id, typ: 'access' },
        { expiresIn: `${config.ACCESS_TOKEN_TTL}s` },
      ),
      token_type: 'Bearer',
      expires_in: config.ACCESS_TOKEN_TTL,
      user: toUserDto(user),
      profile: toProfileDto(profile),
    };
  };

  return {
    /** A new login: a new family. */
    async start(user: User, meta: RequestMeta): Promise<StartedSession> {
      const { token, row } = draft(user.id, randomUUID(), meta);
      await repos.sessions.create(row);
      return { session: await describe(user), refreshToken: token };
    },

    async rotate(presented: string | undefined, meta: RequestMeta): Promise<StartedSession> {
      if (!presented) throw invalidRefreshToken();
      const now = clock();
      const current = await repos.sessions.findByHash(hashToken(presented));
      if (!current) throw invalidRefreshToken();
      if (current.revokedAt) {
        if (!current.replacedById) throw invalidRefreshToken();
        return (await withinGrace(current, now, meta)) ?? reuse(current, now, meta);
      }
      if (current.expiresAt <= now) throw invalidRefreshToken();
      const user = await repos.users.findById(current.userId);
      if (!user) throw invalidRefreshToken();
      const { token, row } = draft(user.id, current.familyId, meta);
      const created = await repos.sessions.rotate(current, row, now);
      if (!created) {
        // Another request rotated this token at this very moment (two tabs opening at once).
        const rotated = await repos.sessions.findById(current.id);
        return (rotated && (await withinGrace(rotated, now, meta))) ?? reuse(current, now, meta);
      }
      return { session: await describe(user), refreshToken: token };
    },

    /**
     * Ends every login of the user ("sign out everywhere", a password change). With `keep`, the caller's
     * own refresh token, that login survives when it belongs to the same user. Returns how many ended.
     */
    async revokeAllOfUser(userId: string, keep?: string): Promise<number> {
      const kept = keep ? await repos.sessions.findByHash(hashToken(keep)) : null;
      const keepFamilyId = kept?.userId === userId && !kept.revokedAt ? kept.familyId : undefined;
      const { count } = await repos.sessions.revokeAllOfUser(userId, clock(), keepFamilyId);
      return count;
    },

    /** Logout: ends every rotation of this login. Unknown tokens are ignored (logout always succeeds). */
    async revoke(presented: string | undefined): Promise<void> {
      if (!presented) return;
      const current = await repos.sessions.findByHash(hashToken(presented));
      if (current) await repos.sessions.revokeFamily(current.familyId, clock());
    },
  };

  /**
   * A rotated token presented again inside the grace period, while the token that replaced it is still
   * the live, unused end of the family: a sibling token for this browser. Otherwise null (reuse).
   */
  async function withinGrace(
    rotated: { familyId: string; userId: string; revokedAt: Date | null; replacedById: string | null },
    now: Date,
    meta: RequestMeta,
  ): Promise<StartedSession | null> {
    const graceMs = config.REFRESH_REUSE_GRACE_SECONDS * 1000;
    if (!rotated.revokedAt || !rotated.replacedById || graceMs === 0) return null;
    if (now.getTime() - rotated.revokedAt.getTime() > graceMs) return null;
    const successor = await repos.sessions.findById(rotated.replacedById);
    if (!successor || successor.revokedAt || successor.expiresAt <= now) return null;
    const user = await repos.users.findById(rotated.userId);
    if (!user) return null;
    const { token, row } = draft(user.id, rotated.familyId, meta);
    await repos.sessions.create(row);
    logger.info(
      { familyId: rotated.familyId, userId: user.id, requestId: meta.requestId },
      'refresh token presented again within the grace period',
    );
    return { session: await describe(user), refreshToken: token };
  }

  async function reuse(
    current: { familyId: string; userId: string },
    now: Date,
    meta: RequestMeta,
  ): Promise<never> {
    await revokeForReuse(current.familyId, current.userId, now, meta);
    throw invalidRefreshToken();
  }

  async function revokeForReuse(familyId: string, userId: string, now: Date, meta: RequestMeta) {
    const { count } = await repos.sessions.revokeFamily(familyId, now);
    logger.warn(
      { familyId, userId, revoked: count, requestId: meta.requestId, ip: meta.ip },
      'refresh token reuse',
    );
  }
}
