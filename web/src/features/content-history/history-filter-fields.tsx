import { useLingui } from '@lingui/react/macro';
import { STATUS_MESSAGES, STYLE_MESSAGES } from '../generation/generation-messages';
import type { GenerationPlatform, GenerationStatus, GenerationStyle, Platform } from '@app/contracts';
import { localName, sourceDisplayName } from '@app/rules';
import { platformName } from '../content/platform-options';
import { Button, Group, MultiSelect, Select, SimpleGrid, Stack, TextInput } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { useLanguage } from '../../i18n/language-provider';
import { datasourcesQueryOptions, topicsQueryOptions } from '../../queries/content';
import type { HistoryFilters as Filters } from '../generation/generation-api';
import { showErrorToast } from '../ui/toast';

export type HistoryFilterFieldsProps = {
  filters: Filters;
  /** Applies a change to the filters (the page goes back to 1). */
  onChange: (patch: Partial<Filters>) => void;
  onClear: () => void;
  /** The panel is open: the topic and data source pickers load their choices. */
  open: boolean;
  /** The fixed choices, in their order (the panel's, which has the contracts at hand). */
  choices: HistoryFilterChoices;
};

export type HistoryFilterChoices = {
  statuses: readonly GenerationStatus[];
  styles: readonly GenerationStyle[];
  targetPlatforms: readonly GenerationPlatform[];
  sourcePlatforms: readonly Platform[];
};

/** The filter panel's fields: a search of at least 4 characters, status, platforms, style, topic and data source. */
export function HistoryFilterFields({
  filters,
  onChange: set,
  onClear,
  open,
  choices,
}: HistoryFilterFieldsProps) {
  const { t } = useLingui();
  const [search, setSearch] = useState('');
  const { language } = useLanguage();
  const topics = useQuery({ ...topicsQueryOptions(), enabled: open });
  const datasources = useQuery({ ...datasourcesQueryOptions(filters.topic), enabled: open });
  const topicOptions = (topics.data ?? []).map((topic) => ({
    value: topic.id,
    label: localName(topic, language),
  }));
  const datasourceOptions = [...(datasources.data ?? [])]
    .map((source) => ({ ...source, name: sourceDisplayName(source.source_name, language) }))
    .sort((a, b) => a.name.localeCompare(b.name))
    .map((source) => ({
      value: source.id,
      label: `${source.name} · ${platformName(t, source.platform)}`,
    }));

  const runSearch = () => {
    const term = search.trim();
    if (term && [...term].length < 4)
      return showErrorToast(
        t({ id: 'contentHistory.filters.searchTooShort', message: 'Search term too short' }),
        t({
          id: 'contentHistory.filters.searchTooShortText',
          message: 'Search term must be at least 4 characters for better performance',
        }),
      );
    set({ q: term || undefined });
  };

  return (
    <Stack gap="sm">
      <Group gap="xs" wrap="nowrap">
        <TextInput
          style={{ flex: 1 }}
          placeholder={t({
            id: 'contentHistory.filters.searchPlaceholder',
            message: 'Search titles, content and instructions',
          })}
          aria-label={t({ id: 'contentHistory.filters.search', message: 'Search' })}
          value={search}
          onChange={(event) => setSearch(event.currentTarget.value)}
          onKeyDown={(event) => {
            if (event.key === 'Enter') runSearch();
          }}
        />
        <Button onClick={runSearch}>{t({ id: 'contentHistory.filters.search', message: 'Search' })}</Button>
      </Group>
      <SimpleGrid cols={{ base: 1, sm: 2, md: 3 }}>
        <Select
          label={t({ id: 'contentHistory.filters.status', message: 'Status' })}
          clearable
          placeholder={t({ id: 'contentHistory.filters.all', message: 'All' })}
          value={filters.status ?? null}
          onChange={(value) => set({ status: (value as GenerationStatus | null) ?? undefined })}
          data={choices.statuses.map((status) => ({ value: status, label: t(STATUS_MESSAGES[status]) }))}
        />
        <MultiSelect
          label={t({ id: 'contentHistory.filters.targetPlatforms', message: 'Target platforms' })}
          placeholder={t({ id: 'contentHistory.filters.all', message: 'All' })}
          value={filters.target_platforms ?? []}
          onChange={(value) => set({ target_platforms: value })}
          data={choices.targetPlatforms.map((p) => ({
            value: p,
            label: platformName(t, p, 'target'),
          }))}
        />
        <Select
          label={t({ id: 'contentHistory.filters.style', message: 'Style' })}
          clearable
          placeholder={t({ id: 'contentHistory.filters.all', message: 'All' })}
          value={filters.style ?? null}
          onChange={(value) => set({ style: (value as GenerationStyle | null) ?? undefined })}
          data={choices.styles.map((style) => ({ value: style, label: t(STYLE_MESSAGES[style].name) }))}
        />
        <MultiSelect
          label={t({ id: 'contentHistory.filters.sourcePlatforms', message: 'Source platforms' })}
          placeholder={t({ id: 'contentHistory.filters.all', message: 'All' })}
          value={filters.source_platforms ?? []}
          onChange={(value) => set({ source_platforms: value })}
          data={choices.sourcePlatforms.map((p) => ({
            value: p,
            label: platformName(t, p),
          }))}
        />
        <Select
          label={t({ id: 'contentHistory.filters.topic', message: 'Topic' })}
          clearable
          searchable
          placeholder={t({ id: 'contentHistory.filters.all', message: 'All' })}
          nothingFoundMessage={t({ id: 'contentHistory.filters.nothingFound', message: 'No matches' })}
          value={filters.topic ?? null}
          // Another topic's data source would match nothing: the source choice goes with it.
          onChange={(value) => set({ topic: value ?? undefined, datasource: undefined })}
          data={topicOptions}
          data-testid="history-topic-filter"
        />
        <Select
          label={t({ id: 'contentHistory.filters.datasource', message: 'Data source' })}
          clearable
          searchable
          placeholder={t({ id: 'contentHistory.filters.all', message: 'All' })}
          nothingFoundMessage={t({ id: 'contentHistory.filters.nothingFound', message: 'No matches' })}
          value={filters.datasource ?? null}
          onChange={(value) => set({ datasource: value ?? undefined })}
          data={datasourceOptions}
          data-testid="history-datasource-filter"
        />
      </SimpleGrid>
      <Group justify="flex-end">
        <Button
          variant="default"
          onClick={() => {
            setSearch('');
            onClear();
          }}
        >
          {t({ id: 'contentHistory.filters.clear', message: 'Clear filters' })}
        </Button>
      </Group>
    </Stack>
  );
}
