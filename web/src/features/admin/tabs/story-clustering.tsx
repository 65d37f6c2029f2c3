import { useLingui } from '@lingui/react/macro';
import { ph, plural } from '@lingui/core/macro';
import { Button, Group, Paper, Progress, Stack, Text } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { useLanguage } from '../../../i18n/language-provider';
import { startStoryClustering, storyClusteringQuery } from '../admin-api';
import { useAdminAction } from '../kit/admin-shared';

/**
 * How far the summaries are on the current clustering rule. After an upgrade that changes the
 * rule the summarizer decides the older stories again in the background; the admin sees the
 * progress and can start a pass at once.
 */
export function StoryClustering() {
  const { t } = useLingui();
  const { language } = useLanguage();
  const status = useQuery(storyClusteringQuery());
  const start = useAdminAction({
    run: startStoryClustering,
    success: t({ id: 'admin.stories.clustering.started', message: 'Re-clustering started' }),
    failure: t({ id: 'admin.stories.clustering.failed', message: 'Could not start re-clustering' }),
  });
  const data = status.data;
  if (!data) {
    return status.isError ? (
      <Text c="red.8" size="sm" role="alert" data-testid="story-clustering-error">
        {t({
          id: 'admin.stories.clustering.loadFailed',
          message: 'The clustering progress could not be loaded.',
        })}
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
            {t({
              id: 'admin.stories.clustering.title',
              message: `Clustering rule ${ph({ version: data.rule_version })}`,
            })}
          </Text>
          <Button
            size="xs"
            variant="light"
            onClick={() => start.mutate(undefined)}
            loading={start.isPending}
            disabled={pending === 0 || data.running}
            data-testid="story-clustering-start"
          >
            {t({ id: 'admin.stories.clustering.start', message: 'Re-cluster now' })}
          </Button>
        </Group>
        <Progress
          value={percent}
          aria-label={t({
            id: 'admin.stories.clustering.progressLabel',
            message: 'Summaries decided under the current rule',
          })}
          animated={data.running}
          data-testid="story-clustering-progress"
        />
        <Text size="sm" data-testid="story-clustering-summary" aria-live="polite">
          {pending === 0
            ? t({
                id: 'admin.stories.clustering.done',
                message: plural(ph({ count: data.total }), {
                  one: `All ${ph({ total: number.format(data.total) })} summary is clustered under the current rule.`,
                  other: `All ${ph({ total: number.format(data.total) })} summaries are clustered under the current rule.`,
                }),
              })
            : data.running
              ? t({
                  id: 'admin.stories.clustering.running',
                  message: `Re-clustering: ${ph({ done: number.format(data.current) })} of ${ph({ total: number.format(data.total) })} summaries done (${ph({ older: number.format(data.older) })} from an older rule and ${ph({ unclustered: number.format(data.unclustered) })} without a story left).`,
                })
              : t({
                  id: 'admin.stories.clustering.pending',
                  message: `${ph({ done: number.format(data.current) })} of ${ph({ total: number.format(data.total) })} summaries are clustered under the current rule: ${ph({ older: number.format(data.older) })} from an older rule and ${ph({ unclustered: number.format(data.unclustered) })} without a story wait for the next pass.`,
                })}
        </Text>
      </Stack>
    </Paper>
  );
}
