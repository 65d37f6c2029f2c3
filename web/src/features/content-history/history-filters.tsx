import { useLingui } from '@lingui/react/macro';
import { GENERATION_PLATFORMS, GENERATION_STATUSES, GENERATION_STYLES, PLATFORMS } from '@app/contracts';
import { sortPlatforms } from '@app/rules';
import { Card, Collapse, Group, Loader, Text, UnstyledButton } from '@mantine/core';
import { IconChevronDown, IconFilter } from '@tabler/icons-react';
import { lazy, Suspense, useState } from 'react';
import type { HistoryFilters as Filters } from '../generation/generation-api';
import type { HistoryFilterChoices } from './history-filter-fields';

type HistoryFilterPanelProps = {
  filters: Filters;
  /** Applies a change to the filters (the page goes back to 1). */
  onChange: (patch: Partial<Filters>) => void;
  onClear: () => void;
};

// The fields (searchable pickers with their dropdowns) come with the panel's first opening, not with
// every visit to the page; a pointer over the toggle or focus on it asks for them a moment earlier.
const loadFields = () => import('./history-filter-fields');
const HistoryFilterFields = lazy(() =>
  loadFields().then((module) => ({ default: module.HistoryFilterFields })),
);
const CHOICES: HistoryFilterChoices = {
  statuses: GENERATION_STATUSES,
  styles: GENERATION_STYLES,
  targetPlatforms: GENERATION_PLATFORMS,
  sourcePlatforms: sortPlatforms(PLATFORMS),
};
const preloadFields = () => {
  loadFields().catch(() => undefined);
};

/** The history's collapsible filters: a search of at least 4 characters, status, platforms, style, topic and data source. */
export function HistoryFilterPanel({ filters, onChange, onClear }: HistoryFilterPanelProps) {
  const { t } = useLingui();
  const [showFilters, setShowFilters] = useState(false);
  const [opened, setOpened] = useState(false);

  return (
    <Card withBorder radius="md" padding="md">
      <UnstyledButton
        onClick={() => {
          setOpened(true);
          setShowFilters((open) => !open);
        }}
        onPointerEnter={preloadFields}
        onFocus={preloadFields}
        aria-expanded={showFilters}
      >
        <Group gap="xs">
          <IconFilter size={16} />
          <Text fw={600}>{t({ id: 'contentHistory.filters.title', message: 'Filters' })}</Text>
          <IconChevronDown size={16} style={{ transform: showFilters ? 'rotate(180deg)' : undefined }} />
        </Group>
      </UnstyledButton>
      <Collapse expanded={showFilters}>
        <div style={{ paddingTop: 'var(--mantine-spacing-sm)' }}>
          {opened ? (
            <Suspense
              fallback={
                <Group justify="center" py="md">
                  <Loader size="sm" aria-label={t({ id: 'contentHistory.loading', message: 'Loading...' })} />
                </Group>
              }
            >
              <HistoryFilterFields
                filters={filters}
                onChange={onChange}
                onClear={onClear}
                open={showFilters}
                choices={CHOICES}
              />
            </Suspense>
          ) : null}
        </div>
      </Collapse>
    </Card>
  );
}
