import { useLingui } from '@lingui/react/macro';
import { sourceDisplayName } from '@app/rules';
import { platformName } from './platform-options';
import { Alert, Anchor, Badge, Box, Button, Group, Loader, Stack, Text } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { errorText } from '../../api/error-text';
import { storyQueryOptions } from '../../queries/content';
import { formatDate, TITLE_MAX, truncate } from './text';

type Props = {
  storyId: string;
  /** The card's own summary, left out of the list. */
  summaryId: string;
  /** The story's summaries that match the page's filters (the list's story_members). */
  matchingIds: Set<string>;
  language: 'en' | 'zh';
  timeZone: string;
};

/**
 * A story's other reports, loaded when a card's sources are opened: title (linked to the original),
 * source, platform, language and whether it matches the page's filters; matching ones first.
 */
export function StorySources({ storyId, summaryId, matchingIds, language, timeZone }: Props) {
  const { t } = useLingui();
  const story = useQuery(storyQueryOptions(storyId, timeZone));

  if (story.isPending) {
    return (
      <Group gap="xs" py={4} role="status" data-testid="story-loading">
        <Loader size="xs" />
        <Text size="sm" c="dimmed">
          {t({ id: 'content.summary.storyLoading', message: 'Loading the other sources…' })}
        </Text>
      </Group>
    );
  }
  if (story.isError) {
    return (
      <Alert
        color="red"
        title={t({ id: 'content.summary.storyLoadFailed', message: 'Could not load the other sources' })}
        data-testid="story-error"
        p="xs"
      >
        <Stack gap={4} align="flex-start">
          <Text size="sm">{errorText(t, story.error)}</Text>
          <Button size="compact-xs" variant="light" onClick={() => story.refetch()}>
            {t({ id: 'content.home.retry', message: 'Retry' })}
          </Button>
        </Stack>
      </Alert>
    );
  }
  const others = story.data.summaries
    .filter((member) => member.id !== summaryId)
    .sort(
      (a, b) =>
        Number(matchingIds.has(b.id)) - Number(matchingIds.has(a.id)) ||
        Date.parse(b.created_at) - Date.parse(a.created_at),
    );
  if (others.length === 0) {
    return (
      <Text size="sm" c="dimmed" data-testid="story-empty">
        {t({ id: 'content.summary.storyNoOthers', message: 'No other reports of this story' })}
      </Text>
    );
  }
  return (
    <Box component="ul" m={0} p={0} style={{ listStyle: 'none' }} data-testid="story-sources">
      {others.map((member) => {
        const isMatch = matchingIds.has(member.id);
        const url = member.source_urls[0];
        const sourceName = member.datasource
          ? sourceDisplayName(member.datasource.source_name, language)
          : '';
        const title = truncate(member.headline || sourceName, TITLE_MAX);
        return (
          <Box
            component="li"
            key={member.id}
            py={6}
            style={{ borderTop: '1px solid var(--mantine-color-default-border)' }}
            data-testid="story-member"
            data-matches={isMatch}
          >
            <Stack gap={2}>
              {url ? (
                <Anchor
                  href={url}
                  target="_blank"
                  rel="noopener noreferrer"
                  size="sm"
                  fw={500}
                  lang={member.language.toLowerCase()}
                  style={{ overflowWrap: 'anywhere' }}
                >
                  {title}
                </Anchor>
              ) : (
                <Text size="sm" fw={500} lang={member.language.toLowerCase()}>
                  {title}
                </Text>
              )}
              <Group gap={6} wrap="wrap">
                <Text size="xs" c="dimmed" data-testid="story-member-source">
                  {sourceName}
                  {member.datasource?.platform ? ` · ${platformName(t, member.datasource.platform)}` : ''}
                  {` · ${formatDate(member.created_at, language, timeZone)}`}
                </Text>
                <Badge size="xs" variant="outline" color="gray">
                  {member.language === 'ZH'
                    ? t({ id: 'content.summary.languageZh', message: 'Chinese' })
                    : t({ id: 'content.summary.languageEn', message: 'English' })}
                </Badge>
                <Badge size="xs" variant="light" color={isMatch ? 'teal' : 'gray'}>
                  {isMatch
                    ? t({ id: 'content.summary.storyMatches', message: 'Matches your filters' })
                    : t({ id: 'content.summary.storyOutside', message: 'Outside your filters' })}
                </Badge>
              </Group>
            </Stack>
          </Box>
        );
      })}
    </Box>
  );
}
