import { useLingui } from '@lingui/react/macro';
import type { SummaryDto } from '@app/contracts';
import { Center, Loader } from '@mantine/core';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { lazy, type ReactNode, type RefObject, useState } from 'react';
import { contentKeys, type SummaryListParams, type TopicDto } from '../../queries/content';
import { markAllBodyOf, readingSettingsQueryOptions } from '../../queries/reading';
import { useAuth } from '../auth/auth-provider';
import type { FilterCardControl } from '../content/summary-page/summary-filter-card';
import type { SummaryFilters } from '../content/summary-page/use-summary-filters';
import type { useFavorites } from '../content/use-favorites';
import { OnDemandDialog } from '../ui/on-demand-dialog';
import { showErrorToast } from '../ui/toast';
import { FeedSignIn, FollowNothing, MyFeedLink, NothingUnread } from './feed-states';
import { ReadingToolbar } from './reading-toolbar';
import { UnreadBadge } from './unread-badge';
import { SHORTCUTS } from './list-shortcuts';
import { useListShortcuts } from './use-list-shortcuts';
import { useMarkAllRead } from './use-mark-all-read';
import { useMarkReadOnScroll } from './use-mark-read-on-scroll';
import { useCardReading } from './use-card-reading';
import { useUnreadCounts } from './use-unread-counts';

// Both dialogs are fetched the first time they open.
const MarkAllDialog = lazy(() => import('./mark-all-dialog').then((m) => ({ default: m.MarkAllDialog })));
const ShortcutsDialog = lazy(() =>
  import('./shortcuts-dialog').then((m) => ({ default: m.ShortcutsDialog })),
);

type Options = {
  filters: SummaryFilters;
  /** The list as useSummaryData loads it. */
  list: { summaries: { data?: { data: SummaryDto[] } }; params: SummaryListParams; needsSignIn: boolean };
  topics: TopicDto[] | undefined;
  favorites: ReturnType<typeof useFavorites>;
  language: 'en' | 'zh';
  filterCard: RefObject<FilterCardControl | null>;
  /** After the sidebar's My feed link (the phone's drawer closes). */
  onSidebarChoice: () => void;
};

/**
 * The summary page's part of the reader's own front page: All or My feed, read state on the cards,
 * Hide read, Mark all as read, unread counts in the sidebar, the list's keys, and (a reading setting)
 * marking read the cards scrolled past. Signed-in readers get all of it; a visitor sees the feed
 * switch (My feed asks them to sign in) and the keys.
 */
export function useSummaryReading({
  filters,
  list,
  topics,
  favorites,
  language,
  filterCard,
  onSidebarChoice,
}: Options) {
  const { t } = useLingui();
  const { isAuthenticated, user } = useAuth();
  const queryClient = useQueryClient();
  const { cardReading, readState, follows, announcer } = useCardReading({ language, topics });
  const counts = useUnreadCounts(language, filters.timeZone);
  const [markAllOpen, setMarkAllOpen] = useState(false);
  const [helpOpen, setHelpOpen] = useState(false);
  const markAll = useMarkAllRead((text) => {
    setMarkAllOpen(false);
    readState.announce(text);
  });
  const isMyFeed = filters.search.feed === 'mine';
  const hideRead = Boolean(filters.search.unread);
  const markAllBody = markAllBodyOf(list.params);
  const hasCards = Boolean(list.summaries.data?.data.length);

  const findSummary = (id: string) =>
    list.summaries.data?.data.find((summary) => summary.id === id) ??
    queryClient.getQueryData<SummaryDto>(contentKeys.summary(id, filters.timeZone));

  useListShortcuts(
    {
      favorite: (id) => {
        const on = !favorites.summaryIds.has(id);
        const title = findSummary(id)?.headline ?? '';
        favorites.toggle('summaries', id, on, () =>
          readState.announce(
            on
              ? t({ id: 'reading.favorite.saved', message: `Saved to favourites: ${title}` })
              : t({ id: 'reading.favorite.removed', message: `Removed from favourites: ${title}` }),
          ),
        );
      },
      toggleRead: (id) => {
        if (!isAuthenticated)
          return showErrorToast(
            t({ id: 'reading.read.signInFirst', message: 'Sign in to keep track of what you have read' }),
          );
        const summary = findSummary(id);
        if (summary) readState.setRead(summary, summary.read !== true);
      },
      search: () => filterCard.current?.focusSearch(),
      help: () => setHelpOpen(true),
    },
    true,
  );

  // A reading setting: cards scrolled past count as read (opened ones always do).
  const settings = useQuery(readingSettingsQueryOptions(user?.id ?? null));
  useMarkReadOnScroll(isAuthenticated && settings.data?.mark_read_on_scroll === true, (ids) =>
    readState.markPassed(
      ids.flatMap((id) => {
        const summary = findSummary(id);
        return summary && summary.read !== true ? [summary] : [];
      }),
    ),
  );

  const followsNothing = follows.data && follows.data.topics.length + follows.data.datasources.length === 0;
  let empty: ReactNode;
  if (isMyFeed && follows.isLoading) {
    empty = (
      <Center py="xl">
        <Loader />
      </Center>
    );
  } else if (isMyFeed && followsNothing) empty = <FollowNothing topics={topics} language={language} />;
  else if (isMyFeed || hideRead) empty = <NothingUnread isMyFeed={isMyFeed} hideRead={hideRead} />;

  return {
    cardReading,
    /** In place of the list: a visitor on My feed is asked to sign in. */
    replacement: list.needsSignIn ? <FeedSignIn /> : null,
    empty,
    toolbar: (
      <ReadingToolbar
        isSignedIn={isAuthenticated}
        feed={filters.search.feed}
        onFeed={filters.changeFeed}
        order={filters.search.order}
        onOrder={filters.changeOrder}
        hideRead={hideRead}
        onHideRead={filters.changeHideRead}
        unreadInFeed={counts.data?.followed}
        hasCards={hasCards}
        onMarkAll={() => setMarkAllOpen(true)}
        onShortcuts={() => setHelpOpen(true)}
      />
    ),
    sidebarHeader: isAuthenticated ? (
      <MyFeedLink
        active={isMyFeed}
        unread={counts.data?.followed}
        onSelect={() => {
          filters.changeFeed('mine');
          onSidebarChoice();
        }}
      />
    ) : undefined,
    topicExtra: isAuthenticated
      ? (topicId: string) => <UnreadBadge count={counts.byTopic.get(topicId)} />
      : undefined,
    /** The dialogs and the live region that says what changed. */
    overlays: (
      <>
        {announcer}
        <OnDemandDialog opened={markAllOpen}>
          {(opened) => (
            <MarkAllDialog
              opened={opened}
              onClose={() => setMarkAllOpen(false)}
              onConfirm={() => markAll.mutate(markAllBody)}
              isPending={markAll.isPending}
              isMyFeed={isMyFeed}
            />
          )}
        </OnDemandDialog>
        <OnDemandDialog opened={helpOpen}>
          {(opened) => (
            <ShortcutsDialog opened={opened} onClose={() => setHelpOpen(false)} shortcuts={SHORTCUTS} />
          )}
        </OnDemandDialog>
      </>
    ),
  };
}
