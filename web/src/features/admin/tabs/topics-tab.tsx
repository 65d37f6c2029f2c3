import { useLingui } from '@lingui/react/macro';
import { ph, plural } from '@lingui/core/macro';
import { localDescription } from '@app/rules';
import { Badge, Button, Card, Checkbox, Group, Loader, SimpleGrid, Stack, Text } from '@mantine/core';
import { IconPlus } from '@tabler/icons-react';
import { useQuery } from '@tanstack/react-query';
import { lazy, useMemo, useState } from 'react';
import { useLanguage } from '../../../i18n/language-provider';
import { OnDemandDialog } from '../../ui/on-demand-dialog';
import {
  type AdminTopic,
  adminTopicsQuery,
  deleteTopic,
  setTopicActive,
  setTopicsActive,
} from '../admin-api';
import { topicName } from '../admin-logic';
import { LoadError, RowActions, useAdminAction, useConfirm } from '../kit/admin-shared';
import { FilterBar, type FilterSpec, matchesStatus, statusFilter, useFilters } from '../kit/filters';
import { BatchModeButton, BatchToolbar, useBatchSelection, useBatchStatus } from '../kit/selection';

// The add and edit dialog's code comes when it first opens.
const TopicDialog = lazy(() => import('./topic-dialog').then((module) => ({ default: module.TopicDialog })));

type FilterKey = 'q' | 'status';

