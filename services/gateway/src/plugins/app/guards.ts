import { ACCESS_MESSAGES, AppError, MESSAGES } from '@app/contracts';
import type { UserProfile } from '@app/db';
import type { FastifyRequest } from 'fastify';
import type { AccessLevel } from '../../lib/access.ts';

/** The signed-in caller, or 401 UNAUTHENTICATED. */
export function requireUser(request: FastifyRequest): { id: string } {
  if (!request.user) throw new AppError('UNAUTHENTICATED', MESSAGES.notAuthenticated);
  return request.user;
}

/** Role and plan come from user_profiles on every request, so a plan change applies at once. */
export async function loadProfile(request: FastifyRequest): Promise<UserProfile> {
  const user = requireUser(request);
  request.profile ??= await request.server.services.profile.profileOf(user.id);
  return request.profile;
}

/** Pro plan or admin (admin counts as pro), or 403 PRO_REQUIRED. */
export async function requirePro(request: FastifyRequest): Promise<UserProfile> {
  const profile = await loadProfile(request);
  if (profile.role !== 'admin' && profile.subscriptionType !== 'pro') {
    throw new AppError('PRO_REQUIRED', ACCESS_MESSAGES.proRequired);
  }
  return profile;
}

/** Admin role, or 403 FORBIDDEN. */
export async function requireAdmin(request: FastifyRequest): Promise<UserProfile> {
  const profile = await loadProfile(request);
  if (profile.role !== 'admin') throw new AppError('FORBIDDEN', ACCESS_MESSAGES.adminRequired);
  return profile;
}

export async function enforceAccess(request: FastifyRequest, access: AccessLevel): Promise<void> {
  if (access === 'user') requireUser(request);
  else if (access === 'pro') await requirePro(request);
  else if (access === 'admin') await requireAdmin(request);
}
