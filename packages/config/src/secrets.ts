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
  // The security suite's email-provider signing secret (a base64 whsec_ value of the right shape).
  'whsec_c2VjdXJpdHktbWFpbC13ZWJob29rLXNlY3JldA==',
];

/** The seed's admin password when ADMIN_PASSWORD is unset, and the one every doc shows. */
export const DEFAULT_ADMIN_PASSWORD = 'admin12345';

/** Words that mark a value as an example, whatever surrounds them. */
const PLACEHOLDER_WORDS = /change[-_ ]?me|changeme|placeholder|example|your[-_ ]?secret|replace[-_ ]?me/i;

export const MIN_SECRET_BYTES = 32;
/**
 * The least information a secret must carry, estimated from its characters' frequencies (Shannon):
 * 32 random hex digits hold about 120 bits, a doubled dictionary word far fewer.
 */
export const MIN_SECRET_BITS = 100;

/** Bits of information in `value` by its characters' frequencies: length × entropy per character. */
export function estimatedBits(value: string): number {
  const characters = [...value];
  const counts = new Map<string, number>();
  for (const character of characters) counts.set(character, (counts.get(character) ?? 0) + 1);
  let perCharacter = 0;
  for (const count of counts.values()) {
    const p = count / characters.length;
    perCharacter -= p * Math.log2(p);
  }
  return perCharacter * characters.length;
}

/** Compared the way a near copy hides: surrounding spaces and letter case do not make a new secret. */
const normalized = (value: string) => value.trim().toLowerCase();
const PUBLISHED = PLACEHOLDER_SECRETS.map(normalized);

/**
 * Production unless this is a developer's or a test's machine: NODE_ENV development or test AND a
 * PUBLIC_URL that is not https. A site served over https is real, whatever NODE_ENV says.
 */
export function isProductionLike(config: { NODE_ENV?: string; PUBLIC_URL?: string }): boolean {
  const localEnv = config.NODE_ENV === 'development' || config.NODE_ENV === 'test';
  const https = (config.PUBLIC_URL ?? '').toLowerCase().startsWith('https:');
  return !localEnv || https;
}

/**
 * A value published in this repository (or one holding it, spaces and case aside) or worded as an
 * example.
 */
export function isPlaceholderSecret(value: string): boolean {
  const text = normalized(value);
  return PUBLISHED.some((published) => text.includes(published)) || PLACEHOLDER_WORDS.test(value);
}

/** Why `value` cannot sign anything in production, or null when it can. */
export function secretProblem(value: string | undefined): string | null {
  if (!value) return 'must be set';
  if (Buffer.byteLength(value.trim(), 'utf8') < MIN_SECRET_BYTES)
    return `must be at least ${MIN_SECRET_BYTES} bytes`;
  if (isPlaceholderSecret(value)) {
    return 'is a placeholder published in the repository; generate one (openssl rand -base64 48)';
  }
  const text = normalized(value);
  if (new Set(value).size < 8 || /^(.{1,24}?)\1+$/s.test(text) || /(.{8,}).*\1/s.test(text.slice(0, 256)))
    return 'is too repetitive to be a secret';
  if (estimatedBits(value.trim()) < MIN_SECRET_BITS)
    return `carries too little randomness (under ${MIN_SECRET_BITS} bits); generate one (openssl rand -base64 48)`;
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
