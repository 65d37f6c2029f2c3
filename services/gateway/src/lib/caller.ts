import type { FastifyRequest } from 'fastify';
import { loadProfile } from '../plugins/app/guards.ts';
import type { Caller } from '../services/content.service.ts';

/** Visitor, free or pro, for routes open to everyone whose answer depends on the plan. */
export async function callerOf(request: FastifyRequest): Promise<Caller> {
  if (!request.user) return { userId: null, isPro: false };
  const profile = await loadProfile(request);
  return {
    userId: request.user.id,
    isPro: profile.role === 'admin' || profile.subscriptionType === 'pro',
  };
}
