import { useLingui } from '@lingui/react/macro';
import { STATUS_MESSAGES } from './generation-messages';
import { ph } from '@lingui/core/macro';
import { GENERATION_DEFAULTS } from '@app/contracts';
import { Alert, Badge, Button, Group, Progress, Stack, Text } from '@mantine/core';
import { IconAlertCircle } from '@tabler/icons-react';
import { FailureText } from './failure-text';
import type { GenerationRun } from './use-generation-run';

const COLORS: Record<string, string> = {
  submitting: 'gray',
  pending: 'yellow',
  processing: 'blue',
  completed: 'teal',
  failed: 'red',
  cancelled: 'gray',
};

/** Status badge, progress bar (0–100), queue position with the estimated wait, the error and a cancel button. */
export function GenerationProgress({ run }: { run: GenerationRun }) {
  const { t } = useLingui();
  if (run.phase === 'idle') return null;
  const status = run.status;
  const progress = status?.progress ?? 0;
  const running = run.phase === 'submitting' || run.phase === 'pending' || run.phase === 'processing';
  return (
    <Stack gap="xs" data-testid="generation-progress" data-status={run.phase}>
      <Group justify="space-between" wrap="wrap">
        {/* Body-text colour on the tint: the tint's own shade is under 4.5:1 at badge size. */}
        <Badge
          color={COLORS[run.phase]}
          variant="light"
          c="var(--mantine-color-text)"
          data-testid="generation-status"
        >
          {t(STATUS_MESSAGES[run.phase])}
        </Badge>
        {running && run.taskId ? (
          <Button size="xs" variant="default" onClick={() => void run.cancel()}>
            {t({ id: 'generation.cancel', message: 'Cancel' })}
          </Button>
        ) : null}
      </Group>
      <Progress
        value={run.phase === 'completed' ? 100 : progress}
        animated={running}
        striped={running}
        size="lg"
        aria-label="progress"
        data-testid="generation-progress-bar"
        data-value={run.phase === 'completed' ? 100 : progress}
      />
      <Group justify="space-between">
        <Text size="sm" c="dimmed">
          {run.phase === 'pending' && status && status.queue_position > 0
            ? t({
                id: 'generation.queue',
                message: `Queue position ${ph({ position: status.queue_position })} · estimated wait ${ph({ minutes: (status.queue_position - 1) * GENERATION_DEFAULTS.minutesPerTask })} min`,
              })
            : ''}
        </Text>
        <Text size="sm" fw={600}>
          {run.phase === 'completed' ? 100 : progress}%
        </Text>
      </Group>
      {run.phase === 'failed' && status?.error_message ? (
        <Alert
          color="red"
          icon={<IconAlertCircle size={16} />}
          title={t({ id: 'generation.failed', message: 'Generation failed' })}
        >
          <FailureText message={status.error_message} />
        </Alert>
      ) : null}
    </Stack>
  );
}
