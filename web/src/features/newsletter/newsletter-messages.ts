import type { MessageDescriptor } from '@lingui/core';
import { msg } from '@lingui/core/macro';
import type { ConfirmErrorKey } from './confirm-api';
import type { digestNoteKey } from './follow-my-feed';
import type { OutcomeKey } from './newsletter-form';

// The newsletter texts whose id is picked at run time, declared where `lingui extract` finds them and read
// with a screen's Lingui `t`: `t(CONFIRM_ERROR_MESSAGES[key])`. The signup box, on the home page at its
// JavaScript budget, names its outcomes by their id instead (outcomeMessage in newsletter-form.ts).

/** Why the confirmation link did not confirm. */
export const CONFIRM_ERROR_MESSAGES: Record<ConfirmErrorKey, MessageDescriptor> = {
  confirmInvalid: msg({
    id: 'newsletter.confirmInvalid',
    message: 'Invalid confirmation link. Please check that you opened the whole link from the email.',
  }),
  confirmExpired: msg({
    id: 'newsletter.confirmExpired',
    message: 'This confirmation link has expired. Please subscribe again to get a new one.',
  }),
  confirmUsed: msg({
    id: 'newsletter.confirmUsed',
    message: 'This confirmation link has already been used. Your subscription is unchanged.',
  }),
  confirmFailed: msg({
    id: 'newsletter.confirmFailed',
    message: 'Could not confirm your subscription right now. Please try again.',
  }),
};

/** Why no digest goes out yet (profile). */
export const DIGEST_NOTE_MESSAGES: Record<
  NonNullable<ReturnType<typeof digestNoteKey>>,
  MessageDescriptor
> = {
  digestUnconfirmed: msg({
    id: 'newsletter.digestUnconfirmed',
    message: 'Confirm the subscription with the link we emailed you: no digest goes out before.',
  }),
  digestStopped: msg({
    id: 'newsletter.digestStopped',
    message: 'No digest goes to this address now (unsubscribed, or emails to it bounced).',
  }),
};

/** The signup box's outcome: subscribed (home page or a topic's landing page), waiting for the link, failed. */
export const OUTCOME_MESSAGES: Record<OutcomeKey, MessageDescriptor> = {
  successHome: msg({ id: 'newsletter.successHome', message: 'Successfully subscribed to newsletter!' }),
  successLanding: msg({
    id: 'newsletter.successLanding',
    message: 'Successfully subscribed! You will receive daily summary emails',
  }),
  pendingConfirmation: msg({
    id: 'newsletter.pendingConfirmation',
    message: 'Almost done: please check your inbox to confirm your subscription.',
  }),
  validation: msg({
    id: 'newsletter.validation',
    message: 'Please enter an email and select at least one topic',
  }),
  invalidEmail: msg({ id: 'newsletter.invalidEmail', message: 'Please enter a valid email address' }),
  failureHome: msg({ id: 'newsletter.failureHome', message: 'Failed to subscribe. Please try again.' }),
  failureLanding: msg({
    id: 'newsletter.failureLanding',
    message: 'Subscription failed, please try again later',
  }),
};
