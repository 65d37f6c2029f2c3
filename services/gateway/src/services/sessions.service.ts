import { randomUUID } from 'node:crypto';
import { AppError, type SessionDto } from '@app/contracts';
import type { User } from '@app/db';
import { createOpaqueToken, hashToken } from '../lib/opaque-token.ts';
import type { NewSession } from '../repositories/sessions.repository.ts';
import type { RequestMeta, ServiceContext } from './context.ts';
import { toProfileDto, toUserDto } from './user.mapper.ts';

export type StartedSession = { session: SessionDto; refreshToken: string };
export type SessionsService = ReturnType<typeof createSessionsService>;

const invalidRefreshToken = () => new AppError('INVALID_REFRESH_TOKEN', 'Invalid or expired session');

/**
 * Refresh sessions: an opaque token in an httpOnly cookie, stored as sha256, rotated on every use.
 * All rotations of one login share a family, so presenting a rotated token (a stolen copy, or the
 * original after the thief used it) revokes the whole family and both parties must sign in again.
 */
export function createSessionsService(ctx: ServiceContext) {
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
        if (current.replacedById) await revokeForReuse(current.familyId, current.userId, now, meta);
        throw invalidRefreshToken();
      }
      if (current.expiresAt <= now) throw invalidRefreshToken();
      const user = await repos.users.findById(current.userId);
      if (!user) throw invalidRefreshToken();
      const { token, row } = draft(user.id, current.familyId, meta);
      const created = await repos.sessions.rotate(current, row, now);
      // Someone else rotated this token a moment ago: by the rules above that is reuse too.
      if (!created) {
        await revokeForReuse(current.familyId, current.userId, now, meta);
        throw invalidRefreshToken();
      }
      return { session: await describe(user), refreshToken: token };
    },

    /** Logout: ends every rotation of this login. Unknown tokens are ignored (logout always succeeds). */
    async revoke(presented: string | undefined): Promise<void> {
      if (!presented) return;
      const current = await repos.sessions.findByHash(hashToken(presented));
      if (current) await repos.sessions.revokeFamily(current.familyId, clock());
    },
  };

  async function revokeForReuse(familyId: string, userId: string, now: Date, meta: RequestMeta) {
    const { count } = await repos.sessions.revokeFamily(familyId, now);
    logger.warn(
      { familyId, userId, revoked: count, requestId: meta.requestId, ip: meta.ip },
      'refresh token reuse',
    );
  }
}
