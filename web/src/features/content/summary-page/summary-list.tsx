import type { SummaryListResponse } from '@app/contracts';
import { Alert, Button, Center, Loader, Paper, Stack, Text } from '@mantine/core';
import { IconAlertTriangle, IconRefresh } from '@tabler/icons-react';
import type { UseQueryResult } from '@tanstack/react-query';
import { useTranslation } from '../../../i18n/react';
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
};

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
}: Props) {
  const { t } = useTranslation('content');
  const data = summaries.data;
  const totalPages = data?.total_pages ?? 0;

  if (summaries.isLoading) {
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
        title={t('summary.loadFailed')}
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
              {t('home.retry')}
            </Button>
          ) : null}
        </Stack>
      </Alert>
    );
  }
  if (!data || data.data.length === 0) {
    return (
      <Paper withBorder p="xl" radius="md" ta="center" data-testid="summaries-empty">
        <Text c="dimmed">{t('summary.empty')}</Text>
      </Paper>
    );
  }
  return (
    <Stack gap="sm" data-testid="summary-list" style={{ opacity: summaries.isPlaceholderData ? 0.6 : 1 }}>
      {data.data.map((summary) => (
        <SummaryCard
          key={summary.id}
          summary={summary}
          expanded={expanded === summary.id}
          onToggle={() => onExpand(expanded === summary.id ? null : summary.id)}
          language={language}
          timeZone={timeZone}
          isSourceFavorite={Boolean(summary.datasource && favorites.sourceIds.has(summary.datasource.id))}
          isSummaryFavorite={favorites.summaryIds.has(summary.id)}
          onFavorite={(kind, id, on) => favorites.toggle(kind, id, on)}
        />
      ))}
      {totalPages > 1 ? (
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
