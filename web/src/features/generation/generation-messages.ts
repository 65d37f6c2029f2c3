import type { GenerationStyle } from '@app/contracts';
import { msg } from '@lingui/core/macro';
import type { MessageDescriptor } from '@lingui/core';

// The generation texts whose id is picked at run time (a task's status, a style, a limit's code): declared
// here, where `lingui extract` finds them, and read with the Lingui `t` of a screen: `t(STATUS_MESSAGES[s])`.

/** A task's status, and 'submitting' before the server knows the task. */
export const STATUS_MESSAGES = {
  submitting: msg({ id: 'generation.status.submitting', message: 'Submitting' }),
  pending: msg({ id: 'generation.status.pending', message: 'Queued' }),
  processing: msg({ id: 'generation.status.processing', message: 'Processing' }),
  completed: msg({ id: 'generation.status.completed', message: 'Completed' }),
  failed: msg({ id: 'generation.status.failed', message: 'Failed' }),
  cancelled: msg({ id: 'generation.status.cancelled', message: 'Cancelled' }),
} satisfies Record<string, MessageDescriptor>;

/** A style's name and its one-line description. */
export const STYLE_MESSAGES: Record<
  GenerationStyle,
  { name: MessageDescriptor; description: MessageDescriptor }
> = {
  engaging: {
    name: msg({ id: 'generation.styles.engaging', message: 'Engaging' }),
    description: msg({ id: 'generation.styles.engagingDesc', message: 'Lively, with a hook' }),
  },
  professional: {
    name: msg({ id: 'generation.styles.professional', message: 'Professional' }),
    description: msg({ id: 'generation.styles.professionalDesc', message: 'Precise and credible' }),
  },
  casual: {
    name: msg({ id: 'generation.styles.casual', message: 'Casual' }),
    description: msg({ id: 'generation.styles.casualDesc', message: 'Friendly and relaxed' }),
  },
  creative: {
    name: msg({ id: 'generation.styles.creative', message: 'Creative' }),
    description: msg({ id: 'generation.styles.creativeDesc', message: 'An unexpected angle' }),
  },
  analytical: {
    name: msg({ id: 'generation.styles.analytical', message: 'Analytical' }),
    description: msg({ id: 'generation.styles.analyticalDesc', message: 'Key points and implications' }),
  },
};

/** What a 429 answer's code means for the reader; any other code reads as the per-minute limit. */
export const LIMITED_MESSAGES = {
  RATE_LIMITED: msg({
    id: 'generation.limited.RATE_LIMITED',
    message: 'You are starting generations too quickly. Please wait a minute and try again.',
  }),
  TOO_MANY_PENDING_TASKS: msg({
    id: 'generation.limited.TOO_MANY_PENDING_TASKS',
    message: 'You already have the most tasks waiting in the queue. Try again once one of them has started.',
  }),
  GENERATION_QUOTA_EXHAUSTED: msg({
    id: 'generation.limited.GENERATION_QUOTA_EXHAUSTED',
    message:
      'You have used all of this month’s generations. Your quota renews on the first day of next month.',
  }),
  TOO_MANY_CONCURRENT_REQUESTS: msg({
    id: 'generation.limited.TOO_MANY_CONCURRENT_REQUESTS',
    message: 'You already have the most generations running at once. Wait for one to finish.',
  }),
} satisfies Record<string, MessageDescriptor>;

/** The message of a 429 answer's code. */
export function limitedMessage(code: string): MessageDescriptor {
  return Object.hasOwn(LIMITED_MESSAGES, code)
    ? LIMITED_MESSAGES[code as keyof typeof LIMITED_MESSAGES]
    : LIMITED_MESSAGES.RATE_LIMITED;
}

/** A style's name, or undefined for a style this app does not know (an older task's). */
export function styleName(style: string): MessageDescriptor | undefined {
  return Object.hasOwn(STYLE_MESSAGES, style) ? STYLE_MESSAGES[style as GenerationStyle].name : undefined;
}
