import { createHmac, timingSafeEqual } from 'node:crypto';
import type { UiLanguage } from '@app/contracts';
import { sitePrefix } from './digest.template.ts';

/**
 * Links in the double opt-in email carry `<confirmation id>.<HMAC-SHA256(secret, label + id + nonce)>`,
 * signed with the unsubscribe key under a label of their own, so an unsubscribe token (in every digest)
 * can never pass as a confirmation and the other way round. A new request stores a new nonce, which
 * revokes the links of the older emails.
 */
export type ConfirmationSubject = { id: string; nonce: string };

const LABEL = 'newsletter-confirm-v1';
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/;

function signature(secret: string, subject: ConfirmationSubject): Buffer {
  return createHmac('sha256', secret).update(`${LABEL}.${subject.id}.${subject.nonce}`).digest();
}

export function signConfirmationToken(secret: string, subject: ConfirmationSubject): string {
  return `${subject.id}.${signature(secret, subject).toString('base64url')}`;
}

/** The confirmation id a well-formed token names (still to be verified against the stored nonce). */
export function confirmationIdOf(token: string): string | null {
  const id = token.split('.')[0] ?? '';
  return UUID.test(id) ? id : null;
}

export function verifyConfirmationToken(
  secret: string,
  token: string,
  subject: ConfirmationSubject,
): boolean {
  const [id, mac, extra] = token.split('.');
  if (extra !== undefined || id !== subject.id || !mac) return false;
  const given = Buffer.from(mac, 'base64url');
  // Only the canonical base64url spelling is accepted (the last character has spare bits).
  if (given.toString('base64url') !== mac) return false;
  const expected = signature(secret, subject);
  return given.length === expected.length && timingSafeEqual(given, expected);
}

/** The page the email links to; it confirms with a POST, so a scanner fetching the link changes nothing. */
export function confirmationPageUrl(publicUrl: string, language: UiLanguage, token: string): string {
  return `${sitePrefix(publicUrl, language)}/newsletter/confirm?token=${encodeURIComponent(token)}`;
}
