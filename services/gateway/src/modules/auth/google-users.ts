import type { User } from '@app/db';
import type { Repositories } from '../repositories.ts';

export type GoogleUserInfo = { sub: string; email: string; picture?: string };

/**
 * Google sign-in lands on: the account already linked to this Google subject, else the account with
 * the same (Google-verified) email, which gets linked, else a new account with a user/free profile.
 */
export async function findOrCreateGoogleUser(
  repos: Pick<Repositories, 'users'>,
  info: GoogleUserInfo,
  now: Date,
): Promise<User> {
  const identity = { sub: info.sub, email: info.email, picture: info.picture ?? null };
  const linked = await repos.users.findByGoogleSub(info.sub);
  if (linked) return repos.users.touchLastLogin(linked.id, now);
  const sameEmail = await repos.users.findByEmail(info.email);
  if (sameEmail) {
    // Already tied to another Google account (e.g. a reassigned Workspace address): never re-point it.
    if (sameEmail.googleSub) throw new Error('email linked to a different Google account');
    return repos.users.linkGoogle(sameEmail, identity, now);
  }
  return repos.users.createFromGoogle(identity, now).catch(async (error: unknown) => {
    // A parallel callback for the same person created the row first: use it.
    if ((error as { code?: string }).code !== 'P2002') throw error;
    const winner = await repos.users.findByGoogleSub(info.sub);
    if (!winner) throw error;
    return winner;
  });
}
