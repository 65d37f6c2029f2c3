import { createHmac, randomBytes } from 'node:crypto';
import { signToken, tokenId, verifyToken } from './signed-token.ts';

/**
 * Unsubscribe links carry `<subscriber id>.<HMAC-SHA256(secret, id + stored nonce)>`: unguessable
 * without the secret, checkable without a lookup table, and rotating the subscriber's stored nonce
 * (newsletter_subscribers.unsubscribe_token) revokes every old link.
 */
export type TokenSubject = { id: string; unsubscribeToken: string };

/** Only for development and tests; production refuses to start without a real secret. */
export const DEV_UNSUBSCRIBE_SECRET = 'dev-only-unsubscribe-secret-0123456789abcdef';

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

const messageOf = (subject: TokenSubject) => `${subject.id}.${subject.unsubscribeToken}`;

export function signUnsubscribeToken(secret: string, subject: TokenSubject): string {
  return signToken(secret, subject.id, messageOf(subject));
}

/** The subscriber id a well-formed token names (still to be verified against the stored nonce). */
export const subscriberIdOf = tokenId;

export function verifyUnsubscribeToken(secret: string, token: string, subject: TokenSubject): boolean {
  return verifyToken(secret, token, subject.id, messageOf(subject));
}
