import { useQuery } from '@tanstack/react-query';
import { useEffect, useMemo } from 'react';
import { isApiError } from '../../../api/client';
import type { Language } from '../../../i18n/language';
import {
  type SummaryListParams,
  sourceTreeQueryOptions,
  summariesQueryOptions,
  topicsQueryOptions,
} from '../../../queries/content';
import { useAuth } from '../../auth/auth-provider';
import { useUpgradeDialog } from '../upgrade-dialog';
import type { SummaryFilters } from './use-summary-filters';

/**
 * What the summary page loads for its filters: one page of summaries, the topic list and the
 * source tree, plus the number of data sources the filters leave.
 */
export function useSummaryData(filters: SummaryFilters, language: Language, favoriteSourceIds: Set<string>) {
  const { isPro, user, loading: authLoading } = useAuth();
  const openUpgrade = useUpgradeDialog();
  const { search, platforms, timeZone } = filters;
  const reader = user?.id;
  const isMyFeed = search.feed === 'mine';

  const params: SummaryListParams = {
    page: filters.page,
    q: search.q,
    topic: search.topic,
    platforms,
    source: search.source,
    date: search.date,
    date_from: search.date ? undefined : search.dateFrom,
    date_to: search.date ? undefined : search.dateTo,
    timezone: timeZone,
    language,
    favorites_only: isPro && search.favorites ? true : undefined,
    favorite_sources_only: isPro && search.favoriteSources ? true : undefined,
    followed: reader && isMyFeed ? true : undefined,
    unread: reader && search.unread ? true : undefined,
    order: reader && search.order === 'for_you' ? 'for_you' : undefined,
    // A search also finds the other language's reports of the same stories (on its first page).
    cross_language: search.q && filters.page === 1 ? true : undefined,
    group: 'story',
  };
  const summaries = useQuery({
    ...summariesQueryOptions(params, reader),
    // A returning reader's session is known first (their cards say what they have read); My feed is a
    // signed-in reader's own, and a visitor is asked to sign in instead.
    enabled: !authLoading && (!isMyFeed || Boolean(reader)),
  });
  const topics = useQuery(topicsQueryOptions());
  const tree = useQuery(sourceTreeQueryOptions(language));

  // The server refuses dates outside the free window: the same dialog as a refused pick.
  const refusedDate =
    isApiError(summaries.error) && summaries.error.code === 'PRO_REQUIRED' && summaries.error.fields?.date;
  useEffect(() => {
    if (refusedDate) openUpgrade('date_filter');
  }, [refusedDate, openUpgrade]);

  // biome-ignore lint/correctness/useExhaustiveDependencies: platforms is keyed by its joined value
  const filteredSourceCount = useMemo(() => {
    if (!tree.data) return 0;
    return tree.data.topics
      .filter((topic) => !search.topic || topic.id === search.topic)
      .flatMap((topic) => topic.platforms)
      .filter((p) => platforms.length === 0 || platforms.includes(p.platform))
      .flatMap((p) => p.sources)
      .filter((s) => !search.source || s.name === search.source)
      .filter((s) => !search.favoriteSources || favoriteSourceIds.has(s.id)).length;
  }, [
    tree.data,
    search.topic,
    search.source,
    search.favoriteSources,
    platforms.join(','),
    favoriteSourceIds,
  ]);

  return {
    summaries,
    /** The list's filters as sent (mark-all-as-read uses the same). */
    params,
    topics,
    tree,
    isDateRefused: Boolean(refusedDate),
    filteredSourceCount,
    /** A visitor on My feed: nothing is fetched, the page asks them to sign in. */
    needsSignIn: isMyFeed && !authLoading && !reader,
  };
}