export function TopicsTab() {
  const { t } = useLingui();
  const { language } = useLanguage();
  const query = useQuery(adminTopicsQuery());
  const filters = useFilters<FilterKey>({ q: '', status: 'all' });
  const selection = useBatchSelection();
  const { batch, selected } = selection;
  const [dialog, setDialog] = useState<{ topic: AdminTopic | null } | null>(null);
  const confirm = useConfirm();

  const filterSpecs: FilterSpec<FilterKey>[] = [
    {
      kind: 'search',
      key: 'q',
      label: t({ id: 'admin.topics.search', message: 'Search topics' }),
      placeholder: t({ id: 'admin.topics.searchPlaceholder', message: 'Name, description or keyword' }),
      icon: true,
      flex: '1 1 220px',
    },
    statusFilter('status', t),
  ];
  const { q, status } = filters.values;
  const filtered = useMemo(() => {
    const term = (q ?? '').trim().toLowerCase();
    return (query.data ?? []).filter(
      (t) =>
        matchesStatus(t.is_active, status) &&
        (!term ||
          [t.name, t.name_zh, t.description, t.description_zh].some((text) =>
            text?.toLowerCase().includes(term),
          ) ||
          t.keywords.some((k) => k.toLowerCase().includes(term))),
    );
  }, [query.data, q, status]);

  const toggle = useAdminAction({
    run: (topic: AdminTopic) => setTopicActive(topic, !topic.is_active),
    success: t({ id: 'admin.toast.updated', message: 'Updated' }),
    failure: t({ id: 'admin.toast.updateFailed', message: 'Update failed' }),
  });
  const remove = useAdminAction({
    run: deleteTopic,
    success: t({ id: 'admin.toast.deleted', message: 'Deleted' }),
    failure: t({ id: 'admin.toast.deleteFailed', message: 'Delete failed' }),
  });
  const batchStatus = useBatchStatus(selection, {
    setActive: setTopicsActive,
    updatedMessage: (count) =>
      t({
        id: 'admin.toast.topicsUpdated',
        message: plural(count, { one: `Updated # topic`, other: `Updated # topics` }),
      }),
    emptyMessage: t({ id: 'admin.messages.selectTopics', message: 'Please select topics' }),
  });

  if (query.isError) return <LoadError error={query.error} onRetry={() => query.refetch()} />;

  return (
    <Stack data-testid="topics-tab">
      {confirm.dialog}
      <OnDemandDialog opened={dialog !== null}>
        {(shown) => (
          <TopicDialog opened={shown} topic={dialog?.topic ?? null} onClose={() => setDialog(null)} />
        )}
      </OnDemandDialog>
      <FilterBar filters={filterSpecs} values={filters.values} onChange={filters.set}>
        <Button leftSection={<IconPlus size={16} />} onClick={() => setDialog({ topic: null })}>
          {t({ id: 'admin.topics.add', message: 'Add topic' })}
        </Button>
        <BatchModeButton selection={selection} />
      </FilterBar>
      {batch ? (
        <BatchToolbar
          ids={filtered.map((topic) => topic.id)}
          selection={selection}
          status={batchStatus}
          countTestId="topics-selected-count"
        />
      ) : null}
      {query.isPending ? (
        <Group justify="center" py="xl">
          <Loader />
        </Group>
      ) : filtered.length === 0 ? (
        <Text c="dimmed" ta="center" py="xl">
          {t({ id: 'admin.topics.empty', message: 'No matching topics' })}
        </Text>
      ) : (
        <SimpleGrid cols={{ base: 1, sm: 2, lg: 3 }}>
          {filtered.map((topic) => (
            <Card key={topic.id} withBorder radius="md" padding="md" data-testid="topic-card">
              <Stack gap={6}>
                <Group justify="space-between" wrap="nowrap">
                  <Group gap="xs" wrap="nowrap" style={{ minWidth: 0 }}>
                    {batch ? (
                      <Checkbox
                        aria-label={t({
                          id: 'admin.selection.select',
                          message: `Select ${ph({ name: topicName(topic, language) })}`,
                        })}
                        checked={selected.has(topic.id)}
                        onChange={() => selection.toggle(topic.id)}
                      />
                    ) : null}
                    <Text fw={600} truncate title={topicName(topic, language)}>
                      {topicName(topic, language)}
                    </Text>
                  </Group>
                  {/* The name gives way to the status, never the other way round. */}
                  <Badge
                    variant="dot"
                    color={topic.is_active ? 'teal' : 'gray'}
                    style={{ flexShrink: 0, overflow: 'visible' }}
                    data-testid="topic-status"
                  >
                    {topic.is_active
                      ? t({ id: 'admin.status.active', message: 'Active' })
                      : t({ id: 'admin.status.paused', message: 'Paused' })}
                  </Badge>
                </Group>
                <Text size="sm" c="dimmed" lineClamp={2}>
                  {localDescription(topic, language)}
                </Text>
                <Group gap={4}>
                  {topic.keywords.slice(0, 2).map((k) => (
                    <Badge key={k} variant="outline" size="sm" tt="none">
                      {k}
                    </Badge>
                  ))}
                  {topic.keywords.length > 2 ? (
                    <Badge variant="default" size="sm">
                      +{topic.keywords.length - 2}
                    </Badge>
                  ) : null}
                </Group>
                <Text size="xs" c="dimmed" data-testid="topic-stats">
                  {t({
                    id: 'admin.topics.stats',
                    message: `Data sources ${ph({ datasources: topic.datasource_count })} · Posts ${ph({ posts: topic.post_count })} · Summaries ${ph({ summaries: topic.summary_count })}`,
                  })}
                </Text>
                {!batch ? (
                  <RowActions
                    active={topic.is_active}
                    onEdit={() => setDialog({ topic })}
                    onToggle={() => toggle.mutate(topic)}
                    onDelete={() => remove.mutate(topic)}
                    confirmDelete={{
                      title: t({ id: 'admin.confirm.deleteTopicTitle', message: 'Delete topic' }),
                      message: t({
                        id: 'admin.confirm.deleteTopicMessage',
                        message: `Delete the topic "${ph({ name: topicName(topic, language) })}"? This cannot be undone.`,
                      }),
                      ask: confirm.ask,
                    }}
                  />
                ) : null}
              </Stack>
            </Card>
          ))}
        </SimpleGrid>
      )}
    </Stack>
  );
}
