import { api, isApiError } from '../../api/client';

/** Uses the emailed link's token, once: the page POSTs it, so fetching the link alone changes nothing. */
export function confirmSubscription(token: string) {
  return api.post('/api/newsletter/confirm', { token });
}

export type ConfirmErrorKey = 'confirmInvalid' | 'confirmExpired' | 'confirmUsed' | 'confirmFailed';

/** The text for a failed confirmation, from the gateway's stable error codes. */
export function confirmErrorKey(error: unknown): ConfirmErrorKey {
  if (!isApiError(error)) return 'confirmFailed';
  switch (error.code) {
    case 'NEWSLETTER_LINK_EXPIRED':
      return 'confirmExpired';
    case 'NEWSLETTER_LINK_USED':
      return 'confirmUsed';
    case 'NEWSLETTER_LINK_INVALID':
    case 'VALIDATION_FAILED':
      return 'confirmInvalid';
    default:
      return 'confirmFailed';
  }
}
