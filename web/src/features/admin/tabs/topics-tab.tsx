import { Badge, Button, Card, Checkbox, Group, Loader, SimpleGrid, Stack, Text } from '@mantine/core';
import { IconPlus } from '@tabler/icons-react';
import { useQuery } from '@tanstack/react-query';
import { lazy, useMemo, useState } from 'react';
import { useTranslation } from '../../../i18n/react';
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
  const { t } = useTranslation('admin');
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
      label: t('topics.search'),
      placeholder: t('topics.searchPlaceholder'),
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
    success: t('toast.updated'),
    failure: t('toast.updateFailed'),
  });
  const remove = useAdminAction({
    run: deleteTopic,
    success: t('toast.deleted'),
    failure: t('toast.deleteFailed'),
  });
  const batchStatus = useBatchStatus(selection, {
    setActive: setTopicsActive,
    updatedMessage: (count) => t('toast.topicsUpdated', { count }),
    emptyMessage: t('messages.selectTopics'),
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
          {t('topics.add')}
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
          {t('topics.empty')}
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
                        aria-label={t('selection.select', { name: topicName(topic, language) })}
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
                    {topic.is_active ? t('status.active') : t('status.paused')}
                  </Badge>
                </Group>
                <Text size="sm" c="dimmed" lineClamp={2}>
                  {(language === 'zh' && topic.description_zh) || topic.description}
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
                  {t('topics.stats', {
                    datasources: topic.datasource_count,
                    posts: topic.post_count,
                    summaries: topic.summary_count,
                  })}
                </Text>
                {!batch ? (
                  <RowActions
                    active={topic.is_active}
                    onEdit={() => setDialog({ topic })}
                    onToggle={() => toggle.mutate(topic)}
                    onDelete={() => remove.mutate(topic)}
                    confirmDelete={{
                      title: t('confirm.deleteTopicTitle'),
                      message: t('confirm.deleteTopicMessage', { name: topicName(topic, language) }),
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
