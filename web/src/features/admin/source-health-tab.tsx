import type { Platform } from '@app/contracts';
import {
  Alert,
  Badge,
  Button,
  Group,
  Loader,
  ScrollArea,
  SegmentedControl,
  Stack,
  Table,
  Text,
  Tooltip,
} from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { errorText, type SourceHealthRow, sourceHealthQuery } from './admin-api';
import { lastCrawledText, PLATFORM_LABELS, TOAST } from './admin-logic';

const STATE_LABELS: Record<SourceHealthRow['state'], string> = {
  healthy: '健康',
  failing: '失败中',
  stale: '过期',
  never_crawled: '从未抓取',
  inactive: '已禁用',
};
const STATE_COLORS: Record<SourceHealthRow['state'], string> = {
  healthy: 'teal',
  failing: 'red',
  stale: 'orange',
  never_crawled: 'yellow',
  inactive: 'gray',
};

function formatNext(iso: string | null) {
  if (!iso) return '—';
  return new Intl.DateTimeFormat('zh-CN', { dateStyle: 'medium', timeStyle: 'short' }).format(new Date(iso));
}

/** Source health from the pipeline's GET /api/admin/source-health: last success, last error class, next check. */
export function SourceHealthTab() {
  const query = useQuery(sourceHealthQuery());
  const [state, setState] = useState<'all' | SourceHealthRow['state']>('all');

  if (query.isError) {
    return (
      <Alert color="red" title={TOAST.loadFailed} data-testid="health-error">
        <Group>
          <Text size="sm">{errorText(query.error)}</Text>
          <Button size="xs" variant="light" onClick={() => query.refetch()}>
            重试
          </Button>
        </Group>
      </Alert>
    );
  }
  if (query.isPending) {
    return (
      <Group justify="center" py="xl">
        <Loader />
      </Group>
    );
  }
  const rows = query.data.data.filter((r) => state === 'all' || r.state === state);
  return (
    <Stack data-testid="health-tab">
      <SegmentedControl
        value={state}
        onChange={(v) => setState(v as typeof state)}
        data={[
          { value: 'all', label: `全部 (${query.data.data.length})` },
          ...(Object.keys(STATE_LABELS) as SourceHealthRow['state'][]).map((s) => ({
            value: s,
            label: `${STATE_LABELS[s]} (${query.data.counts[s] ?? 0})`,
          })),
        ]}
        style={{ alignSelf: 'flex-start', maxWidth: '100%', overflowX: 'auto' }}
      />
      {rows.length === 0 ? (
        <Text c="dimmed" ta="center" py="xl">
          没有数据源
        </Text>
      ) : (
        <ScrollArea type="auto">
          <Table striped miw={820} verticalSpacing="xs">
            <Table.Thead>
              <Table.Tr>
                <Table.Th>名称</Table.Th>
                <Table.Th>平台</Table.Th>
                <Table.Th>状态</Table.Th>
                <Table.Th>最后成功</Table.Th>
                <Table.Th>最后错误</Table.Th>
                <Table.Th>连续失败</Table.Th>
                <Table.Th>下次检查</Table.Th>
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {rows.map((row) => (
                <Table.Tr key={row.id}>
                  <Table.Td>{row.source_name}</Table.Td>
                  <Table.Td>{PLATFORM_LABELS[row.platform as Platform] ?? row.platform}</Table.Td>
                  <Table.Td>
                    <Badge color={STATE_COLORS[row.state]} variant="light">
                      {STATE_LABELS[row.state]}
                    </Badge>
                  </Table.Td>
                  <Table.Td>{row.last_success_at ? lastCrawledText(row.last_success_at) : '—'}</Table.Td>
                  <Table.Td>
                    {row.last_error_class ? (
                      <Tooltip
                        label={row.last_error_message ?? ''}
                        multiline
                        maw={360}
                        disabled={!row.last_error_message}
                      >
                        <Badge color="red" variant="outline" tt="none">
                          {row.last_error_class}
                        </Badge>
                      </Tooltip>
                    ) : (
                      '—'
                    )}
                  </Table.Td>
                  <Table.Td>{row.consecutive_failures}</Table.Td>
                  <Table.Td>{formatNext(row.next_check_at)}</Table.Td>
                </Table.Tr>
              ))}
            </Table.Tbody>
          </Table>
        </ScrollArea>
      )}
    </Stack>
  );
}
