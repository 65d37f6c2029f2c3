import { useLingui } from '@lingui/react/macro';
import { messageFor } from '../../../i18n/message-for';
import { ph } from '@lingui/core/macro';
import { QUEUES_STATES_MESSAGES } from '../admin-messages';
import { formatInstant } from '@app/time/format';
import { toLocale } from '@app/rules';
import {
  Badge,
  Button,
  Code,
  Group,
  Paper,
  Progress,
  SimpleGrid,
  Stack,
  Table,
  Text,
  Title,
} from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { useLanguage } from '../../../i18n/language-provider';
import { adminQueuesQuery, retryJob } from '../admin-api';
import { useAdminAction } from '../kit/admin-shared';
import { AdminQueryState, AdminTable } from '../kit/admin-table';

const STATES = ['waiting', 'active', 'delayed', 'prioritized', 'completed', 'failed'] as const;
const isKnownState = (state: string): state is (typeof STATES)[number] =>
  (STATES as readonly string[]).includes(state);

/** Job counts per queue and state; running jobs with their progress; failed jobs with their error and a retry button. */
export function QueuesTab() {
  const { t } = useLingui();
  const { language } = useLanguage();
  const query = useQuery(adminQueuesQuery());
  const retry = useAdminAction({
    run: retryJob,
    success: t({ id: 'admin.toast.retried', message: 'Job queued again' }),
    failure: t({ id: 'admin.toast.retryFailed', message: 'Retry failed' }),
  });

  return (
    <AdminQueryState query={query}>
      {(data) => (
        <Stack data-testid="queues-tab">
          <SimpleGrid cols={{ base: 1, sm: 2, lg: 3 }}>
            {data.queues.map((queue) => (
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
                      {isKnownState(state) ? t(messageFor(QUEUES_STATES_MESSAGES, state)) : state} {count}
                    </Badge>
                  ))}
                </Group>
              </Paper>
            ))}
          </SimpleGrid>
          <Title order={3} fz="lg">
            {t({ id: 'admin.queues.activeTitle', message: 'Running jobs' })}
          </Title>
          {data.active.length === 0 ? (
            <Text c="dimmed">{t({ id: 'admin.queues.noActive', message: 'No jobs running' })}</Text>
          ) : (
            <Stack gap="xs">
              {data.active.map((job) => (
                <Paper key={`${job.queue}:${job.id}`} withBorder radius="md" p="sm" data-testid="active-job">
                  <Group justify="space-between" wrap="wrap" gap="xs" mb={6}>
                    <Text size="sm">
                      {job.queue} · {job.name}
                    </Text>
                    <Text size="sm" c="dimmed">
                      {job.progress}%
                    </Text>
                  </Group>
                  <Progress
                    value={job.progress}
                    aria-label={t({
                      id: 'admin.queues.progressLabel',
                      message: `Progress of ${ph({ job: job.name })} #${ph({ id: job.id })}`,
                    })}
                  />
                </Paper>
              ))}
            </Stack>
          )}
          <Title order={3} fz="lg">
            {t({ id: 'admin.queues.failedTitle', message: 'Failed jobs' })}
          </Title>
          <AdminTable
            label={t({ id: 'admin.queues.failedTitle', message: 'Failed jobs' })}
            minWidth={720}
            empty={
              data.failed.length === 0 ? t({ id: 'admin.queues.noFailed', message: 'No failed jobs' }) : null
            }
            columns={[
              t({ id: 'admin.queues.columns.queue', message: 'Queue' }),
              t({ id: 'admin.queues.columns.job', message: 'Job' }),
              t({ id: 'admin.queues.columns.error', message: 'Error' }),
              t({ id: 'admin.queues.columns.attempts', message: 'Attempts' }),
              t({ id: 'admin.queues.columns.failedAt', message: 'Failed at' }),
              null,
            ]}
          >
            {data.failed.map((job) => (
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
                    ? formatInstant(job.failed_at, toLocale(language), { date: 'short', time: 'short' })
                    : '—'}
                </Table.Td>
                <Table.Td>
                  <Button
                    size="compact-xs"
                    variant="light"
                    onClick={() => retry.mutate(job)}
                    loading={retry.isPending}
                  >
                    {t({ id: 'admin.actions.retry', message: 'Retry' })}
                  </Button>
                </Table.Td>
              </Table.Tr>
            ))}
          </AdminTable>
        </Stack>
      )}
    </AdminQueryState>
  );
}
