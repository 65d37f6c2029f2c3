import type { PodcastDto } from '@app/contracts';
import type { MessageDescriptor } from '@lingui/core';
import { msg } from '@lingui/core/macro';
import type { QuickPick } from './podcast-utils';

// The podcast texts whose id is picked at run time, declared where `lingui extract` finds them and read
// with a screen's Lingui `t`: `t(QUICK_PICK_MESSAGES[pick])`.

export const QUICK_PICK_MESSAGES: Record<QuickPick, MessageDescriptor> = {
  today: msg({ id: 'podcast.quick.today', message: 'Today' }),
  yesterday: msg({ id: 'podcast.quick.yesterday', message: 'Yesterday' }),
  lastWeek: msg({ id: 'podcast.quick.lastWeek', message: 'Last week' }),
  lastMonth: msg({ id: 'podcast.quick.lastMonth', message: 'Last month' }),
};

/** The language a podcast is spoken in. */
export const LANGUAGE_MESSAGES: Record<PodcastDto['language'], MessageDescriptor> = {
  EN: msg({ id: 'podcast.language.EN', message: 'English' }),
  ZH: msg({ id: 'podcast.language.ZH', message: 'Chinese' }),
};

/** Why a podcast has no audio. */
export const UNAVAILABLE_MESSAGES: Record<NonNullable<PodcastDto['failure_reason']>, MessageDescriptor> = {
  no_speech_engine: msg({
    id: 'podcast.unavailableReason.no_speech_engine',
    message:
      'No speech engine was set up on the server when this podcast was made. You can read its transcript.',
  }),
  speech_failed: msg({
    id: 'podcast.unavailableReason.speech_failed',
    message: 'The speech engine could not speak this podcast. You can read its transcript.',
  }),
  audio_failed: msg({
    id: 'podcast.unavailableReason.audio_failed',
    message: 'The audio file of this podcast could not be made or saved. You can read its transcript.',
  }),
  no_summaries: msg({
    id: 'podcast.unavailableReason.no_summaries',
    message: 'There were no summaries to read that day.',
  }),
  error: msg({
    id: 'podcast.unavailableReason.error',
    message: 'This podcast could not be made. You can read its transcript.',
  }),
};
