import type { MessageDescriptor } from '@lingui/core';
import { runtimeTimeZone } from '@app/time/zone';
import { isApiError } from '../../api/client';
import { type ErrorTextId, errorTextId } from '../../api/error-text';

/** Spec §5: the trimmed email must be non-empty and at least one topic chosen. */
export function canSubmit(email: string, topicIds: readonly string[]): boolean {
  return email.trim().length > 0 && topicIds.length > 0;
}

/** Spec §5: trimmed and lower-cased before sending. */
export function normalizeEmail(email: string): string {
  return email.trim().toLowerCase();
}

/**
 * The digest's default zone, DEFAULT_DIGEST_TIME_ZONE of @app/contracts (newsletter-form.test.ts keeps
 * them equal): imported, its module would bring the newsletter's message table into the home page's JS.
 */
export const DEFAULT_ZONE = 'America/New_York';

/**
 * The zone the sign-up form starts with: the browser's own (the reader sees it and can change it), else
 * the digest's default zone.
 */
export function browserTimeZone(): string {
  return runtimeTimeZone() ?? DEFAULT_ZONE;
}

export type FailureKey = 'validation' | 'invalidEmail' | 'failureHome' | 'failureLanding';
export type OutcomeKey = 'successHome' | 'successLanding' | 'pendingConfirmation' | FailureKey;

/**
 * The signup box's outcome message (declared in newsletter-messages.ts, OUTCOME_MESSAGES, for `lingui
 * extract`), named by its id: the box is on the home page, at its JavaScript budget, where the map of
 * descriptors would weigh on the first download. A test holds every key to its declaration.
 */
export const outcomeMessage = (key: OutcomeKey): MessageDescriptor => ({ id: `newsletter.${key}` });

/**
 * Spec §8: the landing page always says 'Subscription failed, please try again later'; home shows
 * the server's reason in the reader's language (its own key, else api/error-text's), else the generic text.
 */
export function failureMessage(
  error: unknown,
  variant: 'home' | 'landing',
): { key: FailureKey } | { errorKey: ErrorTextId } {
  if (variant === 'landing') return { key: 'failureLanding' };
  if (isApiError(error) && error.status === 400) return { errorKey: errorTextId(error) };
  return { key: 'failureHome' };
}
