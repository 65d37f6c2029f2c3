import { useLingui } from '@lingui/react/macro';
import { useLanguage } from '../../i18n/language-provider';
import { STATUS_MESSAGES, styleName } from '../generation/generation-messages';
import { ph } from '@lingui/core/macro';
import { sourceDisplayName, toLocale } from '@app/rules';
import { formatInstant } from '@app/time/format';
import { platformName } from '../content/platform-options';
import type { GenerationTaskDto } from '@app/contracts';
import { Anchor, Badge, Button, Card, Collapse, Group, Stack, Text, UnstyledButton } from '@mantine/core';
import {
  IconAlertCircle,
  IconCheck,
  IconClock,
  IconExternalLink,
  IconLoader,
  IconTrash,
  IconX,
} from '@tabler/icons-react';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { lazy, type ReactNode, useState } from 'react';
import { OnDemandDialog } from '../ui/on-demand-dialog';
import { showErrorToast, showSuccessToast } from '../ui/toast';
import { deleteGeneratedContent, retryGenerationTask } from '../generation/generation-api';
import { ResultCard } from '../generation/result-card';
import { FailureText } from '../generation/failure-text';
import { UsageLine } from '../generation/usage-line';
import { errorText } from '../../api/error-text';

// The delete confirmation's code comes when it first opens.
const DeleteResultDialog = lazy(() =>
  import('./delete-result-dialog').then((module) => ({ default: module.DeleteResultDialog })),
);

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

/** One generation task: its status, source and settings, with its results, retry and delete. */
export function TaskCard({ task }: { task: GenerationTaskDto }) {
  const { t } = useLingui();
  const { language } = useLanguage();
  const styleLabel = styleName(task.style);
  const queryClient = useQueryClient();
  const [open, setOpen] = useState(false);
  const [confirming, setConfirming] = useState<string | null>(null);
  const info = task.summary_info;
  const refresh = () => queryClient.invalidateQueries({ queryKey: ['generation', 'history'] });

  const retry = useMutation({
    mutationFn: () => retryGenerationTask(task.id),
    onSuccess: () => {
      showSuccessToast(t({ id: 'contentHistory.retried', message: 'Task queued again' }));
      void refresh();
    },
    onError: (error) =>
      showErrorToast(t({ id: 'contentHistory.retryFailed', message: 'Retry failed' }), errorText(t, error)),
  });
  const remove = useMutation({
    mutationFn: (id: string) => deleteGeneratedContent(id),
    onSuccess: () => {
      showSuccessToast(t({ id: 'contentHistory.deleted', message: 'Deleted' }));
      setConfirming(null);
      void refresh();
    },
    onError: (error) => {
      setConfirming(null);
      showErrorToast(t({ id: 'contentHistory.deleteFailed', message: 'Delete failed' }), errorText(t, error));
    },
  });

  return (
    <Card withBorder radius="md" padding="md" data-testid="history-task" data-status={task.status}>
      <UnstyledButton onClick={() => setOpen((value) => !value)} aria-expanded={open} w="100%">
        <Stack gap={6}>
          <Group gap={6} wrap="wrap">
            {/* Body-text colour on the tint: the tint's own shade is under 4.5:1 at badge size. */}
            <Badge
              color={STATUS_COLOR[task.status]}
              leftSection={STATUS_ICON[task.status]}
              variant="light"
              c="var(--mantine-color-text)"
            >
              {t(STATUS_MESSAGES[task.status])}
            </Badge>
            <Badge variant="outline">{styleLabel ? t(styleLabel) : task.style}</Badge>
            {info?.platform ? (
              <Badge variant="outline" color="gray">
                {platformName(t, info.platform)}
              </Badge>
            ) : null}
            {info?.topic_name ? (
              <Badge variant="light" data-testid="task-topic">
                {(language === 'zh' && info.topic_name_zh) || info.topic_name}
              </Badge>
            ) : null}
            {task.status === 'pending' && task.queue_position > 0 ? (
              <Text size="xs" c="dimmed">
                {t({
                  id: 'contentHistory.queued',
                  message: `Queue position ${ph({ position: task.queue_position })}`,
                })}
              </Text>
            ) : null}
          </Group>
          <Text fw={600} lineClamp={2}>
            {info?.title || t({ id: 'contentHistory.fallbackTitle', message: 'Generation task' })}
          </Text>
          <Group gap="md" wrap="wrap">
            <Text size="xs" c="dimmed">
              {info?.source_name
                ? sourceDisplayName(info.source_name, language)
                : t({ id: 'contentHistory.unknownSource', message: 'Unknown' })}
            </Text>
            <Text size="xs" c="dimmed">
              {formatInstant(task.created_at, toLocale(language), {
                date: 'medium',
                time: 'short',
              })}
            </Text>
            {task.target_platforms[0] ? (
              <Text size="xs" c="dimmed">
                {platformName(t, task.target_platforms[0], 'target')}
                {task.target_platforms.length > 1 ? ` +${task.target_platforms.length - 1}` : ''}
              </Text>
            ) : null}
          </Group>
          <UsageLine usage={task.usage} />
        </Stack>
      </UnstyledButton>
      <Group gap="sm" mt={6}>
        {info?.url ? (
          <Anchor href={info.url} target="_blank" rel="noopener noreferrer" size="xs">
            <Group gap={2}>
              {t({ id: 'contentHistory.article', message: 'Article' })}
              <IconExternalLink size={12} />
            </Group>
          </Anchor>
        ) : null}
        {task.status === 'failed' ? (
          <>
            {task.error_message ? <FailureText message={task.error_message} size="xs" /> : null}
            <Text size="xs" c="dimmed" data-testid="history-retries">
              {t({
                id: 'contentHistory.retries',
                message: `Retries ${ph({ current: task.retry_count })}/${ph({ max: task.max_retries })}`,
              })}
            </Text>
            <Button
              size="compact-xs"
              variant="light"
              loading={retry.isPending}
              onClick={() => retry.mutate()}
            >
              {t({ id: 'contentHistory.retryTask', message: 'Retry' })}
            </Button>
          </>
        ) : null}
      </Group>
      <Collapse expanded={open}>
        <Stack gap="sm" mt="sm">
          {task.generated_content.length === 0 ? (
            <Text size="sm" c="dimmed">
              {t({ id: 'contentHistory.noResults', message: 'No generated content for this task.' })}
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
                    {t({ id: 'contentHistory.delete', message: 'Delete' })}
                  </Button>
                }
              />
            ))
          )}
        </Stack>
      </Collapse>
      <OnDemandDialog opened={confirming !== null}>
        {(shown) => (
          <DeleteResultDialog
            opened={shown}
            onClose={() => setConfirming(null)}
            onConfirm={() => confirming && remove.mutate(confirming)}
            pending={remove.isPending}
          />
        )}
      </OnDemandDialog>
    </Card>
  );
}
