import { useLingui } from '@lingui/react/macro';
import { ph } from '@lingui/core/macro';
import type { StoryMember } from '@app/contracts';
import { Alert, Button, Group, Loader, Paper, Stack, Text, Title } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { errorText } from '../../../api/error-text';
import { summaryQueryOptions } from '../../../queries/content';
import { Markdown } from '../markdown';

type Props = { lead: StoryMember; sourceName: string | null; timeZone: string };

/** The story's summary: the text of its lead report (the first the reader may read), read with the story. */
export function StoryLead({ lead, sourceName, timeZone }: Props) {
  const { t } = useLingui();
  const summary = useQuery(summaryQueryOptions(lead.id, timeZone));
  return (
    <Paper component="section" withBorder radius="md" p="md" aria-labelledby="story-summary-title">
      <Stack gap="xs">
        <Title order={2} fz="lg" id="story-summary-title">
          {t({ id: 'content.story.summaryTitle', message: 'Summary' })}
        </Title>
        {sourceName ? (
          <Text size="xs" c="dimmed">
            {t({
              id: 'content.story.summaryFrom',
              message: `From the first report, by ${ph({ source: sourceName })}`,
            })}
          </Text>
        ) : null}
        {summary.isPending ? (
          <Group gap="xs" py={4} role="status">
            <Loader size="xs" />
            <Text size="sm" c="dimmed">
              {t({ id: 'content.summary.textLoading', message: 'Loading the summary…' })}
            </Text>
          </Group>
        ) : summary.isError ? (
          <Alert
            color="red"
            title={t({ id: 'content.summary.textLoadFailed', message: 'Could not load the summary' })}
            p="xs"
          >
            <Stack gap={4} align="flex-start">
              <Text size="sm">{errorText(t, summary.error)}</Text>
              <Button size="compact-xs" variant="light" onClick={() => summary.refetch()}>
                {t({ id: 'content.home.retry', message: 'Retry' })}
              </Button>
            </Stack>
          </Alert>
        ) : (
          <div lang={lead.language.toLowerCase()} data-testid="story-summary">
            <Markdown html={summary.data.content_html ?? ''} />
          </div>
        )}
      </Stack>
    </Paper>
  );
}
