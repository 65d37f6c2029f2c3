import {
  Badge,
  Button,
  Card,
  Checkbox,
  Group,
  Loader,
  SegmentedControl,
  SimpleGrid,
  Stack,
  Text,
  TextInput,
} from '@mantine/core';
import { IconPlus, IconSearch } from '@tabler/icons-react';
import { useQuery } from '@tanstack/react-query';
import { lazy, useMemo, useState } from 'react';
import { useTranslation } from '../../i18n/react';
import { useLanguage } from '../../i18n/language-provider';
import { OnDemandDialog } from '../ui/on-demand-dialog';
import { showErrorToast } from '../ui/toast';
import { type AdminTopic, adminTopicsQuery, deleteTopic, setTopicActive, setTopicsActive } from './admin-api';
import { toggleSelection, topicName } from './admin-logic';
import { BatchToolbar, LoadError, RowActions, useAdminAction, useConfirm } from './admin-shared';

// The add and edit dialog's code comes when it first opens.
const TopicDialog = lazy(() => import('./topic-dialog').then((module) => ({ default: module.TopicDialog })));

type StatusFilter = 'all' | 'active' | 'paused';

export function TopicsTab() {
  const { t } = useTranslation('admin');
  const { language } = useLanguage();
  const query = useQuery(adminTopicsQuery());
  const [search, setSearch] = useState('');
  const [status, setStatus] = useState<StatusFilter>('all');
  const [batch, setBatch] = useState(false);
  const [selected, setSelected] = useState<Set<string>>(new Set());
  const [dialog, setDialog] = useState<{ topic: AdminTopic | null } | null>(null);
  const confirm = useConfirm();

  const filtered = useMemo(() => {
    const term = search.trim().toLowerCase();
    return (query.data ?? []).filter(
      (t) =>
        (status === 'all' || (status === 'active') === t.is_active) &&
        (!term ||
          [t.name, t.name_zh, t.description, t.description_zh].some((text) =>
            text?.toLowerCase().includes(term),
          ) ||
          t.keywords.some((k) => k.toLowerCase().includes(term))),
    );
  }, [query.data, search, status]);

  const exitBatch = () => {
    setBatch(false);
    setSelected(new Set());
  };
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
  const batchStatus = useAdminAction({
    run: (isActive: boolean) => setTopicsActive([...selected], isActive),
    success: t('toast.updated'),
    failure: t('toast.batchFailed'),
    successMessage: (r) => t('toast.topicsUpdated', { count: r.updated }),
    onDone: exitBatch,
  });
  const runBatch = (isActive: boolean) => {
    if (selected.size === 0) return showErrorToast(t('toast.batchFailed'), t('messages.selectTopics'));
    batchStatus.mutate(isActive);
  };

  if (query.isError) return <LoadError error={query.error} onRetry={() => query.refetch()} />;

  return (
    <Stack data-testid="topics-tab">
      {confirm.dialog}
      <OnDemandDialog opened={dialog !== null}>
        {(shown) => (
          <TopicDialog opened={shown} topic={dialog?.topic ?? null} onClose={() => setDialog(null)} />
        )}
      </OnDemandDialog>
      <Group align="flex-end" wrap="wrap">
        <TextInput
          style={{ flex: '1 1 220px' }}
          label={t('topics.search')}
          placeholder={t('topics.searchPlaceholder')}
          leftSection={<IconSearch size={16} />}
          value={search}
          onChange={(e) => setSearch(e.currentTarget.value)}
        />
        <SegmentedControl
          value={status}
          onChange={(v) => setStatus(v as StatusFilter)}
          data={[
            { value: 'all', label: t('status.all') },
            { value: 'active', label: t('status.active') },
            { value: 'paused', label: t('status.paused') },
          ]}
        />
        <Button leftSection={<IconPlus size={16} />} onClick={() => setDialog({ topic: null })}>
          {t('topics.add')}
        </Button>
        <Button
          variant={batch ? 'filled' : 'light'}
          color={batch ? 'gray' : undefined}
          onClick={() => (batch ? exitBatch() : setBatch(true))}
        >
          {batch ? t('actions.exitBatch') : t('actions.batchMode')}
        </Button>
      </Group>
      {batch ? (
        <BatchToolbar
          ids={filtered.map((topic) => topic.id)}
          selected={selected}
          onSelect={setSelected}
          onSetEnabled={runBatch}
          pending={batchStatus.isPending}
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
                        onChange={() => setSelected((s) => toggleSelection(s, topic.id))}
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
