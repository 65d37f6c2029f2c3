import type { FastifyRequest } from 'fastify';
import { loadProfile } from '../plugins/app/guards.ts';

/** Who asks: a visitor (no user id) or a signed-in reader, and whether their plan is Pro. */
export type Caller = { userId: string | null; isPro: boolean };

/** A signed-in caller whose plan is checked where it is used (see listSummaries); load() reads it. */
export type UncheckedCaller = { userId: string; load(): Promise<Caller> };

/** Visitor, free or pro, for routes open to everyone whose answer depends on the plan. */
export async function callerOf(request: FastifyRequest): Promise<Caller> {
  if (!request.user) return { userId: null, isPro: false };
  const profile = await loadProfile(request);
  return {
    userId: request.user.id,
    isPro: profile.role === 'admin' || profile.subscriptionType === 'pro',
  };
}

/**
 * For a route that checks the plan inside its own statement (GET /api/summaries): a signed-in caller
 * without the profile read, and how to read it when the check fails.
 */
export function uncheckedCallerOf(request: FastifyRequest): Caller | UncheckedCaller {
  const user = request.user;
  if (!user) return { userId: null, isPro: false };
  return { userId: user.id, load: () => callerOf(request) };
}
