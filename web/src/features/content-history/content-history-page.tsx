import {
  GENERATION_PLATFORMS,
  GENERATION_STATUSES,
  GENERATION_STYLES,
  type GenerationTaskDto,
  PLATFORMS,
} from '@app/contracts';
import {
  Alert,
  Anchor,
  Badge,
  Button,
  Card,
  Collapse,
  Group,
  Modal,
  MultiSelect,
  Pagination,
  Paper,
  Select,
  SimpleGrid,
  Stack,
  Text,
  TextInput,
  Title,
  UnstyledButton,
} from '@mantine/core';
import {
  IconAlertCircle,
  IconCheck,
  IconChevronDown,
  IconClock,
  IconExternalLink,
  IconFilter,
  IconLoader,
  IconTrash,
  IconX,
} from '@tabler/icons-react';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { type ReactNode, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { isApiError } from '../../api/client';
import { CenteredLoader } from '../ui/centered-loader';
import { showErrorToast, showSuccessToast } from '../ui/toast';
import { useDocumentTitle } from '../ui/use-document-title';
import {
  deleteGeneratedContent,
  type HistoryFilters,
  historyQueryOptions,
  retryGenerationTask,
} from '../generation/generation-api';
import { ResultCard } from '../generation/result-card';

const STATUS_ICON: Record<string, ReactNode> = {
  pending: <IconClock size={16} />,
  processing: <IconLoader size={16} />,
  completed: <IconCheck size={16} />,
  failed: <IconAlertCircle size={16} />,
  cancelled: <IconX size={16} />,
};
const STATUS_COLOR: Record<string, string> = {
  pending: 'yellow',
  processing: 'blue',
  completed: 'teal',
  failed: 'red',
  cancelled: 'gray',
};

const EMPTY_FILTERS: HistoryFilters = { page: 1 };

export function ContentHistoryPage() {
  const { t } = useTranslation('contentHistory');
  const { t: tg } = useTranslation('generation');
  const { t: tc } = useTranslation('content');
  useDocumentTitle(t('title'));
  const [filters, setFilters] = useState<HistoryFilters>(EMPTY_FILTERS);
  const [search, setSearch] = useState('');
  const [showFilters, setShowFilters] = useState(false);
  const history = useQuery(historyQueryOptions(filters));
  const set = (patch: Partial<HistoryFilters>) =>
    setFilters((current) => ({ ...current, ...patch, page: 1 }));

  const runSearch = () => {
    const term = search.trim();
    if (term && [...term].length < 4)
      return showErrorToast(t('filters.searchTooShort'), t('filters.searchTooShortText'));
    set({ q: term || undefined });
  };

  const stats = history.data?.stats;
  const totalPages = history.data ? Math.max(1, Math.ceil(history.data.total / history.data.page_size)) : 1;

  return (
    <Stack gap="md" maw={1040} mx="auto" w="100%" data-testid="content-history">
      <Stack gap={2}>
        <Title order={2}>{t('title')}</Title>
        <Text c="dimmed" size="sm">
          {t('subtitle')}
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
              {t(`counters.${key}`)}
            </Text>
            <Text fw={700} size="xl">
              {value ?? '–'}
            </Text>
          </Paper>
        ))}
      </SimpleGrid>

      <Card withBorder radius="md" padding="md">
        <UnstyledButton onClick={() => setShowFilters((open) => !open)} aria-expanded={showFilters}>
          <Group gap="xs">
            <IconFilter size={16} />
            <Text fw={600}>{t('filters.title')}</Text>
            <IconChevronDown size={16} style={{ transform: showFilters ? 'rotate(180deg)' : undefined }} />
          </Group>
        </UnstyledButton>
        <Collapse expanded={showFilters}>
          <Stack gap="sm" mt="sm">
            <Group gap="xs" wrap="nowrap">
              <TextInput
                style={{ flex: 1 }}
                placeholder={t('filters.searchPlaceholder')}
                aria-label={t('filters.search')}
                value={search}
                onChange={(event) => setSearch(event.currentTarget.value)}
                onKeyDown={(event) => {
                  if (event.key === 'Enter') runSearch();
                }}
              />
              <Button onClick={runSearch}>{t('filters.search')}</Button>
            </Group>
            <SimpleGrid cols={{ base: 1, sm: 2, md: 3 }}>
              <Select
                label={t('filters.status')}
                clearable
                placeholder={t('filters.all')}
                value={filters.status ?? null}
                onChange={(value) => set({ status: value ?? undefined })}
                data={GENERATION_STATUSES.map((status) => ({ value: status, label: tg(`status.${status}`) }))}
              />
              <MultiSelect
                label={t('filters.targetPlatforms')}
                placeholder={t('filters.all')}
                value={filters.target_platforms ?? []}
                onChange={(value) => set({ target_platforms: value })}
                data={GENERATION_PLATFORMS.map((p) => ({ value: p, label: tg(`platforms.${p}`) }))}
              />
              <Select
                label={t('filters.style')}
                clearable
                placeholder={t('filters.all')}
                value={filters.style ?? null}
                onChange={(value) => set({ style: value ?? undefined })}
                data={GENERATION_STYLES.map((style) => ({ value: style, label: tg(`styles.${style}`) }))}
              />
              <MultiSelect
                label={t('filters.sourcePlatforms')}
                placeholder={t('filters.all')}
                value={filters.source_platforms ?? []}
                onChange={(value) => set({ source_platforms: value })}
                data={PLATFORMS.map((p) => ({
                  value: p,
                  label: tc(`platforms.${p}` as 'platforms.blog', p),
                }))}
              />
              <TextInput
                label={t('filters.topic')}
                value={filters.topic ?? ''}
                onChange={(event) => set({ topic: event.currentTarget.value || undefined })}
              />
              <TextInput
                label={t('filters.datasource')}
                value={filters.datasource ?? ''}
                onChange={(event) => set({ datasource: event.currentTarget.value || undefined })}
              />
            </SimpleGrid>
            <Group justify="flex-end">
              <Button
                variant="default"
                onClick={() => {
                  setSearch('');
                  setFilters(EMPTY_FILTERS);
                }}
              >
                {t('filters.clear')}
              </Button>
            </Group>
          </Stack>
        </Collapse>
      </Card>

      <Group gap="xs">
        <Title order={4}>{t('tasks')}</Title>
        <Badge variant="light">{history.data?.total ?? 0}</Badge>
      </Group>

      {history.isLoading ? (
        <CenteredLoader minHeight={200} />
      ) : history.isError && !history.data ? (
        <Alert color="red" title={t('loadFailed')} icon={<IconAlertCircle size={16} />}>
          <Stack gap="xs" align="flex-start">
            <Text size="sm">{isApiError(history.error) ? history.error.message : String(history.error)}</Text>
            <Button size="xs" onClick={() => void history.refetch()}>
              {t('retry')}
            </Button>
          </Stack>
        </Alert>
      ) : !history.data?.data.length ? (
        <Text c="dimmed" ta="center" py="xl" data-testid="history-empty">
          {t('empty')}
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

function TaskCard({ task }: { task: GenerationTaskDto }) {
  const { t, i18n } = useTranslation('contentHistory');
  const { t: tg } = useTranslation('generation');
  const { t: tc } = useTranslation('content');
  const queryClient = useQueryClient();
  const [open, setOpen] = useState(false);
  const [confirming, setConfirming] = useState<string | null>(null);
  const info = task.summary_info;
  const refresh = () => queryClient.invalidateQueries({ queryKey: ['generation', 'history'] });

  const retry = useMutation({
    mutationFn: () => retryGenerationTask(task.id),
    onSuccess: () => {
      showSuccessToast(t('retried'));
      void refresh();
    },
    onError: (error) => showErrorToast(t('retryFailed'), isApiError(error) ? error.message : undefined),
  });
  const remove = useMutation({
    mutationFn: (id: string) => deleteGeneratedContent(id),
    onSuccess: () => {
      showSuccessToast(t('deleted'));
      setConfirming(null);
      void refresh();
    },
    onError: (error) => {
      setConfirming(null);
      showErrorToast(t('deleteFailed'), isApiError(error) ? error.message : undefined);
    },
  });

  return (
    <Card withBorder radius="md" padding="md" data-testid="history-task" data-status={task.status}>
      <UnstyledButton onClick={() => setOpen((value) => !value)} aria-expanded={open} w="100%">
        <Stack gap={6}>
          <Group gap={6} wrap="wrap">
            <Badge color={STATUS_COLOR[task.status]} leftSection={STATUS_ICON[task.status]} variant="light">
              {tg(`status.${task.status}`)}
            </Badge>
            <Badge variant="outline">{tg(`styles.${task.style}` as 'styles.engaging', task.style)}</Badge>
            {info?.platform ? (
              <Badge variant="outline" color="gray">
                {tc(`platforms.${info.platform}` as 'platforms.blog', info.platform)}
              </Badge>
            ) : null}
            {info?.topic_name ? <Badge variant="light">{info.topic_name}</Badge> : null}
            {task.status === 'pending' && task.queue_position > 0 ? (
              <Text size="xs" c="dimmed">
                {t('queued', { position: task.queue_position })}
              </Text>
            ) : null}
          </Group>
          <Text fw={600} lineClamp={2}>
            {info?.title || t('fallbackTitle')}
          </Text>
          <Group gap="md" wrap="wrap">
            <Text size="xs" c="dimmed">
              {info?.source_name || t('unknownSource')}
            </Text>
            <Text size="xs" c="dimmed">
              {new Date(task.created_at).toLocaleString(i18n.language === 'zh' ? 'zh-CN' : 'en-US')}
            </Text>
            {task.target_platforms[0] ? (
              <Text size="xs" c="dimmed">
                {tg(
                  `platforms.${task.target_platforms[0]}` as 'platforms.linkedin',
                  task.target_platforms[0],
                )}
                {task.target_platforms.length > 1 ? ` +${task.target_platforms.length - 1}` : ''}
              </Text>
            ) : null}
          </Group>
        </Stack>
      </UnstyledButton>
      <Group gap="sm" mt={6}>
        {info?.url ? (
          <Anchor href={info.url} target="_blank" rel="noopener noreferrer" size="xs">
            <Group gap={2}>
              {t('article')}
              <IconExternalLink size={12} />
            </Group>
          </Anchor>
        ) : null}
        {task.status === 'failed' ? (
          <>
            <Text size="xs" c="red">
              {task.error_message}
            </Text>
            <Text size="xs" c="dimmed" data-testid="history-retries">
              {t('retries', { current: task.retry_count, max: task.max_retries })}
            </Text>
            <Button
              size="compact-xs"
              variant="light"
              loading={retry.isPending}
              onClick={() => retry.mutate()}
            >
              {t('retryTask')}
            </Button>
          </>
        ) : null}
      </Group>
      <Collapse expanded={open}>
        <Stack gap="sm" mt="sm">
          {task.generated_content.length === 0 ? (
            <Text size="sm" c="dimmed">
              {t('noResults')}
            </Text>
          ) : (
            task.generated_content.map((result) => (
              <ResultCard
                key={result.id}
                result={result}
                action={
                  <Button
                    size="xs"
                    variant="light"
                    color="red"
                    leftSection={<IconTrash size={14} />}
                    onClick={() => setConfirming(result.id)}
                  >
                    {t('delete')}
                  </Button>
                }
              />
            ))
          )}
        </Stack>
      </Collapse>
      <Modal
        opened={confirming !== null}
        onClose={() => setConfirming(null)}
        title={t('deleteTitle')}
        centered
      >
        <Stack gap="md">
          <Text size="sm">{t('deleteConfirm')}</Text>
          <Group justify="flex-end">
            <Button variant="default" onClick={() => setConfirming(null)}>
              {tg('cancel')}
            </Button>
            <Button
              color="red"
              loading={remove.isPending}
              onClick={() => confirming && remove.mutate(confirming)}
              data-testid="confirm-delete"
            >
              {t('delete')}
            </Button>
          </Group>
        </Stack>
      </Modal>
    </Card>
  );
}
