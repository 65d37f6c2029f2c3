import { useLingui } from '@lingui/react/macro';
import { ph, plural } from '@lingui/core/macro';
import { Box, Button, Group, Stack, Text, Title } from '@mantine/core';
import { useMediaQuery } from '@mantine/hooks';
import { IconListTree, IconPlus } from '@tabler/icons-react';
import { lazy, useRef, useState } from 'react';
import { useLanguage } from '../../../i18n/language-provider';
import { useAuth } from '../../auth/auth-provider';
import { showErrorToast } from '../../ui/toast';
import { useDocumentTitle } from '../../ui/use-document-title';
import { UpgradeDialogProvider } from '../upgrade-dialog';
import { useFavorites } from '../use-favorites';
import { SourceTree } from './source-tree';
import { SourcesPanel } from './sources-panel';
import { OnDemandDialog } from '../../ui/on-demand-dialog';
import { OpenedSummary } from './opened-summary';
import { OtherLanguageResults } from '../../reading/other-language';
import { useSummaryReading } from '../../reading/use-summary-reading';
import { type FilterCardControl, SummaryFilterCard } from './summary-filter-card';
import { SummaryList } from './summary-list';
import { useSummaryData } from './use-summary-data';
import { useSummaryFilters } from './use-summary-filters';

const MOBILE_QUERY = '(max-width: 639px)';

// The suggestion form is fetched when it is first opened.
const SuggestSourceDialog = lazy(() =>
  import('../suggest-source-dialog').then((m) => ({ default: m.SuggestSourceDialog })),
);

export function ContentSummaryPage() {
  return (
    <UpgradeDialogProvider>
      <ContentSummary />
    </UpgradeDialogProvider>
  );
}

/** The page: header and counters, the source tree, the filter card and the summary list. */
function ContentSummary() {
  const { t } = useLingui();
  const { language } = useLanguage();
  const { isAuthenticated } = useAuth();
  // Known on the first render (not after an effect): the filter card starts closed on phones and the
  // sources panel is a drawer there from the start.
  const isMobile = useMediaQuery(MOBILE_QUERY, false, { getInitialValueInEffect: false });
  const favorites = useFavorites();
  const [drawerOpen, setDrawerOpen] = useState(false);
  const [suggestOpen, setSuggestOpen] = useState(false);
  // Once opened, the form stays mounted (it fades out, and keeps its thank-you timer).
  const [expanded, setExpanded] = useState<string | null>(null);
  const filters = useSummaryFilters({
    onChange: () => setExpanded(null),
    ensureFavoritesAllowed: favorites.ensureAllowed,
  });
  const data = useSummaryData(filters, language, favorites.sourceIds);
  const { summaries, topics, tree, isDateRefused, filteredSourceCount } = data;
  const filterCard = useRef<FilterCardControl>(null);
  // What the reader follows and has read: My feed, read cards, unread counts, the list's keys.
  const reading = useSummaryReading({
    filters,
    list: data,
    topics: topics.data,
    favorites,
    language,
    filterCard,
    onSidebarChoice: () => setDrawerOpen(false),
  });
  useDocumentTitle(t({ id: 'content.summary.title', message: 'Daily summaries' }));

  return (
    <Box px={{ base: 'sm', sm: 'lg' }} py="lg" maw={1400} mx="auto">
      <Group justify="space-between" mb="md" wrap="wrap" gap="sm">
        <Stack gap={2}>
          <Title order={1} fz={{ base: 24, sm: 30 }}>
            {t({ id: 'content.summary.title', message: 'Daily summaries' })}
          </Title>
          <Group gap="md">
            <Text size="sm" c="dimmed" data-testid="summary-count">
              {t({
                id: 'content.summary.filteredSummaries',
                message: plural(ph({ count: summaries.data?.summary_total ?? summaries.data?.total ?? 0 }), {
                  one: `# summary`,
                  other: `# summaries`,
                }),
              })}
              {summaries.data?.total_capped ? '+' : ''}
            </Text>
            <Text size="sm" c="dimmed" data-testid="source-count">
              {t({
                id: 'content.summary.filteredSources',
                message: plural(ph({ count: filteredSourceCount }), {
                  one: `# data source`,
                  other: `# data sources`,
                }),
              })}
            </Text>
          </Group>
        </Stack>
        <Group gap="xs">
          {isMobile ? (
            <Button
              variant="default"
              leftSection={<IconListTree size={16} aria-hidden />}
              onClick={() => setDrawerOpen(true)}
              data-testid="open-sources-drawer"
            >
              {t({ id: 'content.summary.openSources', message: 'Data sources' })}
            </Button>
          ) : null}
          <Button
            variant="light"
            leftSection={<IconPlus size={16} aria-hidden />}
            onClick={() => {
              if (!isAuthenticated)
                return showErrorToast(
                  t({ id: 'content.suggest.authRequired', message: 'Please sign in to suggest a source' }),
                );
              setSuggestOpen(true);
            }}
          >
            {t({ id: 'content.summary.suggestSource', message: 'Suggest a source' })}
          </Button>
        </Group>
      </Group>

      <Group align="flex-start" wrap="nowrap" gap="md">
        <SourcesPanel isMobile={isMobile} drawerOpen={drawerOpen} onDrawerClose={() => setDrawerOpen(false)}>
          <SourceTree
            tree={tree.data}
            isLoading={tree.isLoading}
            selected={filters.search.source}
            onSelect={(name) => {
              filters.changeSource(name);
              setDrawerOpen(false);
            }}
            favoriteIds={favorites.sourceIds}
            onFavorite={(id, on) => favorites.toggle('datasources', id, on)}
            language={language}
            timeZone={filters.timeZone}
            header={reading.sidebarHeader}
            topicExtra={reading.topicExtra}
          />
        </SourcesPanel>

        <Stack style={{ flex: 1, minWidth: 0 }} gap="md">
          {reading.toolbar}
          <SummaryFilterCard
            control={filterCard}
            filters={filters}
            topics={topics.data}
            language={language}
            initiallyOpen={!isMobile}
          />
          {filters.search.summary ? (
            <OpenedSummary
              key={filters.search.summary}
              id={filters.search.summary}
              onShowAll={filters.showAll}
              favorites={favorites}
              language={language}
              timeZone={filters.timeZone}
              reading={reading.cardReading}
            />
          ) : (
            (reading.replacement ?? (
              <>
                {summaries.data?.other_language ? (
                  <OtherLanguageResults
                    block={summaries.data.other_language}
                    language={language}
                    timeZone={filters.timeZone}
                  />
                ) : null}
                <SummaryList
                  summaries={summaries}
                  isDateRefused={isDateRefused}
                  page={filters.page}
                  onPage={filters.changePage}
                  expanded={expanded}
                  onExpand={setExpanded}
                  favorites={favorites}
                  language={language}
                  timeZone={filters.timeZone}
                  reading={reading.cardReading}
                  empty={reading.empty}
                />
              </>
            ))
          )}
        </Stack>
      </Group>
      {reading.overlays}
      <OnDemandDialog opened={suggestOpen}>
        {(opened) => <SuggestSourceDialog opened={opened} onClose={() => setSuggestOpen(false)} />}
      </OnDemandDialog>
    </Box>
  );
}
