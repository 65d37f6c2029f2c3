import type { MessageDescriptor } from '@lingui/core';
import { msg } from '@lingui/core/macro';

// The admin texts whose key is chosen at run time, read with a screen's Lingui `t`: `t(messageFor(MAP, key))` (i18n/message-for.ts).

export const BLOG_STATES_MESSAGES: Record<string, MessageDescriptor> = {
  draft: msg({ id: 'admin.blog.states.draft', message: 'Draft' }),
  published: msg({ id: 'admin.blog.states.published', message: 'Published' }),
  archived: msg({ id: 'admin.blog.states.archived', message: 'Archived' }),
};

export const HEALTH_STATES_MESSAGES: Record<string, MessageDescriptor> = {
  healthy: msg({ id: 'admin.health.states.healthy', message: 'Healthy' }),
  failing: msg({ id: 'admin.health.states.failing', message: 'Failing' }),
  stale: msg({ id: 'admin.health.states.stale', message: 'Stale' }),
  never_crawled: msg({ id: 'admin.health.states.never_crawled', message: 'Never crawled' }),
  inactive: msg({ id: 'admin.health.states.inactive', message: 'Disabled' }),
};

export const MESSAGES_MESSAGES: Record<string, MessageDescriptor> = {
  selectTopics: msg({ id: 'admin.messages.selectTopics', message: 'Please select topics' }),
  selectDatasources: msg({ id: 'admin.messages.selectDatasources', message: 'Please select data sources' }),
  selectPlatform: msg({ id: 'admin.messages.selectPlatform', message: 'Please select a platform' }),
  enterSourceName: msg({ id: 'admin.messages.enterSourceName', message: 'Please enter a data source name' }),
  enterKeyword: msg({ id: 'admin.messages.enterKeyword', message: 'Please enter a search keyword' }),
  enterRssUrl: msg({ id: 'admin.messages.enterRssUrl', message: 'Please enter an RSS URL' }),
  enterUrl: msg({ id: 'admin.messages.enterUrl', message: 'Please enter a URL' }),
  invalidConfig: msg({ id: 'admin.messages.invalidConfig', message: 'Config must be valid JSON' }),
  configErrorTitle: msg({ id: 'admin.messages.configErrorTitle', message: 'Config error' }),
  noCrawlable: msg({ id: 'admin.messages.noCrawlable', message: 'No data sources to crawl' }),
  noActive: msg({ id: 'admin.messages.noActive', message: 'No active data sources' }),
  noTasksCreated: msg({ id: 'admin.messages.noTasksCreated', message: 'No crawl tasks were created' }),
  tryLater: msg({ id: 'admin.messages.tryLater', message: 'Please try again later' }),
};

export const OPML_STATUS_MESSAGES: Record<string, MessageDescriptor> = {
  import: msg({ id: 'admin.opml.status.import', message: 'To import' }),
  imported: msg({ id: 'admin.opml.status.imported', message: 'Added' }),
  present: msg({ id: 'admin.opml.status.present', message: 'Already present' }),
  refused: msg({ id: 'admin.opml.status.refused', message: 'Not imported' }),
};

export const PODCASTS_ENGINES_MESSAGES: Record<string, MessageDescriptor> = {
  openai: msg({ id: 'admin.podcasts.engines.openai', message: 'OpenAI speech' }),
  espeak: msg({ id: 'admin.podcasts.engines.espeak', message: 'espeak-ng (installed program)' }),
  none: msg({ id: 'admin.podcasts.engines.none', message: 'none' }),
};

export const PODCASTS_FAILURE_REASONS_MESSAGES: Record<string, MessageDescriptor> = {
  no_speech_engine: msg({
    id: 'admin.podcasts.failureReasons.no_speech_engine',
    message: 'No audio: the worker had no speech engine',
  }),
  speech_failed: msg({
    id: 'admin.podcasts.failureReasons.speech_failed',
    message: 'No audio: speech synthesis failed',
  }),
  audio_failed: msg({
    id: 'admin.podcasts.failureReasons.audio_failed',
    message: 'No audio: the MP3 could not be made or stored',
  }),
  no_summaries: msg({
    id: 'admin.podcasts.failureReasons.no_summaries',
    message: 'No summaries to read that day',
  }),
  error: msg({ id: 'admin.podcasts.failureReasons.error', message: 'Could not be made' }),
};

export const PODCASTS_LANGUAGES_MESSAGES: Record<string, MessageDescriptor> = {
  EN: msg({ id: 'admin.podcasts.languages.EN', message: 'English' }),
  ZH: msg({ id: 'admin.podcasts.languages.ZH', message: 'Chinese' }),
};

