import { useLingui } from '@lingui/react/macro';
import { limitedMessage } from './generation-messages';
import { ph, plural } from '@lingui/core/macro';
import { GENERATION_DEFAULTS, type GenerationResult, type GenerationTaskStatus } from '@app/contracts';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useEffect, useRef, useState } from 'react';
import { isApiError } from '../../api/client';
import { showErrorToast, showSuccessToast } from '../ui/toast';
import {
  type CreateTaskInput,
  cancelGenerationTask,
  createGenerationTask,
  generationKeys,
  resultsQueryOptions,
  taskStatusQueryOptions,
} from './generation-api';
import { errorText } from '../../api/error-text';

export type GenerationRun = {
  taskId: string | null;
  status: GenerationTaskStatus | undefined;
  /** 'submitting' until the server knows the task. */
  phase: 'idle' | 'submitting' | GenerationTaskStatus['status'];
  results: GenerationResult[];
  submit(input: CreateTaskInput): Promise<boolean>;
  /** Shows a task created elsewhere (post mode): its status, then its results. */
  follow(taskId: string): void;
  cancel(): Promise<void>;
  reset(): void;
};

/**
 * Submits a generation task and polls its status every 2 s until it ends (the query stops itself; leaving
 * the screen unmounts it). Completed: loads the results and toasts; failed: toasts the server's message.
 */
export function useGenerationRun(): GenerationRun {
  const { t } = useLingui();
  const queryClient = useQueryClient();
  const [taskId, setTaskId] = useState<string | null>(null);
  const status = useQuery(taskStatusQueryOptions(taskId));
  const ids = status.data?.status === 'completed' ? status.data.result_ids : [];
  const results = useQuery(resultsQueryOptions(ids));
  const announced = useRef<string | null>(null);

  const create = useMutation({ mutationFn: createGenerationTask });

  useEffect(() => {
    const data = status.data;
    if (!taskId || !data) return;
    const key = `${taskId}:${data.status}`;
    if (announced.current === key) return;
    if (data.status === 'completed') {
      announced.current = key;
      showSuccessToast(
        t({ id: 'generation.done', message: 'Generation complete' }),
        t({
          id: 'generation.doneText',
          message: plural(ph({ count: data.result_ids.length }), {
            one: `Content generated for # platform`,
            other: `Content generated for # platforms`,
          }),
        }),
      );
      void queryClient.invalidateQueries({ queryKey: ['generation', 'history'] });
    } else if (data.status === 'failed') {
      announced.current = key;
      // The worker's error_message is a diagnostic in English: the toast says it in the reader's words.
      showErrorToast(t({ id: 'generation.failed', message: 'Generation failed' }), errorText(t, undefined));
    }
  }, [status.data, taskId, t, queryClient]);

  const phase: GenerationRun['phase'] = create.isPending
    ? 'submitting'
    : taskId
      ? (status.data?.status ?? 'submitting')
      : 'idle';

  return {
    taskId,
    status: status.data,
    phase,
    results: results.data ?? [],
    async submit(input) {
      announced.current = null;
      try {
        const response = await create.mutateAsync(input);
        setTaskId(response.task_id);
        showSuccessToast(
          t({ id: 'generation.submitted', message: 'Task submitted' }),
          t({
            id: 'generation.submittedText',
            message: `Queue position ${ph({ position: response.queue_position })} / estimated wait ${ph({ minutes: response.estimated_wait_time ?? response.queue_position * GENERATION_DEFAULTS.minutesPerTask })} min`,
          }),
        );
        return true;
      } catch (error) {
        // A limit (429): say which one in the user's language; otherwise the server's message.
        if (isApiError(error) && error.status === 429) {
          showErrorToast(
            t({ id: 'generation.limited.title', message: 'Slow down' }),
            t(limitedMessage(error.code)),
          );
        } else {
          showErrorToast(
            t({ id: 'generation.submitFailed', message: 'Task submission failed' }),
            errorText(t, error),
          );
        }
        return false;
      }
    },
    follow(id) {
      announced.current = null;
      setTaskId(id);
    },
    async cancel() {
      if (!taskId) return;
      const id = taskId;
      setTaskId(null);
      await cancelGenerationTask(id).catch(() => undefined);
      queryClient.removeQueries({ queryKey: generationKeys.status(id) });
      showSuccessToast(t({ id: 'generation.cancelled', message: 'Generation cancelled' }));
    },
    reset() {
      setTaskId(null);
      announced.current = null;
    },
  };
}
