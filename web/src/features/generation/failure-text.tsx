import { useLingui } from '@lingui/react/macro';
import { GENERATION_SUMMARY_GONE_MESSAGE } from '@app/contracts';
import { Text } from '@mantine/core';

/**
 * Why a task failed, in the page's language: the worker's message is the model's or its provider's own
 * (English) words, so it follows as a detail, marked as English for screen readers.
 */
export function FailureText({ message, size = 'sm' }: { message: string; size?: 'xs' | 'sm' }) {
  const { t } = useLingui();
  const summaryGone = message === GENERATION_SUMMARY_GONE_MESSAGE;
  return (
    <>
      <Text size={size} data-testid="generation-failure">
        {summaryGone
          ? t({
              id: 'generation.failure.summaryGone',
              message: 'The summary this copy was for has been deleted, so it cannot be written.',
            })
          : t({
              id: 'generation.failure.model',
              message: 'The writing model did not answer after several tries. Try again in a few minutes.',
            })}
      </Text>
      {summaryGone ? null : (
        <Text size="xs" c="dimmed" lang="en" data-testid="generation-failure-detail">
          {t({ id: 'generation.failure.detail', message: `Details: ${message}` })}
        </Text>
      )}
    </>
  );
}
