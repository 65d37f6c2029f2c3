import { useLingui } from '@lingui/react/macro';
import type { GeneratePostBody } from '@app/contracts';
import { errorText } from '../../api/error-text';
import { useEffect, useRef, useState } from 'react';
import { isApiError } from '../../api/client';
import { showErrorToast } from '../ui/toast';
import { generateForPost } from './generation-api';
import { limitedMessage } from './generation-messages';
import type { GenerationRun } from './use-generation-run';

export type PostGeneration = {
  /** True while the server holds the request open (the task is queued or running). */
  waiting: boolean;
  submit(input: GeneratePostBody): Promise<boolean>;
};

/**
 * Post mode of the generator (spec §7 platform-content-generator): one request that the server answers
 * once the task has ended; then `run` shows its status and results as for a queued task. Leaving the
 * page stops the wait (the task itself carries on and shows in the history).
 */
export function usePostGeneration(run: GenerationRun): PostGeneration {
  const { t } = useLingui();
  const [waiting, setWaiting] = useState(false);
  const inFlight = useRef<AbortController | null>(null);
  useEffect(() => () => inFlight.current?.abort(), []);

  return {
    waiting,
    async submit(input) {
      inFlight.current?.abort();
      const controller = new AbortController();
      inFlight.current = controller;
      setWaiting(true);
      try {
        const response = await generateForPost(input, controller.signal);
        run.follow(response.task_id);
        return true;
      } catch (error) {
        if (controller.signal.aborted) return false;
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
      } finally {
        if (inFlight.current === controller) {
          inFlight.current = null;
          setWaiting(false);
        }
      }
    },
  };
}
