import type { BlogSort } from '@app/contracts';
import type { MessageDescriptor } from '@lingui/core';
import { msg } from '@lingui/core/macro';

/** The blog list's sort orders, read with the page's Lingui `t`. */
export const SORT_MESSAGES: Record<BlogSort, MessageDescriptor> = {
  newest: msg({ id: 'blog.sort.newest', message: 'Newest' }),
  oldest: msg({ id: 'blog.sort.oldest', message: 'Oldest' }),
  popular: msg({ id: 'blog.sort.popular', message: 'Popular' }),
  reading_time: msg({ id: 'blog.sort.reading_time', message: 'Quick read' }),
};
