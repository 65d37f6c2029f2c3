import { isUuid } from '../../config/ids';

// The /daily-podcast search parameters, apart from the page's helpers: the route (in the entry) checks them.

export const isPlainDate = (v: unknown): v is string =>
  typeof v === 'string' && /^\d{4}-\d{2}-\d{2}$/.test(v) && !Number.isNaN(Date.parse(`${v}T00:00:00Z`));

export type PodcastSearch = { date?: string; topic?: string };

/** /daily-podcast?date=YYYY-MM-DD&topic=<topic id>; anything else is dropped. */
export function validatePodcastSearch(search: Record<string, unknown>): PodcastSearch {
  return {
    date: isPlainDate(search.date) ? search.date : undefined,
    topic: isUuid(search.topic) ? search.topic : undefined,
  };
}
