import { useLingui } from '@lingui/react/macro';
import type { SummaryDto, SummaryListResponse } from '@app/contracts';
import { Alert, Button, Center, Loader, Paper, Stack, Text } from '@mantine/core';
import { IconAlertTriangle, IconRefresh } from '@tabler/icons-react';
import type { UseQueryResult } from '@tanstack/react-query';
import { memo, type ReactNode, useEffect, useState } from 'react';
import type { Language } from '../../../i18n/language';
import { SummaryCard } from '../summary-card';
import type { useFavorites } from '../use-favorites';
import { PageNav } from './page-nav';
import { errorText } from '../../../api/error-text';

type Props = {
  summaries: UseQueryResult<SummaryListResponse>;
  /** The server refused the date range (the upgrade dialog is open): no retry button. */
  isDateRefused: boolean;
  page: number;
  onPage: (page: number) => void;
  /** The one card shown in full, if any. */
  expanded: string | null;
  onExpand: (id: string | null) => void;
  favorites: ReturnType<typeof useFavorites>;
  language: Language;
  timeZone: string;
  /** What a signed-in reader's cards add: the read marker, their actions, and marking read on opening. */
  reading?: CardReading;
  /** Shown in place of the default words when the list is empty. */
  empty?: ReactNode;
};

export type CardReading = {
  extras: (summary: SummaryDto) => { readMarker?: ReactNode; actions?: ReactNode; note?: ReactNode };
  onOpen: (summary: SummaryDto) => void;
};

/** Cards drawn in the first frame: a phone's screen holds two or three. */
const FIRST_CARDS = 4;
/** Cards added in each later frame: a few at a time, so no frame blocks a tap for long. */
const MORE_CARDS = 4;

/**
 * How many of `list`'s items to draw: FIRST_CARDS at once, then MORE_CARDS after each paint. A page
 * of cards at once was one long task on a phone's CPU, and its first card (the largest text on the
 * screen) waited for the last. A new list starts over.
 */
function useDrawnCount(list: readonly unknown[] | undefined): number {
  const total = list?.length ?? 0;
  const [drawn, setDrawn] = useState({ list, count: FIRST_CARDS });
  const count = drawn.list === list ? drawn.count : FIRST_CARDS;
  if (drawn.list !== list) setDrawn({ list, count });
  useEffect(() => {
    if (count >= total) return;
    // After the next paint (a timer queued from the frame callback runs once the frame is drawn).
    let timer: ReturnType<typeof setTimeout> | undefined;
    const frame = requestAnimationFrame(() => {
      timer = setTimeout(() => setDrawn({ list, count: count + MORE_CARDS }), 0);
    });
    return () => {
      cancelAnimationFrame(frame);
      clearTimeout(timer);
    };
  }, [list, count, total]);
  return Math.min(count, total);
}

type ListCardProps = Pick<Props, 'onExpand' | 'favorites' | 'language' | 'timeZone' | 'reading'> & {
  summary: SummaryDto;
  isExpanded: boolean;
};

/**
 * One card of the list. Memoised: each step of drawing the list (useDrawnCount) leaves the props of
 * the cards already drawn as they were, so only the new cards render; redrawing them all on every
 * step was most of the page's blocking time on a phone. A change in the page above (favourites,
 * follows, read state, the open card) brings new props and redraws them.
 */
const ListCard = memo(function ListCard({
  summary,
  isExpanded,
  onExpand,
  favorites,
  language,
  timeZone,
  reading,
}: ListCardProps) {
  return (
    <SummaryCard
      summary={summary}
      expanded={isExpanded}
      onToggle={() => onExpand(isExpanded ? null : summary.id)}
      onOpen={reading && (() => reading.onOpen(summary))}
      isRead={summary.read === true}
      {...reading?.extras(summary)}
      language={language}
      timeZone={timeZone}
      isSourceFavorite={Boolean(summary.datasource && favorites.sourceIds.has(summary.datasource.id))}
      isSummaryFavorite={favorites.summaryIds.has(summary.id)}
      onFavorite={(kind, id, on) => favorites.toggle(kind, id, on)}
    />
  );
});

/** The summary cards in their states: loading, error, empty, or the page with its pagination. */
export function SummaryList({
  summaries,
  isDateRefused,
  page,
  onPage,
  expanded,
  onExpand,
  favorites,
  language,
  timeZone,
  reading,
  empty,
}: Props) {
  const { t } = useLingui();
  const data = summaries.data;
  const totalPages = data?.total_pages ?? 0;
  const drawn = useDrawnCount(data?.data);

  // Pending: on its way, or waiting for the reader's session to be known.
  if (summaries.isPending) {
    return (
      // As tall as the screen: the list that replaces it is, so what is below (the footer) does not
      // jump when it arrives.
      <Center py="xl" mih="100vh" style={{ alignItems: 'flex-start' }} data-testid="summaries-loading">
        <Loader />
      </Center>
    );
  }
  if (summaries.isError) {
    return (
      <Alert
        color="red"
        icon={<IconAlertTriangle size={18} />}
        title={t({ id: 'content.summary.loadFailed', message: 'Failed to load' })}
        data-testid="summaries-error"
      >
        <Stack gap="xs" align="flex-start">
          <Text size="sm">{errorText(t, summaries.error)}</Text>
          {!isDateRefused ? (
            <Button
              size="xs"
              variant="light"
              leftSection={<IconRefresh size={14} />}
              onClick={() => summaries.refetch()}
            >
              {t({ id: 'content.home.retry', message: 'Retry' })}
            </Button>
          ) : null}
        </Stack>
      </Alert>
    );
  }
  if (!data || data.data.length === 0) {
    if (empty) return empty;
    return (
      <Paper withBorder p="xl" radius="md" ta="center" data-testid="summaries-empty">
        <Text c="dimmed">
          {t({ id: 'content.summary.empty', message: 'No summaries match these filters' })}
        </Text>
      </Paper>
    );
  }
  return (
    <Stack
      gap="sm"
      data-testid="summary-list"
      // A screen tall until every card is drawn, as the loading state is: what is below stays put.
      mih={drawn < data.data.length ? '100vh' : undefined}
      style={{ opacity: summaries.isPlaceholderData ? 0.6 : 1 }}
    >
      {data.data.slice(0, drawn).map((summary) => (
        <ListCard
          key={summary.id}
          summary={summary}
          isExpanded={expanded === summary.id}
          onExpand={onExpand}
          favorites={favorites}
          language={language}
          timeZone={timeZone}
          reading={reading}
        />
      ))}
      {totalPages > 1 && drawn === data.data.length ? (
        <PageNav
          page={page}
          total={totalPages}
          onChange={(p) => {
            onPage(p);
            window.scrollTo({ top: 0 });
          }}
        />
      ) : null}
    </Stack>
  );
}
