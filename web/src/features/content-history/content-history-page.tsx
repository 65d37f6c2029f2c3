import { msg } from '@lingui/core/macro';
import { LinguiScreen } from '../../i18n/lingui-screen';
import { useLingui } from '@lingui/react/macro';
import {
  Alert,
  Badge,
  Button,
  Group,
  Pagination,
  Paper,
  SimpleGrid,
  Stack,
  Text,
  Title,
} from '@mantine/core';
import { IconAlertCircle } from '@tabler/icons-react';
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { CenteredLoader } from '../ui/centered-loader';
import { useDocumentTitle } from '../ui/use-document-title';
import { type HistoryFilters, historyQueryOptions } from '../generation/generation-api';
import { HistoryFilterPanel } from './history-filters';
import { TaskCard } from './task-card';
import { errorText } from '../../api/error-text';

const EMPTY_FILTERS: HistoryFilters = { page: 1 };

const COUNTERS = {
  total: msg({ id: 'contentHistory.counters.total', message: 'Total tasks' }),
  completed: msg({ id: 'contentHistory.counters.completed', message: 'Completed' }),
  generated: msg({ id: 'contentHistory.counters.generated', message: 'Generated content' }),
};

function ContentHistoryScreen() {
  const { t } = useLingui();
  useDocumentTitle(t({ id: 'contentHistory.title', message: 'Content history' }));
  const [filters, setFilters] = useState<HistoryFilters>(EMPTY_FILTERS);
  const history = useQuery(historyQueryOptions(filters));
  const set = (patch: Partial<HistoryFilters>) =>
    setFilters((current) => ({ ...current, ...patch, page: 1 }));

  const stats = history.data?.stats;
  const totalPages = history.data ? Math.max(1, Math.ceil(history.data.total / history.data.page_size)) : 1;

  return (
    <Stack
      gap="md"
      maw={1040}
      mx="auto"
      w="100%"
      px={{ base: 'md', sm: 'lg' }}
      py="lg"
      data-testid="content-history"
    >
      <Stack gap={2}>
        <Title order={2}>{t({ id: 'contentHistory.title', message: 'Content history' })}</Title>
        <Text c="dimmed" size="sm">
          {t({ id: 'contentHistory.subtitle', message: 'Your generation tasks and the copy they produced.' })}
        </Text>
      </Stack>
      <SimpleGrid cols={{ base: 1, xs: 3 }}>
        {(
          [
            ['total', stats?.total_tasks],
            ['completed', stats?.completed_tasks],
            ['generated', stats?.total_generated],
          ] as const
        ).map(([key, value]) => (
          <Paper key={key} withBorder p="md" radius="md" data-testid={`history-counter-${key}`}>
            <Text size="xs" c="dimmed">
              {t(COUNTERS[key])}
            </Text>
            <Text fw={700} size="xl">
              {value ?? '–'}
            </Text>
          </Paper>
        ))}
      </SimpleGrid>

      <HistoryFilterPanel filters={filters} onChange={set} onClear={() => setFilters(EMPTY_FILTERS)} />

      <Group gap="xs">
        <Title order={4}>{t({ id: 'contentHistory.tasks', message: 'Tasks' })}</Title>
        <Badge variant="light">{history.data?.total ?? 0}</Badge>
      </Group>

      {history.isLoading ? (
        <CenteredLoader minHeight={200} />
      ) : history.isError && !history.data ? (
        <Alert
          color="red"
          title={t({ id: 'contentHistory.loadFailed', message: 'Load failed' })}
          icon={<IconAlertCircle size={16} />}
        >
          <Stack gap="xs" align="flex-start">
            <Text size="sm">{errorText(t, history.error)}</Text>
            <Button size="xs" onClick={() => void history.refetch()}>
              {t({ id: 'contentHistory.retry', message: 'Retry' })}
            </Button>
          </Stack>
        </Alert>
      ) : !history.data?.data.length ? (
        <Text c="dimmed" ta="center" py="xl" data-testid="history-empty">
          {t({ id: 'contentHistory.empty', message: 'No generation tasks yet.' })}
        </Text>
      ) : (
        <Stack gap="sm">
          {history.data.data.map((task) => (
            <TaskCard key={task.id} task={task} />
          ))}
          {totalPages > 1 ? (
            <Group justify="center">
              <Pagination
                total={totalPages}
                value={filters.page}
                onChange={(page) => setFilters((current) => ({ ...current, page }))}
              />
            </Group>
          ) : null}
        </Stack>
      )}
    </Stack>
  );
}

export function ContentHistoryPage() {
  return (
    <LinguiScreen namespaces={['contentHistory', 'generation']}>
      <ContentHistoryScreen />
    </LinguiScreen>
  );
}
