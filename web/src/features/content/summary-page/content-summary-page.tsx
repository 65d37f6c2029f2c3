import {
  ActionIcon,
  Alert,
  Box,
  Button,
  Card,
  Center,
  Collapse,
  Drawer,
  Group,
  Loader,
  Paper,
  Select,
  SimpleGrid,
  Stack,
  Switch,
  Text,
  TextInput,
  Title,
} from '@mantine/core';
import { useMediaQuery } from '@mantine/hooks';
import {
  IconAdjustments,
  IconAlertTriangle,
  IconLayoutSidebarLeftCollapse,
  IconLayoutSidebarLeftExpand,
  IconListTree,
  IconPlus,
  IconRefresh,
  IconSearch,
} from '@tabler/icons-react';
import { useQuery } from '@tanstack/react-query';
import { useNavigate, useSearch } from '@tanstack/react-router';
import { useEffect, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { isApiError } from '../../../api/client';
import { useLanguage } from '../../../i18n/language-provider';
import { sourceTreeQueryOptions, summariesQueryOptions, topicsQueryOptions } from '../../../queries/content';
import { useAuth } from '../../auth/auth-provider';
import { showErrorToast } from '../../ui/toast';
import { useDocumentTitle } from '../../ui/use-document-title';
import { usePageMeta } from '../page-meta';
import { SummaryCard } from '../summary-card';
import { SuggestSourceDialog } from '../suggest-source-dialog';
import { pageWindow } from '../text';
import { UpgradeDialogProvider, useUpgradeDialog } from '../upgrade-dialog';
import { useFavorites } from '../use-favorites';
import { readStoredTimeZone } from '../use-time-zone';
import { dateParamToLocalDate, isInFreeWindow, TIME_ZONE_STORAGE_KEY, TIME_ZONES } from '../zoned-dates';
import { DateFilter, type DateRange } from './date-filter';
import { PlatformFilter } from './platform-filter';
import type { ContentSummarySearch } from './search-params';
import { SourceTree } from './source-tree';

const MOBILE_QUERY = '(max-width: 639px)';
const SEARCH_MIN = 4;

export function ContentSummaryPage() {
  return (
    <UpgradeDialogProvider>
      <ContentSummary />
    </UpgradeDialogProvider>
  );
}

function ContentSummary() {
  const { t } = useTranslation('content');
  const { language } = useLanguage();
  const { isPro, isAuthenticated } = useAuth();
  const openUpgrade = useUpgradeDialog();
  const search = useSearch({ strict: false }) as ContentSummarySearch;
  const navigate = useNavigate();
  const isMobile = useMediaQuery(MOBILE_QUERY) ?? false;
  const favorites = useFavorites();
  useDocumentTitle(t('summary.title'));
  usePageMeta(
    {
      description: t('seo.summaryDescription'),
      structuredData: {
        '@context': 'https://schema.org',
        '@type': 'CollectionPage',
        name: t('summary.title'),
      },
    },
    t('summary.title'),
  );

  const timeZone = search.timezone ?? readStoredTimeZone();
  const [searchText, setSearchText] = useState(search.q ?? '');
  const [filtersOpen, setFiltersOpen] = useState(!isMobile);
  const [sidebarOpen, setSidebarOpen] = useState(true);
  const [drawerOpen, setDrawerOpen] = useState(false);
  const [suggestOpen, setSuggestOpen] = useState(false);
  const [expanded, setExpanded] = useState<string | null>(null);
  useEffect(() => setSearchText(search.q ?? ''), [search.q]);

  /** Every filter change goes through the URL and resets the page. */
  const update = (patch: Partial<ContentSummarySearch>, keepPage = false) => {
    void navigate({
      to: '/content-summary',
      search: (prev: ContentSummarySearch) => ({
        ...prev,
        ...patch,
        ...(keepPage ? {} : { page: undefined }),
      }),
      replace: false,
    } as never);
    setExpanded(null);
  };

  const range: DateRange = search.date
    ? { from: dateParamToLocalDate(search.date, timeZone), to: dateParamToLocalDate(search.date, timeZone) }
    : search.dateFrom && search.dateTo
      ? { from: search.dateFrom, to: search.dateTo }
      : null;

  const platforms = search.platforms ? search.platforms.split(',').filter(Boolean) : [];
  const params = {
    page: search.page ?? 1,
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
  };
  const summaries = useQuery(summariesQueryOptions(params));
  const topics = useQuery(topicsQueryOptions());
  const tree = useQuery(sourceTreeQueryOptions(language));

  // The server refuses dates outside the free window: the same dialog as a refused pick.
  const refusedDate =
    isApiError(summaries.error) && summaries.error.code === 'PRO_REQUIRED' && summaries.error.fields?.date;
  useEffect(() => {
    if (refusedDate) openUpgrade('date_filter');
  }, [refusedDate, openUpgrade]);

  const submitSearch = () => {
    const text = searchText.trim();
    if (text && [...text].length < SEARCH_MIN) {
      showErrorToast(t('summary.searchTooShortTitle'), t('summary.searchTooShort'));
      return;
    }
    update({ q: text || undefined });
  };

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
    update({ timezone: zone ?? undefined });
  };

  const toggleFavoriteFilter = (key: 'favorites' | 'favoriteSources', on: boolean) => {
    if (on && !favorites.ensureAllowed()) return;
    update({ [key]: on || undefined });
  };

  // biome-ignore lint/correctness/useExhaustiveDependencies: platforms is keyed by its joined value
  const filteredSourceCount = useMemo(() => {
    if (!tree.data) return 0;
    return tree.data.topics
      .filter((topic) => !search.topic || topic.id === search.topic)
      .flatMap((topic) => topic.platforms)
      .filter((p) => platforms.length === 0 || platforms.includes(p.platform))
      .flatMap((p) => p.sources)
      .filter((s) => !search.source || s.name === search.source)
      .filter((s) => !search.favoriteSources || favorites.sourceIds.has(s.id)).length;
  }, [
    tree.data,
    search.topic,
    search.source,
    search.favoriteSources,
    platforms.join(','),
    favorites.sourceIds,
  ]);

  const treeView = (
    <SourceTree
      tree={tree.data}
      isLoading={tree.isLoading}
      selected={search.source}
      onSelect={(name) => {
        update({ source: name });
        setDrawerOpen(false);
      }}
      favoriteIds={favorites.sourceIds}
      onFavorite={(id, on) => favorites.toggle('datasources', id, on)}
      language={language}
      timeZone={timeZone}
    />
  );

  const data = summaries.data;
  const totalPages = data?.total_pages ?? 0;
  const page = search.page ?? 1;

  return (
    <Box px={{ base: 'sm', sm: 'lg' }} py="lg" maw={1400} mx="auto">
      <Group justify="space-between" mb="md" wrap="wrap" gap="sm">
        <Stack gap={2}>
          <Title order={1} fz={{ base: 24, sm: 30 }}>
            {t('summary.title')}
          </Title>
          <Group gap="md">
            <Text size="sm" c="dimmed" data-testid="summary-count">
              {t('summary.filteredSummaries', { count: data?.total ?? 0 })}
              {data?.total_capped ? '+' : ''}
            </Text>
            <Text size="sm" c="dimmed">
              {t('summary.filteredSources', { count: filteredSourceCount })}
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
              {t('summary.openSources')}
            </Button>
          ) : null}
          <Button
            variant="light"
            leftSection={<IconPlus size={16} aria-hidden />}
            onClick={() =>
              isAuthenticated ? setSuggestOpen(true) : showErrorToast(t('suggest.authRequired'))
            }
          >
            {t('summary.suggestSource')}
          </Button>
        </Group>
      </Group>

      <Group align="flex-start" wrap="nowrap" gap="md">
        {!isMobile ? (
          <Paper
            withBorder
            radius="md"
            p={4}
            w={sidebarOpen ? 300 : 44}
            style={{ flexShrink: 0, position: 'sticky', top: 72 }}
            data-testid="sources-sidebar"
          >
            <Group justify={sidebarOpen ? 'space-between' : 'center'} px={sidebarOpen ? 'xs' : 0} py={4}>
              {sidebarOpen ? (
                <Text fw={600} size="sm">
                  {t('summary.sources')}
                </Text>
              ) : null}
              <ActionIcon
                variant="subtle"
                aria-label={sidebarOpen ? t('summary.collapseSidebar') : t('summary.expandSidebar')}
                onClick={() => setSidebarOpen((o) => !o)}
              >
                {sidebarOpen ? (
                  <IconLayoutSidebarLeftCollapse size={18} />
                ) : (
                  <IconLayoutSidebarLeftExpand size={18} />
                )}
              </ActionIcon>
            </Group>
            {sidebarOpen ? treeView : null}
          </Paper>
        ) : (
          <Drawer
            opened={drawerOpen}
            onClose={() => setDrawerOpen(false)}
            position="left"
            size="85%"
            title={t('summary.sources')}
            data-testid="sources-drawer"
          >
            {treeView}
          </Drawer>
        )}

        <Stack style={{ flex: 1, minWidth: 0 }} gap="md">
          <Card withBorder radius="md" padding="md">
            <Group
              justify="space-between"
              onClick={() => setFiltersOpen((o) => !o)}
              style={{ cursor: 'pointer' }}
            >
              <Group gap="xs">
                <IconAdjustments size={18} aria-hidden />
                <Text fw={600}>{t('summary.filters')}</Text>
              </Group>
              <Text size="xs" c="dimmed">
                {filtersOpen ? '−' : '+'}
              </Text>
            </Group>
            <Collapse expanded={filtersOpen}>
              <Stack gap="sm" mt="sm">
                <Group gap="xs" wrap="nowrap">
                  <TextInput
                    style={{ flex: 1 }}
                    placeholder={t('summary.searchPlaceholder')}
                    aria-label={t('summary.search')}
                    leftSection={<IconSearch size={16} aria-hidden />}
                    value={searchText}
                    onChange={(e) => setSearchText(e.currentTarget.value)}
                    onKeyDown={(e) => {
                      if (e.key === 'Enter') submitSearch();
                    }}
                    data-testid="summary-search"
                  />
                  <Button onClick={submitSearch}>{t('summary.search')}</Button>
                </Group>
                <SimpleGrid cols={{ base: 1, xs: 2, md: 4 }} spacing="sm">
                  <Select
                    aria-label={t('summary.topic')}
                    data={[
                      { value: '', label: t('summary.allTopics') },
                      ...(topics.data ?? []).map((topic) => ({
                        value: topic.id,
                        label: (language === 'zh' && topic.name_zh) || topic.name,
                      })),
                    ]}
                    value={search.topic ?? ''}
                    onChange={(v) => update({ topic: v || undefined })}
                    allowDeselect={false}
                    data-testid="topic-filter"
                  />
                  <PlatformFilter
                    value={platforms}
                    onChange={(next) => update({ platforms: next.length ? next.join(',') : undefined })}
                  />
                  <Select
                    aria-label={t('summary.timezone')}
                    data={TIME_ZONES.map((zone) => ({ value: zone, label: zone }))}
                    value={timeZone}
                    onChange={changeTimeZone}
                    clearable
                    data-testid="timezone-filter"
                  />
                  <DateFilter value={range} timeZone={timeZone} language={language} onChange={changeRange} />
                </SimpleGrid>
                <Group justify="space-between" wrap="wrap">
                  <Group gap="lg">
                    <Switch
                      label={t('summary.favoriteSourcesOnly')}
                      checked={Boolean(search.favoriteSources)}
                      onChange={(e) => toggleFavoriteFilter('favoriteSources', e.currentTarget.checked)}
                      data-testid="favorite-sources-switch"
                    />
                    <Switch
                      label={t('summary.favoriteSummariesOnly')}
                      checked={Boolean(search.favorites)}
                      onChange={(e) => toggleFavoriteFilter('favorites', e.currentTarget.checked)}
                    />
                  </Group>
                  <Button
                    variant="subtle"
                    data-testid="clear-filters"
                    onClick={() => {
                      setSearchText('');
                      void navigate({ to: '/content-summary', search: {} } as never);
                    }}
                  >
                    {t('summary.clearFilters')}
                  </Button>
                </Group>
              </Stack>
            </Collapse>
          </Card>

          {summaries.isLoading ? (
            <Center py="xl" data-testid="summaries-loading">
              <Loader />
            </Center>
          ) : summaries.isError ? (
            <Alert
              color="red"
              icon={<IconAlertTriangle size={18} />}
              title={t('summary.loadFailed')}
              data-testid="summaries-error"
            >
              <Stack gap="xs" align="flex-start">
                <Text size="sm">{summaries.error.message || t('summary.fetchFailed')}</Text>
                {!refusedDate ? (
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
          ) : !data || data.data.length === 0 ? (
            <Paper withBorder p="xl" radius="md" ta="center" data-testid="summaries-empty">
              <Text c="dimmed">{t('summary.empty')}</Text>
            </Paper>
          ) : (
            <Stack
              gap="sm"
              data-testid="summary-list"
              style={{ opacity: summaries.isPlaceholderData ? 0.6 : 1 }}
            >
              {data.data.map((summary) => (
                <SummaryCard
                  key={summary.id}
                  summary={summary}
                  expanded={expanded === summary.id}
                  onToggle={() => setExpanded((e) => (e === summary.id ? null : summary.id))}
                  language={language}
                  timeZone={timeZone}
                  isSourceFavorite={Boolean(
                    summary.datasource && favorites.sourceIds.has(summary.datasource.id),
                  )}
                  isSummaryFavorite={favorites.summaryIds.has(summary.id)}
                  onFavorite={(kind, id, on) => favorites.toggle(kind, id, on)}
                />
              ))}
              {totalPages > 1 ? (
                <PageNav
                  page={page}
                  total={totalPages}
                  onChange={(p) => {
                    update({ page: p > 1 ? p : undefined }, true);
                    window.scrollTo({ top: 0 });
                  }}
                />
              ) : null}
            </Stack>
          )}
        </Stack>
      </Group>
      <SuggestSourceDialog opened={suggestOpen} onClose={() => setSuggestOpen(false)} />
    </Box>
  );
}

/** All pages up to 7, otherwise a window with ellipses (spec). */
function PageNav({
  page,
  total,
  onChange,
}: {
  page: number;
  total: number;
  onChange: (page: number) => void;
}) {
  const { t } = useTranslation('content');
  return (
    <Group gap={4} justify="center" data-testid="pagination" wrap="wrap">
      <Button size="xs" variant="default" disabled={page <= 1} onClick={() => onChange(page - 1)}>
        {t('summary.previous')}
      </Button>
      {pageWindow(page, total).map((p, i, all) =>
        p === 'gap' ? (
          <Text key={`gap-after-${all[i - 1]}`} size="sm" c="dimmed" px={4}>
            …
          </Text>
        ) : (
          <Button
            key={p}
            size="xs"
            variant={p === page ? 'filled' : 'default'}
            aria-label={t('summary.page', { page: p })}
            aria-current={p === page ? 'page' : undefined}
            onClick={() => onChange(p)}
          >
            {p}
          </Button>
        ),
      )}
      <Button size="xs" variant="default" disabled={page >= total} onClick={() => onChange(page + 1)}>
        {t('summary.next')}
      </Button>
    </Group>
  );
}
