import { useLingui } from '@lingui/react/macro';
import { Alert, Button, Group, Loader, Stack, Text } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { errorText } from '../../api/error-text';
import { summaryQueryOptions } from '../../queries/content';
import { Markdown } from './markdown';

type Props = { id: string; timeZone: string };

/**
 * An opened card's full text. A list sends what its cards show (headline and excerpt), so the text is
 * read with the summary when a card opens, then kept by the query cache.
 */
export function SummaryText({ id, timeZone }: Props) {
  const { t } = useLingui();
  const detail = useQuery(summaryQueryOptions(id, timeZone));
  if (detail.isPending) {
    return (
      <Group gap="xs" py={4} role="status" data-testid="summary-text-loading">
        <Loader size="xs" />
        <Text size="sm" c="dimmed">
          {t({ id: 'content.summary.textLoading', message: 'Loading the summary…' })}
        </Text>
      </Group>
    );
  }
  if (detail.isError) {
    return (
      <Alert
        color="red"
        title={t({ id: 'content.summary.textLoadFailed', message: 'Could not load the summary' })}
        data-testid="summary-text-error"
        p="xs"
      >
        <Stack gap={4} align="flex-start">
          <Text size="sm">{errorText(t, detail.error)}</Text>
          <Button size="compact-xs" variant="light" onClick={() => detail.refetch()}>
            {t({ id: 'content.home.retry', message: 'Retry' })}
          </Button>
        </Stack>
      </Alert>
    );
  }
  return <Markdown html={detail.data.content_html} />;
}
