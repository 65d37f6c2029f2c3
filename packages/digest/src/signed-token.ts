import { createHmac, timingSafeEqual } from 'node:crypto';

// The links in newsletter emails carry `<row id>.<HMAC-SHA256(secret, message)>` (base64url), where
// the message holds a nonce stored with the row: checkable without a lookup table, revoked by a new
// nonce. Each kind of link signs its own message, so no kind passes for another.

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/;

function mac(secret: string, message: string): Buffer {
  return createHmac('sha256', secret).update(message).digest();
}

export function signToken(secret: string, id: string, message: string): string {
  return `${id}.${mac(secret, message).toString('base64url')}`;
}

/** The row id a well-formed token names (still to be verified against the stored nonce). */
export function tokenId(token: string): string | null {
  const id = token.split('.')[0] ?? '';
  return UUID.test(id) ? id : null;
}

export function verifyToken(secret: string, token: string, id: string, message: string): boolean {
  const [named, given, extra] = token.split('.');
  if (extra !== undefined || named !== id || !given) return false;
  const bytes = Buffer.from(given, 'base64url');
  // base64 leaves spare bits in the last character: only the canonical spelling is accepted.
  if (bytes.toString('base64url') !== given) return false;
  const expected = mac(secret, message);
  return bytes.length === expected.length && timingSafeEqual(bytes, expected);
}
