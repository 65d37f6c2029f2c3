/**
 * Production secrets: what counts as a real one. A key that an attacker can read in this repository
 * (a development default, a test value, a compose example) signs tokens anyone can forge, so outside a
 * developer's own machine it must be refused at boot, with the key named.
 */

/**
 * Every secret value written anywhere in this repository (defaults, examples, tests, fault runs).
 * `test/secrets.test.ts` scans the repository and fails when a new one is not listed here.
 */
export const PLACEHOLDER_SECRETS: readonly string[] = [
  'dev-only-jwt-secret-change-me-0123456789abcdef',
  'local-compose-secret-change-me-0123456789',
  'test-secret-that-is-long-enough-0123456789',
  'e2e-secret-that-is-long-enough-0123456789',
  'fault-run-secret-that-is-long-enough-0123456789',
  'cluster-test-secret-cluster-test-secret-0123',
  'dev-only-unsubscribe-secret-0123456789abcdef',
  'e2e-unsubscribe-secret-long-enough-0123456789',
];

/** The seed's admin password when ADMIN_PASSWORD is unset, and the one every doc shows. */
export const DEFAULT_ADMIN_PASSWORD = 'admin12345';

/** Words that mark a value as an example, whatever surrounds them. */
const PLACEHOLDER_WORDS = /change[-_ ]?me|changeme|placeholder|example|your[-_ ]?secret|replace[-_ ]?me/i;

export const MIN_SECRET_BYTES = 32;

/**
 * Production unless this is a developer's or a test's machine: NODE_ENV development or test AND a
 * PUBLIC_URL that is not https. A site served over https is real, whatever NODE_ENV says.
 */
export function isProductionLike(config: { NODE_ENV?: string; PUBLIC_URL?: string }): boolean {
  const localEnv = config.NODE_ENV === 'development' || config.NODE_ENV === 'test';
  const https = (config.PUBLIC_URL ?? '').toLowerCase().startsWith('https:');
  return !localEnv || https;
}

/** A value published in this repository or worded as an example. */
export function isPlaceholderSecret(value: string): boolean {
  return PLACEHOLDER_SECRETS.includes(value) || PLACEHOLDER_WORDS.test(value);
}

/** Why `value` cannot sign anything in production, or null when it can. */
export function secretProblem(value: string | undefined): string | null {
  if (!value) return 'must be set';
  if (Buffer.byteLength(value, 'utf8') < MIN_SECRET_BYTES)
    return `must be at least ${MIN_SECRET_BYTES} bytes`;
  if (isPlaceholderSecret(value)) {
    return 'is a placeholder published in the repository; generate one (openssl rand -base64 48)';
  }
  if (new Set(value).size < 8) return 'is too repetitive to be a secret';
  return null;
}

/** Why `password` cannot guard the admin account in production, or null when it can. */
export function adminPasswordProblem(password: string | undefined): string | null {
  if (!password) return 'must be set in production (the default admin12345 is public)';
  if (password === DEFAULT_ADMIN_PASSWORD || PLACEHOLDER_WORDS.test(password) || password.length < 12) {
    return 'is the default or too weak for production (12+ characters, not admin12345)';
  }
  return null;
}
