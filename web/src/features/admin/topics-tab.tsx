import {
  Alert,
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
import { useMemo, useState } from 'react';
import { api } from '../../api/client';
import { showErrorToast } from '../ui/toast';
import { type AdminTopic, adminTopicsQuery, errorText } from './admin-api';
import { MSG, TOAST, toggleSelection } from './admin-logic';
import { ActiveBadgeText, useAdminAction, useConfirm } from './admin-shared';
import { TopicDialog } from './topic-dialog';

type StatusFilter = 'all' | 'active' | 'paused';

export function TopicsTab() {
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
          t.name.toLowerCase().includes(term) ||
          t.description.toLowerCase().includes(term) ||
          t.keywords.some((k) => k.toLowerCase().includes(term))),
    );
  }, [query.data, search, status]);

  const exitBatch = () => {
    setBatch(false);
    setSelected(new Set());
  };
  const toggle = useAdminAction({
    run: (topic: AdminTopic) => api.patch(`/api/admin/topics/${topic.id}`, { is_active: !topic.is_active }),
    success: TOAST.updated,
    failure: TOAST.updateFailed,
  });
  const remove = useAdminAction({
    run: (topic: AdminTopic) => api.delete(`/api/admin/topics/${topic.id}`),
    success: TOAST.deleted,
    failure: TOAST.deleteFailed,
  });
  const batchStatus = useAdminAction({
    run: (isActive: boolean) =>
      api.post<{ updated: number }>('/api/admin/topics/batch-status', {
        ids: [...selected],
        is_active: isActive,
      }),
    success: TOAST.updated,
    failure: TOAST.batchFailed,
    successMessage: (r) => `已更新 ${r.updated} 个主题`,
    onDone: exitBatch,
  });
  const runBatch = (isActive: boolean) => {
    if (selected.size === 0) return showErrorToast(TOAST.batchFailed, MSG.selectTopics);
    batchStatus.mutate(isActive);
  };

  if (query.isError) {
    return (
      <Alert color="red" title={TOAST.loadFailed}>
        <Group>
          <Text size="sm">{errorText(query.error)}</Text>
          <Button size="xs" variant="light" onClick={() => query.refetch()}>
            重试
          </Button>
        </Group>
      </Alert>
    );
  }

  return (
    <Stack data-testid="topics-tab">
      {confirm.dialog}
      <TopicDialog opened={dialog !== null} topic={dialog?.topic ?? null} onClose={() => setDialog(null)} />
      <Group align="flex-end" wrap="wrap">
        <TextInput
          style={{ flex: '1 1 220px' }}
          label="搜索主题"
          placeholder="名称、描述或关键词"
          leftSection={<IconSearch size={16} />}
          value={search}
          onChange={(e) => setSearch(e.currentTarget.value)}
        />
        <SegmentedControl
          value={status}
          onChange={(v) => setStatus(v as StatusFilter)}
          data={[
            { value: 'all', label: '全部' },
            { value: 'active', label: '活跃' },
            { value: 'paused', label: '暂停' },
          ]}
        />
        <Button leftSection={<IconPlus size={16} />} onClick={() => setDialog({ topic: null })}>
          添加主题
        </Button>
        <Button
          variant={batch ? 'filled' : 'light'}
          color={batch ? 'gray' : undefined}
          onClick={() => (batch ? exitBatch() : setBatch(true))}
        >
          {batch ? '退出批量' : '批量操作'}
        </Button>
      </Group>
      {batch ? (
        <Group wrap="wrap" gap="xs">
          <Checkbox
            label="全选"
            checked={filtered.length > 0 && filtered.every((t) => selected.has(t.id))}
            onChange={(e) =>
              setSelected(e.currentTarget.checked ? new Set(filtered.map((t) => t.id)) : new Set())
            }
          />
          <Text size="sm" c="dimmed" data-testid="topics-selected-count">
            已选择 {selected.size} 项
          </Text>
          <Button
            size="xs"
            variant="light"
            color="teal"
            onClick={() => runBatch(true)}
            loading={batchStatus.isPending}
          >
            批量启用
          </Button>
          <Button
            size="xs"
            variant="light"
            color="orange"
            onClick={() => runBatch(false)}
            loading={batchStatus.isPending}
          >
            批量暂停
          </Button>
        </Group>
      ) : null}
      {query.isPending ? (
        <Group justify="center" py="xl">
          <Loader />
        </Group>
      ) : filtered.length === 0 ? (
        <Text c="dimmed" ta="center" py="xl">
          没有匹配的主题
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
                        aria-label={`选择 ${topic.name}`}
                        checked={selected.has(topic.id)}
                        onChange={() => setSelected((s) => toggleSelection(s, topic.id))}
                      />
                    ) : null}
                    <Text fw={600} truncate>
                      {topic.name}
                    </Text>
                  </Group>
                  <Badge color={topic.is_active ? 'teal' : 'gray'}>{ActiveBadgeText(topic.is_active)}</Badge>
                </Group>
                <Text size="sm" c="dimmed" lineClamp={2}>
                  {topic.description}
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
                <Text size="xs" c="dimmed">
                  数据源 {topic.datasource_count} · 文章 {topic.post_count}
                </Text>
                {!batch ? (
                  <Group gap="xs">
                    <Button size="compact-xs" variant="light" onClick={() => setDialog({ topic })}>
                      编辑
                    </Button>
                    <Button
                      size="compact-xs"
                      variant="light"
                      color={topic.is_active ? 'orange' : 'teal'}
                      onClick={() => toggle.mutate(topic)}
                    >
                      {topic.is_active ? '暂停' : '启用'}
                    </Button>
                    <Button
                      size="compact-xs"
                      variant="light"
                      color="red"
                      onClick={() =>
                        confirm.ask({
                          title: '删除主题',
                          message: `确定要删除主题「${topic.name}」吗？此操作不可撤销。`,
                          confirmLabel: '删除',
                          onConfirm: () => remove.mutate(topic),
                        })
                      }
                    >
                      删除
                    </Button>
                  </Group>
                ) : null}
              </Stack>
            </Card>
          ))}
        </SimpleGrid>
      )}
    </Stack>
  );
}
