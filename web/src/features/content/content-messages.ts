import type { MessageDescriptor } from '@lingui/core';
import { msg } from '@lingui/core/macro';
import type { UpgradeFeature } from './upgrade-dialog';
import type { QuickPick } from './zoned-dates';

// The content texts whose id is picked at run time (a check's status, a quick date pick, a Pro feature):
// declared here, where `lingui extract` finds them, and read with a screen's Lingui `t`: `t(QUICK_PICK_MESSAGES[pick])`.

/** A debug check's status, and the counts the language filter check compares. */
export const DEBUG_MESSAGES = {
  pass: msg({ id: 'content.debug.pass', message: 'pass' }),
  error: msg({ id: 'content.debug.error', message: 'error' }),
  pending: msg({ id: 'content.debug.pending', message: 'pending' }),
  datasources: msg({ id: 'content.debug.datasources', message: 'Data sources' }),
  summaries: msg({ id: 'content.debug.summaries', message: 'Summaries' }),
} satisfies Record<string, MessageDescriptor>;

/** The date filter's quick picks. */
export const QUICK_PICK_MESSAGES: Record<QuickPick, MessageDescriptor> = {
  today: msg({ id: 'content.summary.today', message: 'Today' }),
  yesterday: msg({ id: 'content.summary.yesterday', message: 'Yesterday' }),
  last7: msg({ id: 'content.summary.last7', message: 'Last 7 days' }),
  last30: msg({ id: 'content.summary.last30', message: 'Last 30 days' }),
  thisMonth: msg({ id: 'content.summary.thisMonth', message: 'This month' }),
  lastMonth: msg({ id: 'content.summary.lastMonth', message: 'Last month' }),
};

/** Why the upgrade dialog opened: the Pro feature a free reader reached for. */
export const UPGRADE_MESSAGES: Record<UpgradeFeature, MessageDescriptor> = {
  date_filter: msg({
    id: 'content.upgrade.date_filter',
    message:
      'Free accounts can view summaries from yesterday and today. Upgrade to Pro to browse the full archive.',
  }),
  favorites: msg({
    id: 'content.upgrade.favorites',
    message: 'Favourites are a Pro feature. Upgrade to save sources and summaries.',
  }),
  content_generation: msg({
    id: 'content.upgrade.content_generation',
    message: 'Content generation is a Pro feature. Upgrade to turn summaries into posts.',
  }),
  email_subscription: msg({
    id: 'content.upgrade.email_subscription',
    message: 'Email subscriptions are a Pro feature.',
  }),
};
