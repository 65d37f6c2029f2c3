import type { UiLanguage } from '@app/contracts';
import { sitePrefix } from './digest.template.ts';
import { signToken, tokenId, verifyToken } from './signed-token.ts';

/**
 * Links in the double opt-in email carry `<confirmation id>.<HMAC-SHA256(secret, label + id + nonce)>`,
 * signed with the unsubscribe key under a label of their own, so an unsubscribe token (in every digest)
 * can never pass as a confirmation and the other way round. A new request stores a new nonce, which
 * revokes the links of the older emails.
 */
export type ConfirmationSubject = { id: string; nonce: string };

const LABEL = 'newsletter-confirm-v1';
const messageOf = (subject: ConfirmationSubject) => `${LABEL}.${subject.id}.${subject.nonce}`;

export function signConfirmationToken(secret: string, subject: ConfirmationSubject): string {
  return signToken(secret, subject.id, messageOf(subject));
}

/** The confirmation id a well-formed token names (still to be verified against the stored nonce). */
export const confirmationIdOf = tokenId;

export function verifyConfirmationToken(
  secret: string,
  token: string,
  subject: ConfirmationSubject,
): boolean {
  return verifyToken(secret, token, subject.id, messageOf(subject));
}

/** The page the email links to; it confirms with a POST, so a scanner fetching the link changes nothing. */
export function confirmationPageUrl(publicUrl: string, language: UiLanguage, token: string): string {
  return `${sitePrefix(publicUrl, language)}/newsletter/confirm?token=${encodeURIComponent(token)}`;
}
