import { GENERATION_SUMMARY_GONE_MESSAGE } from '@app/contracts';
import { Text } from '@mantine/core';
import { useTranslation } from '../../i18n/react';

/**
 * Why a task failed, in the page's language: the worker's message is the model's or its provider's own
 * (English) words, so it follows as a detail, marked as English for screen readers.
 */
export function FailureText({ message, size = 'sm' }: { message: string; size?: 'xs' | 'sm' }) {
  const { t } = useTranslation('generation');
  const summaryGone = message === GENERATION_SUMMARY_GONE_MESSAGE;
  return (
    <>
      <Text size={size} data-testid="generation-failure">
        {summaryGone ? t('failure.summaryGone') : t('failure.model')}
      </Text>
      {summaryGone ? null : (
        <Text size="xs" c="dimmed" lang="en" data-testid="generation-failure-detail">
          {t('failure.detail', { message })}
        </Text>
      )}
    </>
  );
}
