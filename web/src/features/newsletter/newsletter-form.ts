import { TIME_ZONES } from '@app/contracts';
import { isApiError } from '../../api/client';

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
 * the server's reason when it is one we can say in the reader's language, else the generic text.
 */
export function failureMessage(
  error: unknown,
  variant: 'home' | 'landing',
): { key: FailureKey } | { text: string } {
  if (variant === 'landing') return { key: 'failureLanding' };
  if (isApiError(error) && error.status === 400) {
    if (error.fields?.email)
      return { key: error.fields.email.includes('valid') ? 'invalidEmail' : 'validation' };
    if (error.fields?.topic_ids) return { key: 'validation' };
    return { text: error.message };
  }
  return { key: 'failureHome' };
}
