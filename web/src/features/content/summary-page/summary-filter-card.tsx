import { useLingui } from '@lingui/react/macro';
import { localName } from '@app/rules';
import type { TopicDto } from '@app/contracts';
import {
  Button,
  Card,
  Collapse,
  Group,
  NativeSelect,
  SimpleGrid,
  Stack,
  Switch,
  Text,
  TextInput,
} from '@mantine/core';
import { IconAdjustments, IconSearch } from '@tabler/icons-react';
import { type CSSProperties, type Ref, useId, useImperativeHandle, useRef, useState } from 'react';
import type { Language } from '../../../i18n/language';
import { TIME_ZONES } from '../zoned-dates';
import { DateFilter } from './date-filter';
import { PlatformFilter } from './platform-filter';
import type { SummaryFilters } from './use-summary-filters';

const zones: readonly string[] = TIME_ZONES;

type Props = {
  filters: SummaryFilters;
  topics: TopicDto[] | undefined;
  language: Language;
  /** Starts collapsed on phones. */
  initiallyOpen: boolean;
  /** Lets the page put the focus in the search box (the "/" key), opening the card first. */
  control?: Ref<FilterCardControl>;
};

export type FilterCardControl = { focusSearch: () => void };

const TOGGLE_STYLE: CSSProperties = {
  all: 'unset',
  boxSizing: 'border-box',
  width: '100%',
  display: 'flex',
  justifyContent: 'space-between',
  alignItems: 'center',
  cursor: 'pointer',
};
const TOGGLE_LABEL_STYLE: CSSProperties = {
  display: 'inline-flex',
  alignItems: 'center',
  gap: 'var(--mantine-spacing-xs)',
};

/** Frames to wait for the opening card to show the search box before giving up on focusing it. */
const FOCUS_TRIES = 30;

/** The collapsible filter card: search, topic, platforms, time zone, dates, favourites, clear. */
export function SummaryFilterCard({ filters, topics, language, initiallyOpen, control }: Props) {
  const { t } = useLingui();
  const [open, setOpen] = useState(initiallyOpen);
  const bodyId = useId();
  const { search } = filters;
  const searchInput = useRef<HTMLInputElement>(null);
  useImperativeHandle(control, () => ({
    focusSearch() {
      setOpen(true);
      // A collapsed card shows the box a frame or two after it starts opening.
      let tries = 0;
      const attempt = () => {
        const input = searchInput.current;
        input?.focus();
        if (input && document.activeElement !== input && ++tries < FOCUS_TRIES)
          requestAnimationFrame(attempt);
      };
      requestAnimationFrame(attempt);
    },
  }));

  return (
    <Card withBorder radius="md" padding="md">
      {/* A button, so the card opens and closes from the keyboard too (it starts closed on phones). */}
      <button
        type="button"
        onClick={() => setOpen((o) => !o)}
        aria-expanded={open}
        aria-controls={bodyId}
        className="mantine-focus-auto"
        style={TOGGLE_STYLE}
        data-testid="summary-filters-toggle"
      >
        <span style={TOGGLE_LABEL_STYLE}>
          <IconAdjustments size={18} aria-hidden />
          <Text component="span" fw={600}>
            {t({ id: 'content.summary.filters', message: 'Filters' })}
          </Text>
        </span>
        <Text component="span" size="xs" c="dimmed" aria-hidden>
          {open ? '−' : '+'}
        </Text>
      </button>
      <Collapse expanded={open} id={bodyId}>
        <Stack gap="sm" mt="sm">
          <Group gap="xs" wrap="nowrap">
            <TextInput
              ref={searchInput}
              style={{ flex: 1 }}
              placeholder={t({
                id: 'content.summary.searchPlaceholder',
                message: 'Search summaries (4+ characters)',
              })}
              aria-label={t({ id: 'content.summary.search', message: 'Search' })}
              leftSection={<IconSearch size={16} aria-hidden />}
              value={filters.searchText}
              onChange={(e) => filters.setSearchText(e.currentTarget.value)}
              onKeyDown={(e) => {
                if (e.key === 'Enter') filters.submitSearch();
              }}
              data-testid="summary-search"
            />
            <Button onClick={filters.submitSearch}>
              {t({ id: 'content.summary.search', message: 'Search' })}
            </Button>
          </Group>
          <SimpleGrid cols={{ base: 1, xs: 2, md: 4 }} spacing="sm">
            <NativeSelect
              aria-label={t({ id: 'content.summary.topic', message: 'Topic' })}
              data={[
                { value: '', label: t({ id: 'content.summary.allTopics', message: 'All topics' }) },
                ...(topics ?? []).map((topic) => ({
                  value: topic.id,
                  label: localName(topic, language),
                })),
              ]}
              value={search.topic ?? ''}
              onChange={(e) => filters.changeTopic(e.currentTarget.value)}
              data-testid="topic-filter"
            />
            <PlatformFilter value={filters.platforms} onChange={filters.changePlatforms} />
            <NativeSelect
              aria-label={t({ id: 'content.summary.timezone', message: 'Time zone' })}
              // A zone from a link that the list does not name stays shown as chosen.
              data={zones.includes(filters.timeZone) ? zones : [filters.timeZone, ...zones]}
              value={filters.timeZone}
              onChange={(e) => filters.changeTimeZone(e.currentTarget.value)}
              data-testid="timezone-filter"
            />
            <DateFilter
              value={filters.range}
              timeZone={filters.timeZone}
              language={language}
              onChange={filters.changeRange}
            />
          </SimpleGrid>
          <Group justify="space-between" wrap="wrap">
            <Group gap="lg">
              <Switch
                label={t({ id: 'content.summary.favoriteSourcesOnly', message: 'Favourite sources only' })}
                checked={Boolean(search.favoriteSources)}
                onChange={(e) => filters.toggleFavoriteFilter('favoriteSources', e.currentTarget.checked)}
                data-testid="favorite-sources-switch"
              />
              <Switch
                label={t({
                  id: 'content.summary.favoriteSummariesOnly',
                  message: 'Favourite summaries only',
                })}
                checked={Boolean(search.favorites)}
                onChange={(e) => filters.toggleFavoriteFilter('favorites', e.currentTarget.checked)}
              />
            </Group>
            <Button variant="subtle" data-testid="clear-filters" onClick={filters.clear}>
              {t({ id: 'content.summary.clearFilters', message: 'Clear filters' })}
            </Button>
          </Group>
        </Stack>
      </Collapse>
    </Card>
  );
}
