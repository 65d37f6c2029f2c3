import { PLATFORMS, type Platform } from '@app/contracts';
import {
  Alert,
  Anchor,
  Badge,
  Button,
  Checkbox,
  Group,
  Loader,
  ScrollArea,
  SegmentedControl,
  Select,
  Stack,
  Table,
  Text,
  TextInput,
} from '@mantine/core';
import { IconPlus, IconSearch } from '@tabler/icons-react';
import { useQuery } from '@tanstack/react-query';
import { useMemo, useState } from 'react';
import { api } from '../../api/client';
import { showErrorToast } from '../ui/toast';
import {
  type AdminDatasource,
  adminDatasourcesQuery,
  adminTopicsQuery,
  errorText,
  startCrawl,
} from './admin-api';
import {
  datasourceStatus,
  lastCrawledText,
  MSG,
  PLATFORM_LABELS,
  planFilteredCrawl,
  planSelectedCrawl,
  STATUS_COLORS,
  STATUS_LABELS,
  TOAST,
  toggleSelection,
} from './admin-logic';
import { useAdminAction, useConfirm } from './admin-shared';
import { DatasourceDialog } from './datasource-dialog';

type StatusFilter = 'all' | 'active' | 'paused';

export function DatasourcesTab() {
  const query = useQuery(adminDatasourcesQuery());
  const topics = useQuery(adminTopicsQuery());
  const [search, setSearch] = useState('');
  const [topicId, setTopicId] = useState<string | null>(null);
  const [platform, setPlatform] = useState<string | null>(null);
  const [language, setLanguage] = useState<string | null>(null);
  const [status, setStatus] = useState<StatusFilter>('all');
  const [batch, setBatch] = useState(false);
  const [selected, setSelected] = useState<Set<string>>(new Set());
  const [dialog, setDialog] = useState<{ source: AdminDatasource | null } | null>(null);
  const confirm = useConfirm();

  const filtered = useMemo(() => {
    const term = search.trim().toLowerCase();
    return (query.data ?? []).filter(
      (s) =>
        (!topicId || s.topic_id === topicId) &&
        (!platform || s.platform === platform) &&
        (!language || s.language === language) &&
        (status === 'all' || (status === 'active') === s.is_active) &&
        (!term || s.source_name.toLowerCase().includes(term) || s.source_url.toLowerCase().includes(term)),
    );
  }, [query.data, search, topicId, platform, language, status]);

  const exitBatch = () => {
    setBatch(false);
    setSelected(new Set());
  };
  const crawlMessage = (r: { tasksCreated: number; errors: string[] }) =>
    `已创建 ${r.tasksCreated} 个抓取任务${r.errors.length ? `，${r.errors.length} 个错误` : ''}`;
  const crawlOne = useAdminAction({
    run: (source: AdminDatasource) => startCrawl([source.id]),
    success: TOAST.crawlCreated,
    failure: TOAST.crawlFailed,
    successMessage: crawlMessage,
  });
  const crawlMany = useAdminAction({
    run: (ids: string[]) => startCrawl(ids),
    success: TOAST.batchCrawlCreated,
    failure: TOAST.batchCrawlFailed,
    successMessage: crawlMessage,
    onDone: exitBatch,
  });
  const toggle = useAdminAction({
    run: (source: AdminDatasource) =>
      api.patch(`/api/admin/datasources/${source.id}`, { is_active: !source.is_active }),
    success: TOAST.updated,
    failure: TOAST.updateFailed,
  });
  const remove = useAdminAction({
    run: (source: AdminDatasource) => api.delete(`/api/admin/datasources/${source.id}`),
    success: TOAST.deleted,
    failure: TOAST.deleteFailed,
  });
  const batchStatus = useAdminAction({
    run: (isActive: boolean) =>
      api.post<{ updated: number }>('/api/admin/datasources/batch-status', {
        ids: [...selected],
        is_active: isActive,
      }),
    success: TOAST.updated,
    failure: TOAST.batchFailed,
    successMessage: (r) => `已更新 ${r.updated} 个数据源`,
    onDone: exitBatch,
  });

  const runBatch = (isActive: boolean) => {
    if (selected.size === 0) return showErrorToast(TOAST.batchFailed, MSG.selectDatasources);
    batchStatus.mutate(isActive);
  };
  const crawlSelected = () => {
    const plan = planSelectedCrawl((query.data ?? []).filter((s) => selected.has(s.id)));
    if (!plan.ok) return showErrorToast(TOAST.batchCrawlFailed, plan.message);
    crawlMany.mutate(plan.ids);
  };
  const crawlFiltered = () => {
    const plan = planFilteredCrawl(filtered);
    if (!plan.ok) return showErrorToast(TOAST.batchCrawlFailed, plan.message);
    confirm.ask({
      title: '抓取筛选结果',
      message: `将为 ${plan.ids.length} 个活跃数据源创建抓取任务。`,
      confirmLabel: '开始抓取',
      onConfirm: () => crawlMany.mutate(plan.ids),
    });
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
    <Stack data-testid="datasources-tab">
      {confirm.dialog}
      <DatasourceDialog
        opened={dialog !== null}
        source={dialog?.source ?? null}
        topics={topics.data ?? []}
        onClose={() => setDialog(null)}
      />
      <Group align="flex-end" wrap="wrap">
        <TextInput
          style={{ flex: '1 1 200px' }}
          label="搜索数据源"
          placeholder="名称或URL"
          leftSection={<IconSearch size={16} />}
          value={search}
          onChange={(e) => setSearch(e.currentTarget.value)}
          data-testid="ds-search"
        />
        <Select
          style={{ flex: '1 1 150px' }}
          label="主题"
          placeholder="全部主题"
          clearable
          data={(topics.data ?? []).map((t) => ({ value: t.id, label: t.name }))}
          value={topicId}
          onChange={setTopicId}
        />
        <Select
          style={{ flex: '1 1 130px' }}
          label="平台筛选"
          placeholder="全部平台"
          clearable
          data={PLATFORMS.map((id) => ({ value: id, label: PLATFORM_LABELS[id] }))}
          value={platform}
          onChange={setPlatform}
          data-testid="ds-filter-platform"
        />
        <Select
          style={{ flex: '1 1 100px' }}
          label="语言"
          placeholder="全部"
          clearable
          data={['EN', 'ZH']}
          value={language}
          onChange={setLanguage}
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
      </Group>
      <Group wrap="wrap" gap="xs">
        <Button
          leftSection={<IconPlus size={16} />}
          onClick={() => setDialog({ source: null })}
          data-testid="ds-add"
        >
          添加数据源
        </Button>
        <Button
          variant={batch ? 'filled' : 'light'}
          color={batch ? 'gray' : undefined}
          onClick={() => (batch ? exitBatch() : setBatch(true))}
          data-testid="ds-batch-toggle"
        >
          {batch ? '退出批量' : '批量操作'}
        </Button>
        <Button
          variant="light"
          color="grape"
          onClick={crawlFiltered}
          loading={crawlMany.isPending}
          data-testid="ds-crawl-filtered"
        >
          抓取筛选结果 ({filtered.length})
        </Button>
      </Group>
      {batch ? (
        <Group wrap="wrap" gap="xs">
          <Checkbox
            label="全选"
            checked={filtered.length > 0 && filtered.every((s) => selected.has(s.id))}
            onChange={(e) =>
              setSelected(e.currentTarget.checked ? new Set(filtered.map((s) => s.id)) : new Set())
            }
          />
          <Text size="sm" c="dimmed" data-testid="ds-selected-count">
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
          <Button
            size="xs"
            variant="light"
            color="grape"
            onClick={crawlSelected}
            loading={crawlMany.isPending}
          >
            抓取选中
          </Button>
        </Group>
      ) : null}
      {query.isPending ? (
        <Group justify="center" py="xl">
          <Loader />
        </Group>
      ) : filtered.length === 0 ? (
        <Text c="dimmed" ta="center" py="xl" data-testid="ds-empty">
          没有匹配的数据源
        </Text>
      ) : (
        <ScrollArea type="auto">
          <Table striped highlightOnHover miw={860} verticalSpacing="xs">
            <Table.Thead>
              <Table.Tr>
                {batch ? <Table.Th w={36} /> : null}
                <Table.Th>名称</Table.Th>
                <Table.Th>平台</Table.Th>
                <Table.Th>主题</Table.Th>
                <Table.Th>语言</Table.Th>
                <Table.Th>状态</Table.Th>
                <Table.Th>最后抓取</Table.Th>
                <Table.Th>操作</Table.Th>
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {filtered.map((source) => {
                const state = datasourceStatus(source);
                return (
                  <Table.Tr key={source.id} data-testid="ds-row" data-name={source.source_name}>
                    {batch ? (
                      <Table.Td>
                        <Checkbox
                          aria-label={`选择 ${source.source_name}`}
                          checked={selected.has(source.id)}
                          onChange={() => setSelected((s) => toggleSelection(s, source.id))}
                        />
                      </Table.Td>
                    ) : null}
                    <Table.Td maw={260}>
                      <Text size="sm" fw={600} truncate>
                        {source.source_name}
                      </Text>
                      <Anchor
                        href={source.source_url.startsWith('http') ? source.source_url : undefined}
                        size="xs"
                        c="dimmed"
                        truncate="end"
                        display="block"
                        target="_blank"
                        rel="noreferrer"
                      >
                        {source.source_url}
                      </Anchor>
                    </Table.Td>
                    <Table.Td>{PLATFORM_LABELS[source.platform as Platform] ?? source.platform}</Table.Td>
                    <Table.Td>{source.topic.name}</Table.Td>
                    <Table.Td>{source.language}</Table.Td>
                    <Table.Td>
                      <Badge color={STATUS_COLORS[state]} variant="light" data-testid="ds-status">
                        {STATUS_LABELS[state]}
                      </Badge>
                    </Table.Td>
                    <Table.Td>
                      <Text size="xs">{lastCrawledText(source.last_crawled_at)}</Text>
                    </Table.Td>
                    <Table.Td>
                      <Group gap={4} wrap="nowrap">
                        <Button
                          size="compact-xs"
                          variant="light"
                          color="grape"
                          disabled={!source.is_active}
                          onClick={() => crawlOne.mutate(source)}
                        >
                          抓取
                        </Button>
                        <Button size="compact-xs" variant="light" onClick={() => setDialog({ source })}>
                          编辑
                        </Button>
                        <Button
                          size="compact-xs"
                          variant="light"
                          color={source.is_active ? 'orange' : 'teal'}
                          onClick={() => toggle.mutate(source)}
                        >
                          {source.is_active ? '暂停' : '启用'}
                        </Button>
                        <Button
                          size="compact-xs"
                          variant="light"
                          color="red"
                          onClick={() =>
                            confirm.ask({
                              title: '删除数据源',
                              message: `确定要删除数据源「${source.source_name}」吗？此操作不可撤销，相关文章和摘要也会被删除。`,
                              confirmLabel: '删除',
                              onConfirm: () => remove.mutate(source),
                            })
                          }
                        >
                          删除
                        </Button>
                      </Group>
                    </Table.Td>
                  </Table.Tr>
                );
              })}
            </Table.Tbody>
          </Table>
        </ScrollArea>
      )}
    </Stack>
  );
}
