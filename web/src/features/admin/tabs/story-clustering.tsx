import { Button, Group, Paper, Progress, Stack, Text } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from '../../../i18n/react';
import { useLanguage } from '../../../i18n/language-provider';
import { startStoryClustering, storyClusteringQuery } from '../admin-api';
import { useAdminAction } from '../kit/admin-shared';

/**
 * How far the summaries are on the current clustering rule. After an upgrade that changes the
 * rule the summarizer decides the older stories again in the background; the admin sees the
 * progress and can start a pass at once.
 */
export function StoryClustering() {
  const { t } = useTranslation('admin');
  const { language } = useLanguage();
  const status = useQuery(storyClusteringQuery());
  const start = useAdminAction({
    run: startStoryClustering,
    success: t('stories.clustering.started'),
    failure: t('stories.clustering.failed'),
  });
  const data = status.data;
  if (!data) {
    return status.isError ? (
      <Text c="red.8" size="sm" role="alert" data-testid="story-clustering-error">
        {t('stories.clustering.loadFailed')}
      </Text>
    ) : null;
  }
  const number = new Intl.NumberFormat(language === 'zh' ? 'zh-CN' : 'en-US');
  const pending = data.older + data.unclustered;
  const percent = data.total === 0 ? 100 : Math.floor((data.current / data.total) * 100);
  return (
    <Paper withBorder p="md" data-testid="story-clustering">
      <Stack gap="xs">
        <Group justify="space-between" wrap="wrap" gap="xs">
          <Text fw={600} size="sm">
            {t('stories.clustering.title', { version: data.rule_version })}
          </Text>
          <Button
            size="xs"
            variant="light"
            onClick={() => start.mutate(undefined)}
            loading={start.isPending}
            disabled={pending === 0 || data.running}
            data-testid="story-clustering-start"
          >
            {t('stories.clustering.start')}
          </Button>
        </Group>
        <Progress
          value={percent}
          aria-label={t('stories.clustering.progressLabel')}
          animated={data.running}
          data-testid="story-clustering-progress"
        />
        <Text size="sm" data-testid="story-clustering-summary" aria-live="polite">
          {pending === 0
            ? t('stories.clustering.done', { count: data.total, total: number.format(data.total) })
            : t(data.running ? 'stories.clustering.running' : 'stories.clustering.pending', {
                done: number.format(data.current),
                total: number.format(data.total),
                older: number.format(data.older),
                unclustered: number.format(data.unclustered),
              })}
        </Text>
      </Stack>
    </Paper>
  );
}
