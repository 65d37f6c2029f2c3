import {
  Alert,
  Badge,
  Button,
  Code,
  Group,
  Loader,
  Paper,
  ScrollArea,
  SimpleGrid,
  Stack,
  Table,
  Text,
  Title,
} from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { api } from '../../api/client';
import { adminQueuesQuery, errorText } from './admin-api';
import { TOAST } from './admin-logic';
import { useAdminAction } from './admin-shared';

const STATE_LABELS: Record<string, string> = {
  waiting: '等待',
  active: '运行中',
  delayed: '延迟',
  prioritized: '优先',
  completed: '完成',
  failed: '失败',
};

/** Job counts per queue and state; failed jobs with their error and a retry button. */
export function QueuesTab() {
  const query = useQuery(adminQueuesQuery());
  const retry = useAdminAction({
    run: (job: { queue: string; id: string }) =>
      api.post(`/api/admin/queues/${encodeURIComponent(job.queue)}/jobs/${encodeURIComponent(job.id)}/retry`),
    success: '重试成功',
    failure: '重试失败',
  });

  if (query.isError) {
    return (
      <Alert color="red" title={TOAST.loadFailed}>
        <Text size="sm">{errorText(query.error)}</Text>
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
  return (
    <Stack data-testid="queues-tab">
      <SimpleGrid cols={{ base: 1, sm: 2, lg: 3 }}>
        {query.data.queues.map((queue) => (
          <Paper key={queue.name} withBorder radius="md" p="md" data-testid={`queue-${queue.name}`}>
            <Text fw={700} mb="xs">
              {queue.name}
            </Text>
            <Group gap={6}>
              {Object.entries(queue.counts).map(([state, count]) => (
                <Badge
                  key={state}
                  variant={count > 0 ? 'light' : 'outline'}
                  color={state === 'failed' && count > 0 ? 'red' : 'blue'}
                >
                  {STATE_LABELS[state] ?? state} {count}
                </Badge>
              ))}
            </Group>
          </Paper>
        ))}
      </SimpleGrid>
      <Title order={3} fz="lg">
        失败任务
      </Title>
      {query.data.failed.length === 0 ? (
        <Text c="dimmed">没有失败的任务</Text>
      ) : (
        <ScrollArea type="auto">
          <Table striped miw={720} verticalSpacing="xs">
            <Table.Thead>
              <Table.Tr>
                <Table.Th>队列</Table.Th>
                <Table.Th>任务</Table.Th>
                <Table.Th>错误</Table.Th>
                <Table.Th>尝试次数</Table.Th>
                <Table.Th>失败时间</Table.Th>
                <Table.Th />
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {query.data.failed.map((job) => (
                <Table.Tr key={`${job.queue}:${job.id}`} data-testid="failed-job">
                  <Table.Td>{job.queue}</Table.Td>
                  <Table.Td>
                    <Text size="sm">{job.name}</Text>
                    <Code fz="xs">#{job.id}</Code>
                  </Table.Td>
                  <Table.Td maw={360}>
                    <Text size="xs" c="red" lineClamp={3}>
                      {job.failed_reason}
                    </Text>
                  </Table.Td>
                  <Table.Td>{job.attempts_made}</Table.Td>
                  <Table.Td>
                    {job.failed_at
                      ? new Intl.DateTimeFormat('zh-CN', { dateStyle: 'short', timeStyle: 'short' }).format(
                          new Date(job.failed_at),
                        )
                      : '—'}
                  </Table.Td>
                  <Table.Td>
                    <Button
                      size="compact-xs"
                      variant="light"
                      onClick={() => retry.mutate(job)}
                      loading={retry.isPending}
                    >
                      重试
                    </Button>
                  </Table.Td>
                </Table.Tr>
              ))}
            </Table.Tbody>
          </Table>
        </ScrollArea>
      )}
    </Stack>
  );
}
