import { createHmac, randomBytes, timingSafeEqual } from 'node:crypto';

/**
 * Unsubscribe links carry `<subscriber id>.<HMAC-SHA256(secret, id + stored nonce)>`: unguessable
 * without the secret, checkable without a lookup table, and rotating the subscriber's stored nonce
 * (newsletter_subscribers.unsubscribe_token) revokes every old link.
 */
export type TokenSubject = { id: string; unsubscribeToken: string };

/** Only for development and tests; production refuses to start without a real secret. */
export const DEV_UNSUBSCRIBE_SECRET = 'dev-only-unsubscribe-secret-0123456789abcdef';

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/;

/**
 * UNSUBSCRIBE_SECRET when set; else derived from JWT_SECRET (every service of `pnpm start` gets the
 * same one), with a label so the two keys never coincide; else the development key.
 */
export function resolveUnsubscribeSecret(env: {
  UNSUBSCRIBE_SECRET?: string | undefined;
  JWT_SECRET?: string | undefined;
  NODE_ENV?: string | undefined;
}): string {
  if (env.UNSUBSCRIBE_SECRET) return env.UNSUBSCRIBE_SECRET;
  if (env.JWT_SECRET)
    return createHmac('sha256', env.JWT_SECRET).update('newsletter-unsubscribe-v1').digest('hex');
  if (env.NODE_ENV === 'production') throw new Error('UNSUBSCRIBE_SECRET (or JWT_SECRET) must be set');
  return DEV_UNSUBSCRIBE_SECRET;
}

export function newUnsubscribeNonce(): string {
  return randomBytes(24).toString('base64url');
}

function signature(secret: string, subject: TokenSubject): Buffer {
  return createHmac('sha256', secret).update(`${subject.id}.${subject.unsubscribeToken}`).digest();
}

export function signUnsubscribeToken(secret: string, subject: TokenSubject): string {
  return `${subject.id}.${signature(secret, subject).toString('base64url')}`;
}

/** The subscriber id a well-formed token names (still to be verified against the stored nonce). */
export function subscriberIdOf(token: string): string | null {
  const id = token.split('.')[0] ?? '';
  return UUID.test(id) ? id : null;
}

export function verifyUnsubscribeToken(secret: string, token: string, subject: TokenSubject): boolean {
  const [id, mac, extra] = token.split('.');
  if (extra !== undefined || id !== subject.id || !mac) return false;
  const given = Buffer.from(mac, 'base64url');
  // base64 leaves spare bits in the last character: only the canonical spelling is accepted.
  if (given.toString('base64url') !== mac) return false;
  const expected = signature(secret, subject);
  return given.length === expected.length && timingSafeEqual(given, expected);
}
