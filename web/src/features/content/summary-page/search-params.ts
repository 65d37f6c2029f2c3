import { isValidTimeZone } from '@app/time/zone';
import { isUuid } from '../../../config/ids';

/**
 * /content-summary query parameters (spec: topic, date, dateFrom, dateTo, timezone; plus the other
 * filters). `summary` opens that one summary in place of the list (the digest's links).
 */
export type ContentSummarySearch = {
  summary?: string;
  topic?: string;
  date?: string;
  dateFrom?: string;
  dateTo?: string;
  timezone?: string;
  q?: string;
  platforms?: string;
  source?: string;
  page?: number;
  favorites?: boolean;
  favoriteSources?: boolean;
  /** `mine`: My feed, what the signed-in reader follows. */
  feed?: 'mine';
  /** Hide what the signed-in reader has read. */
  unread?: boolean;
  /** `for_you`: the signed-in reader's own order (else newest first). */
  order?: 'for_you';
};

const str = (v: unknown, max = 200) => (typeof v === 'string' && v.trim() && v.length <= max ? v : undefined);

export function validateContentSummarySearch(search: Record<string, unknown>): ContentSummarySearch {
  const page = Number(search.page);
  return {
    summary: isUuid(search.summary) ? search.summary : undefined,
    topic: str(search.topic, 64),
    date: str(search.date, 40),
    dateFrom: str(search.dateFrom, 40),
    dateTo: str(search.dateTo, 40),
    timezone: isValidTimeZone(search.timezone) ? (search.timezone as string) : undefined,
    q: str(search.q),
    platforms: str(search.platforms),
    source: str(search.source),
    page: Number.isInteger(page) && page > 1 ? page : undefined,
    favorites: search.favorites === true || search.favorites === 'true' ? true : undefined,
    favoriteSources: search.favoriteSources === true || search.favoriteSources === 'true' ? true : undefined,
    feed: search.feed === 'mine' ? 'mine' : undefined,
    unread: search.unread === true || search.unread === 'true' ? true : undefined,
    order: search.order === 'for_you' ? 'for_you' : undefined,
  };
}
