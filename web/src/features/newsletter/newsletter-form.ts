import { TIME_ZONES } from '@app/contracts';
import { isApiError } from '../../api/client';
import { type ErrorTextKey, errorTextKey } from '../../api/error-text';

/** Spec §5: the trimmed email must be non-empty and at least one topic chosen. */
export function canSubmit(email: string, topicIds: readonly string[]): boolean {
  return email.trim().length > 0 && topicIds.length > 0;
}

/** Spec §5: trimmed and lower-cased before sending. */
export function normalizeEmail(email: string): string {
  return email.trim().toLowerCase();
}

/** The browser's zone when it is one of the 13 the digest supports; otherwise the server's default. */
export function browserTimeZone(): string | undefined {
  try {
    const zone = Intl.DateTimeFormat().resolvedOptions().timeZone;
    return (TIME_ZONES as readonly string[]).includes(zone) ? zone : undefined;
  } catch {
    return undefined;
  }
}

export type FailureKey = 'validation' | 'invalidEmail' | 'failureHome' | 'failureLanding';

/**
 * Spec §8: the landing page always says 'Subscription failed, please try again later'; home shows
 * the server's reason in the reader's language (its own key, else api/error-text's), else the generic text.
 */
export function failureMessage(
  error: unknown,
  variant: 'home' | 'landing',
): { key: FailureKey } | { errorKey: ErrorTextKey } {
  if (variant === 'landing') return { key: 'failureLanding' };
  if (isApiError(error) && error.status === 400) return { errorKey: errorTextKey(error) };
  return { key: 'failureHome' };
}
