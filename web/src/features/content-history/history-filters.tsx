import {
  GENERATION_PLATFORMS,
  GENERATION_STATUSES,
  GENERATION_STYLES,
  PLATFORMS,
  sortPlatforms,
} from '@app/contracts';
import {
  Button,
  Card,
  Collapse,
  Group,
  MultiSelect,
  Select,
  SimpleGrid,
  Stack,
  Text,
  TextInput,
  UnstyledButton,
} from '@mantine/core';
import { IconChevronDown, IconFilter } from '@tabler/icons-react';
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useLanguage } from '../../i18n/language-provider';
import { datasourcesQueryOptions, topicsQueryOptions } from '../../queries/content';
import type { HistoryFilters as Filters } from '../generation/generation-api';
import { showErrorToast } from '../ui/toast';

type HistoryFilterPanelProps = {
  filters: Filters;
  /** Applies a change to the filters (the page goes back to 1). */
  onChange: (patch: Partial<Filters>) => void;
  onClear: () => void;
};

/** The history's collapsible filters: a search of at least 4 characters, status, platforms, style, topic and data source. */
export function HistoryFilterPanel({ filters, onChange: set, onClear }: HistoryFilterPanelProps) {
  const { t } = useTranslation('contentHistory');
  const { t: tg } = useTranslation('generation');
  const { t: tc } = useTranslation('content');
  const [search, setSearch] = useState('');
  const [showFilters, setShowFilters] = useState(false);
  const { language } = useLanguage();
  // The pickers load with the panel's first opening, not with every visit to the page.
  const topics = useQuery({ ...topicsQueryOptions(), enabled: showFilters });
  const datasources = useQuery({ ...datasourcesQueryOptions(filters.topic), enabled: showFilters });
  const topicOptions = (topics.data ?? []).map((topic) => ({
    value: topic.id,
    label: (language === 'zh' && topic.name_zh) || topic.name,
  }));
  const datasourceOptions = [...(datasources.data ?? [])]
    .sort((a, b) => a.source_name.localeCompare(b.source_name))
    .map((source) => ({
      value: source.id,
      label: `${source.source_name} · ${tc(`platforms.${source.platform}` as 'platforms.blog', source.platform)}`,
    }));

  const runSearch = () => {
    const term = search.trim();
    if (term && [...term].length < 4)
      return showErrorToast(t('filters.searchTooShort'), t('filters.searchTooShortText'));
    set({ q: term || undefined });
  };

  return (
    <Card withBorder radius="md" padding="md">
      <UnstyledButton onClick={() => setShowFilters((open) => !open)} aria-expanded={showFilters}>
        <Group gap="xs">
          <IconFilter size={16} />
          <Text fw={600}>{t('filters.title')}</Text>
          <IconChevronDown size={16} style={{ transform: showFilters ? 'rotate(180deg)' : undefined }} />
        </Group>
      </UnstyledButton>
      <Collapse expanded={showFilters}>
        <Stack gap="sm" mt="sm">
          <Group gap="xs" wrap="nowrap">
            <TextInput
              style={{ flex: 1 }}
              placeholder={t('filters.searchPlaceholder')}
              aria-label={t('filters.search')}
              value={search}
              onChange={(event) => setSearch(event.currentTarget.value)}
              onKeyDown={(event) => {
                if (event.key === 'Enter') runSearch();
              }}
            />
            <Button onClick={runSearch}>{t('filters.search')}</Button>
          </Group>
          <SimpleGrid cols={{ base: 1, sm: 2, md: 3 }}>
            <Select
              label={t('filters.status')}
              clearable
              placeholder={t('filters.all')}
              value={filters.status ?? null}
              onChange={(value) => set({ status: value ?? undefined })}
              data={GENERATION_STATUSES.map((status) => ({ value: status, label: tg(`status.${status}`) }))}
            />
            <MultiSelect
              label={t('filters.targetPlatforms')}
              placeholder={t('filters.all')}
              value={filters.target_platforms ?? []}
              onChange={(value) => set({ target_platforms: value })}
              data={GENERATION_PLATFORMS.map((p) => ({ value: p, label: tg(`platforms.${p}`) }))}
            />
            <Select
              label={t('filters.style')}
              clearable
              placeholder={t('filters.all')}
              value={filters.style ?? null}
              onChange={(value) => set({ style: value ?? undefined })}
              data={GENERATION_STYLES.map((style) => ({ value: style, label: tg(`styles.${style}`) }))}
            />
            <MultiSelect
              label={t('filters.sourcePlatforms')}
              placeholder={t('filters.all')}
              value={filters.source_platforms ?? []}
              onChange={(value) => set({ source_platforms: value })}
              data={sortPlatforms(PLATFORMS).map((p) => ({
                value: p,
                label: tc(`platforms.${p}` as 'platforms.blog', p),
              }))}
            />
            <Select
              label={t('filters.topic')}
              clearable
              searchable
              placeholder={t('filters.all')}
              nothingFoundMessage={t('filters.nothingFound')}
              value={filters.topic ?? null}
              // Another topic's data source would match nothing: the source choice goes with it.
              onChange={(value) => set({ topic: value ?? undefined, datasource: undefined })}
              data={topicOptions}
              data-testid="history-topic-filter"
            />
            <Select
              label={t('filters.datasource')}
              clearable
              searchable
              placeholder={t('filters.all')}
              nothingFoundMessage={t('filters.nothingFound')}
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
              {t('filters.clear')}
            </Button>
          </Group>
        </Stack>
      </Collapse>
    </Card>
  );
}
