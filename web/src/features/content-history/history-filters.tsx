import { GENERATION_PLATFORMS, GENERATION_STATUSES, GENERATION_STYLES, PLATFORMS } from '@app/contracts';
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
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
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
              data={PLATFORMS.map((p) => ({
                value: p,
                label: tc(`platforms.${p}` as 'platforms.blog', p),
              }))}
            />
            <TextInput
              label={t('filters.topic')}
              value={filters.topic ?? ''}
              onChange={(event) => set({ topic: event.currentTarget.value || undefined })}
            />
            <TextInput
              label={t('filters.datasource')}
              value={filters.datasource ?? ''}
              onChange={(event) => set({ datasource: event.currentTarget.value || undefined })}
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
