import { createHash, randomBytes } from 'node:crypto';

/** A random, URL-safe secret handed to the client (refresh cookie, email link). */
export function createOpaqueToken(bytes = 32): string {
  return randomBytes(bytes).toString('base64url');
}

/** Only this digest is stored, so a leaked table cannot be replayed as sessions or links. */
export function hashToken(token: string): string {
  return createHash('sha256').update(token).digest('hex');
}
