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
import { useTranslation } from '../../../i18n/react';
import { useLanguage } from '../../../i18n/language-provider';
import { adminQueuesQuery, retryJob } from '../admin-api';
import { useAdminAction } from '../kit/admin-shared';
import { AdminQueryState, AdminTable } from '../kit/admin-table';

const STATES = ['waiting', 'active', 'delayed', 'prioritized', 'completed', 'failed'] as const;
const isKnownState = (state: string): state is (typeof STATES)[number] =>
  (STATES as readonly string[]).includes(state);

/** Job counts per queue and state; running jobs with their progress; failed jobs with their error and a retry button. */
export function QueuesTab() {
  const { t } = useTranslation('admin');
  const { language } = useLanguage();
  const query = useQuery(adminQueuesQuery());
  const retry = useAdminAction({
    run: retryJob,
    success: t('toast.retried'),
    failure: t('toast.retryFailed'),
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
                      {isKnownState(state) ? t(`queues.states.${state}`) : state} {count}
                    </Badge>
                  ))}
                </Group>
              </Paper>
            ))}
          </SimpleGrid>
          <Title order={3} fz="lg">
            {t('queues.activeTitle')}
          </Title>
          {data.active.length === 0 ? (
            <Text c="dimmed">{t('queues.noActive')}</Text>
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
                    aria-label={t('queues.progressLabel', { job: job.name, id: job.id })}
                  />
                </Paper>
              ))}
            </Stack>
          )}
          <Title order={3} fz="lg">
            {t('queues.failedTitle')}
          </Title>
          <AdminTable
            label={t('queues.failedTitle')}
            minWidth={720}
            empty={data.failed.length === 0 ? t('queues.noFailed') : null}
            columns={[
              t('queues.columns.queue'),
              t('queues.columns.job'),
              t('queues.columns.error'),
              t('queues.columns.attempts'),
              t('queues.columns.failedAt'),
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
                    {t('actions.retry')}
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
