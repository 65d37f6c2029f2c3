import { adminPasswordProblem, DEFAULT_ADMIN_PASSWORD, isProductionLike } from '@app/config';

export { DEFAULT_ADMIN_PASSWORD };

/**
 * The admin password the seed may write, or an error naming ADMIN_PASSWORD. A developer's or a test's
 * plain-http machine may keep the published default; a production site (NODE_ENV production, or an
 * https PUBLIC_URL) must be given a password of its own.
 */
export function resolveAdminPassword(env: Record<string, string | undefined>): string {
  const password = env.ADMIN_PASSWORD || undefined;
  const production = isProductionLike({
    NODE_ENV: env.NODE_ENV || 'development',
    PUBLIC_URL: env.PUBLIC_URL,
  });
  if (production) {
    const problem = adminPasswordProblem(password);
    if (problem) throw new Error(`Invalid configuration: ADMIN_PASSWORD (${problem})`);
  }
  return password ?? DEFAULT_ADMIN_PASSWORD;
}