export const PODCASTS_OUTCOMES_MESSAGES: Record<string, MessageDescriptor> = {
  queued: msg({ id: 'admin.podcasts.outcomes.queued', message: 'queued' }),
  already_queued: msg({
    id: 'admin.podcasts.outcomes.already_queued',
    message: 'already waiting in the queue',
  }),
  already_processing: msg({
    id: 'admin.podcasts.outcomes.already_processing',
    message: 'already being made',
  }),
  already_completed: msg({ id: 'admin.podcasts.outcomes.already_completed', message: 'already done' }),
  no_summaries: msg({ id: 'admin.podcasts.outcomes.no_summaries', message: 'no summaries that day' }),
};

export const PODCASTS_STATUSES_MESSAGES: Record<string, MessageDescriptor> = {
  pending: msg({ id: 'admin.podcasts.statuses.pending', message: 'Waiting' }),
  processing: msg({ id: 'admin.podcasts.statuses.processing', message: 'Being made' }),
  completed: msg({ id: 'admin.podcasts.statuses.completed', message: 'Done' }),
  failed: msg({ id: 'admin.podcasts.statuses.failed', message: 'Failed' }),
};

export const QUEUES_STATES_MESSAGES: Record<string, MessageDescriptor> = {
  waiting: msg({ id: 'admin.queues.states.waiting', message: 'Waiting' }),
  active: msg({ id: 'admin.queues.states.active', message: 'Running' }),
  delayed: msg({ id: 'admin.queues.states.delayed', message: 'Delayed' }),
  prioritized: msg({ id: 'admin.queues.states.prioritized', message: 'Prioritized' }),
  completed: msg({ id: 'admin.queues.states.completed', message: 'Completed' }),
  failed: msg({ id: 'admin.queues.states.failed', message: 'Failed' }),
};

export const STORIES_LANGUAGES_MESSAGES: Record<string, MessageDescriptor> = {
  EN: msg({ id: 'admin.stories.languages.EN', message: 'English' }),
  ZH: msg({ id: 'admin.stories.languages.ZH', message: 'Chinese' }),
};

export const SUBMISSIONS_STATES_MESSAGES: Record<string, MessageDescriptor> = {
  pending: msg({ id: 'admin.submissions.states.pending', message: 'Pending' }),
  approved: msg({ id: 'admin.submissions.states.approved', message: 'Approved' }),
  rejected: msg({ id: 'admin.submissions.states.rejected', message: 'Rejected' }),
  all: msg({ id: 'admin.submissions.states.all', message: 'All' }),
};

export const SUBSCRIBERS_LANGUAGES_MESSAGES: Record<string, MessageDescriptor> = {
  en: msg({ id: 'admin.subscribers.languages.en', message: 'English' }),
  zh: msg({ id: 'admin.subscribers.languages.zh', message: 'Chinese' }),
};

export const SUBSCRIBERS_REASONS_MESSAGES: Record<string, MessageDescriptor> = {
  hard_bounce: msg({ id: 'admin.subscribers.reasons.hard_bounce', message: 'Hard bounce' }),
  complaint: msg({ id: 'admin.subscribers.reasons.complaint', message: 'Spam complaint' }),
};

export const SUBSCRIBERS_STATUSES_MESSAGES: Record<string, MessageDescriptor> = {
  active: msg({ id: 'admin.subscribers.statuses.active', message: 'Active' }),
  bouncing: msg({ id: 'admin.subscribers.statuses.bouncing', message: 'Bouncing' }),
  unsubscribed: msg({ id: 'admin.subscribers.statuses.unsubscribed', message: 'Unsubscribed' }),
};

export const USAGE_FEATURES_MESSAGES: Record<string, MessageDescriptor> = {
  summary: msg({ id: 'admin.usage.features.summary', message: 'Summaries' }),
  daily_summary: msg({ id: 'admin.usage.features.daily_summary', message: 'Daily summaries' }),
  generation: msg({ id: 'admin.usage.features.generation', message: 'Generation' }),
  podcast_script: msg({ id: 'admin.usage.features.podcast_script', message: 'Podcast scripts' }),
  podcast_speech: msg({ id: 'admin.usage.features.podcast_speech', message: 'Podcast speech' }),
  story_matching: msg({ id: 'admin.usage.features.story_matching', message: 'Story matching' }),
  search_translation: msg({ id: 'admin.usage.features.search_translation', message: 'Search translation' }),
};

export const PODCASTS_ENCODERS_MESSAGES: Record<string, MessageDescriptor> = {
  ffmpeg: msg({ id: 'admin.podcasts.encoders.ffmpeg', message: 'ffmpeg' }),
  lamejs: msg({ id: 'admin.podcasts.encoders.lamejs', message: 'lamejs (JavaScript)' }),
};

export const SUBSCRIBERS_SOURCES_MESSAGES: Record<string, MessageDescriptor> = {
  smtp: msg({ id: 'admin.subscribers.sources.smtp', message: 'SMTP reply' }),
  webhook: msg({ id: 'admin.subscribers.sources.webhook', message: 'provider webhook' }),
  dsn: msg({ id: 'admin.subscribers.sources.dsn', message: 'bounce report' }),
};
