import type { MessageDescriptor } from '@lingui/core';
import { msg } from '@lingui/core/macro';

// The reading texts whose key is chosen at run time, read with a screen's Lingui `t`: `t(messageFor(MAP, key))`.

export const SHORTCUTS_MESSAGES: Record<string, MessageDescriptor> = {
  open: msg({ id: 'reading.shortcuts.open', message: 'Keyboard shortcuts' }),
  title: msg({ id: 'reading.shortcuts.title', message: 'Keyboard shortcuts' }),
  intro: msg({
    id: 'reading.shortcuts.intro',
    message: 'On the summary list, when you are not typing in a field:',
  }),
  next: msg({ id: 'reading.shortcuts.next', message: 'Next summary' }),
  previous: msg({ id: 'reading.shortcuts.previous', message: 'Previous summary' }),
  toggle: msg({ id: 'reading.shortcuts.toggle', message: 'Open or close the summary' }),
  favorite: msg({ id: 'reading.shortcuts.favorite', message: 'Favourite the summary (Pro)' }),
  read: msg({ id: 'reading.shortcuts.read', message: 'Mark the summary as read or unread' }),
  search: msg({ id: 'reading.shortcuts.search', message: 'Search' }),
  help: msg({ id: 'reading.shortcuts.help', message: 'Show these shortcuts' }),
  or: msg({ id: 'reading.shortcuts.or', message: 'or' }),
  close: msg({ id: 'reading.shortcuts.close', message: 'Close' }),
};
