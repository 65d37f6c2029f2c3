import { useLingui } from '@lingui/react/macro';
import { Alert, Button, Center, Loader, Stack, Text } from '@mantine/core';
import { IconAlertTriangle, IconArrowLeft } from '@tabler/icons-react';
import { useQuery } from '@tanstack/react-query';
import { useEffect, useRef, useState } from 'react';
import { isApiError } from '../../../api/client';
import { errorText } from '../../../api/error-text';
import type { Language } from '../../../i18n/language';
import { summaryQueryOptions } from '../../../queries/content';
import { SummaryCard } from '../summary-card';
import { useUpgradeDialog } from '../upgrade-dialog';
import type { useFavorites } from '../use-favorites';
import type { CardReading } from './summary-list';

/** The fixed header's height (layout.module.css): a card scrolled to the top starts below it. */
const HEADER_HEIGHT = 64;

type Props = {
  id: string;
  /** Back to the list the page's filters make. */
  onShowAll: () => void;
  favorites: ReturnType<typeof useFavorites>;
  language: Language;
  timeZone: string;
  /** A signed-in reader's: the summary opened is marked read. */
  reading?: CardReading;
};

/**
 * One summary opened in place of the list (/content-summary?summary=…, where a digest entry links):
 * its card shown in full and scrolled into view, with a way back to every summary.
 */
export function OpenedSummary({ id, onShowAll, favorites, language, timeZone, reading }: Props) {
  const { t } = useLingui();
  const openUpgrade = useUpgradeDialog();
  const summary = useQuery(summaryQueryOptions(id, timeZone));
  const [expanded, setExpanded] = useState(true);
  const card = useRef<HTMLDivElement>(null);
  const loadedId = summary.data?.id;

  // Opened is read, once (the reader may mark it unread again).
  const markedRead = useRef(false);
  useEffect(() => {
    if (!summary.data || !reading || markedRead.current) return;
    markedRead.current = true;
    reading.onOpen(summary.data);
  }, [summary.data, reading]);

  useEffect(() => {
    const element = card.current;
    if (!loadedId || !element) return;
    // Brought up only when its beginning is out of sight (on a phone the filters come first).
    const { top } = element.getBoundingClientRect();
    if (top < HEADER_HEIGHT || top > window.innerHeight / 2) element.scrollIntoView({ block: 'start' });
  }, [loadedId]);
  // A summary older than the free plan's window: the same dialog as a refused date.
  const isRefused = isApiError(summary.error) && summary.error.code === 'PRO_REQUIRED';
  useEffect(() => {
    if (isRefused) openUpgrade('date_filter');
  }, [isRefused, openUpgrade]);

  return (
    <Stack gap="sm" data-testid="summary-opened">
      <Button
        variant="subtle"
        leftSection={<IconArrowLeft size={16} aria-hidden />}
        onClick={onShowAll}
        w="fit-content"
        data-testid="summary-show-all"
      >
        {t({ id: 'content.summary.showAll', message: 'All summaries' })}
      </Button>
      {summary.isPending ? (
        <Center py="xl" data-testid="summaries-loading">
          <Loader />
        </Center>
      ) : summary.isError ? (
        <Alert
          color="red"
          icon={<IconAlertTriangle size={18} />}
          title={t({ id: 'content.summary.loadFailed', message: 'Failed to load' })}
          data-testid="summaries-error"
        >
          <Text size="sm">{errorText(t, summary.error)}</Text>
        </Alert>
      ) : (
        <div ref={card} style={{ scrollMarginTop: HEADER_HEIGHT + 16 }}>
          <SummaryCard
            summary={summary.data}
            expanded={expanded}
            onToggle={() => setExpanded((was) => !was)}
            language={language}
            timeZone={timeZone}
            isSourceFavorite={Boolean(
              summary.data.datasource && favorites.sourceIds.has(summary.data.datasource.id),
            )}
            isSummaryFavorite={favorites.summaryIds.has(summary.data.id)}
            onFavorite={(kind, favoriteId, on) => favorites.toggle(kind, favoriteId, on)}
            isRead={summary.data.read === true}
            {...reading?.extras(summary.data)}
          />
        </div>
      )}
    </Stack>
  );
}
