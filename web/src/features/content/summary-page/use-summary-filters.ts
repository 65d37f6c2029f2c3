import { useLingui } from '@lingui/react/macro';
import { useNavigate, useSearch } from '@tanstack/react-router';
import { useEffect, useState } from 'react';
import { useAuth } from '../../auth/auth-provider';
import { showErrorToast } from '../../ui/toast';
import { useUpgradeDialog } from '../upgrade-dialog';
import { readStoredTimeZone } from '../use-time-zone';
import {
  DEFAULT_TIME_ZONE,
  dateParamToLocalDate,
  isInFreeWindow,
  TIME_ZONE_STORAGE_KEY,
} from '../zoned-dates';
import type { DateRange } from './date-filter';
import type { ContentSummarySearch } from './search-params';

const SEARCH_MIN = 4;
/** Read by the gateway (lib/page-preloads.ts): the page's document then preloads the list in this zone. */
const ZONE_COOKIE = 'preferred_timezone';

/** The picked zone as a cookie beside the stored one (null: the default zone, no cookie). */
function shareZone(zone: string | null) {
  // biome-ignore lint/suspicious/noDocumentCookie: the Cookie Store API is missing from browsers the app supports
  document.cookie = zone
    ? `${ZONE_COOKIE}=${encodeURIComponent(zone)}; path=/; max-age=31536000; samesite=lax`
    : `${ZONE_COOKIE}=; path=/; max-age=0; samesite=lax`;
}

type Options = {
  /** Called after every filter or page change (the page collapses the open card). */
  onChange: () => void;
  /** False when the reader may not use favourites (and has been told why). */
  ensureFavoritesAllowed: () => boolean;
};

export type SummaryFilters = ReturnType<typeof useSummaryFilters>;

/**
 * The summary page's filters. They live in the URL: every change navigates, resets the page to 1 and
 * leaves an opened summary for the list; only the search box keeps a draft until it is submitted.
 */
export function useSummaryFilters({ onChange, ensureFavoritesAllowed }: Options) {
  const { t } = useLingui();
  const { isPro } = useAuth();
  const openUpgrade = useUpgradeDialog();
  const search = useSearch({ strict: false }) as ContentSummarySearch;
  const navigate = useNavigate();

  const timeZone = search.timezone ?? readStoredTimeZone();
  const [searchText, setSearchText] = useState(search.q ?? '');
  useEffect(() => setSearchText(search.q ?? ''), [search.q]);

  const update = (patch: Partial<ContentSummarySearch>, keepPage = false) => {
    void navigate({
      to: '/content-summary',
      search: (prev: ContentSummarySearch) => ({
        ...prev,
        summary: undefined,
        ...patch,
        ...(keepPage ? {} : { page: undefined }),
      }),
      replace: false,
    } as never);
    onChange();
  };

  const range: DateRange = search.date
    ? { from: dateParamToLocalDate(search.date, timeZone), to: dateParamToLocalDate(search.date, timeZone) }
    : search.dateFrom && search.dateTo
      ? { from: search.dateFrom, to: search.dateTo }
      : null;

  const platforms = search.platforms ? search.platforms.split(',').filter(Boolean) : [];

  const submitSearch = () => {
    const text = searchText.trim();
    if (text && [...text].length < SEARCH_MIN) {
      showErrorToast(
        t({ id: 'content.summary.searchTooShortTitle', message: 'Search term too short' }),
        t({
          id: 'content.summary.searchTooShort',
          message: 'Search term must be at least 4 characters for better performance',
        }),
      );
      return;
    }
    update({ q: text || undefined });
  };

  /** Returns false when the range is refused (free plan outside its window: the upgrade dialog opens). */
  const changeRange = (next: DateRange): boolean => {
    if (next && !isPro && !isInFreeWindow(next.from, next.to, timeZone)) {
      openUpgrade('date_filter');
      return false;
    }
    if (!next) update({ date: undefined, dateFrom: undefined, dateTo: undefined });
    else if (next.from === next.to) update({ date: next.from, dateFrom: undefined, dateTo: undefined });
    else update({ date: undefined, dateFrom: next.from, dateTo: next.to });
    return true;
  };

  const changeTimeZone = (zone: string | null) => {
    try {
      if (zone) localStorage.setItem(TIME_ZONE_STORAGE_KEY, zone);
      else localStorage.removeItem(TIME_ZONE_STORAGE_KEY);
    } catch {
      // unavailable storage: the URL still carries the zone
    }
    shareZone(zone);
    update({ timezone: zone ?? undefined });
  };
  // A zone stored before the cookie existed is shared too.
  useEffect(() => {
    const stored = readStoredTimeZone();
    shareZone(stored === DEFAULT_TIME_ZONE ? null : stored);
  }, []);

  const toggleFavoriteFilter = (key: 'favorites' | 'favoriteSources', on: boolean) => {
    if (on && !ensureFavoritesAllowed()) return;
    update({ [key]: on || undefined });
  };

  // The view (All or My feed), the order and "Hide read" are how the reader reads, not filters: they stay.
  const clear = () => {
    setSearchText('');
    void navigate({
      to: '/content-summary',
      search: { feed: search.feed, unread: search.unread, order: search.order },
    } as never);
  };

  return {
    search,
    page: search.page ?? 1,
    timeZone,
    range,
    platforms,
    searchText,
    setSearchText,
    submitSearch,
    changeRange,
    changeTimeZone,
    toggleFavoriteFilter,
    clear,
    changeTopic: (topic: string | null) => update({ topic: topic || undefined }),
    changePlatforms: (next: string[]) => update({ platforms: next.length ? next.join(',') : undefined }),
    changeSource: (source: string | undefined) => update({ source }),
    /** All summaries, or My feed (what the reader follows). */
    changeFeed: (feed: 'mine' | undefined) => update({ feed }),
    changeHideRead: (on: boolean) => update({ unread: on || undefined }),
    /** Newest first, or the reader's own order. */
    changeOrder: (order: 'for_you' | undefined) => update({ order }),
    changePage: (page: number) => update({ page: page > 1 ? page : undefined }, true),
    /** Back from one opened summary to the list its filters make. */
    showAll: () => update({}, true),
  };
}
