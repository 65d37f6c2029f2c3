import { useLingui } from '@lingui/react/macro';
import type { StoryMember } from '@app/contracts';
import { sourceDisplayName } from '@app/rules';
import { Anchor, Badge, Group, Paper, Stack, Text, Title } from '@mantine/core';
import { IconExternalLink } from '@tabler/icons-react';
import { AnchorLink } from '../../ui/router-links';
import { platformName } from '../platform-options';
import { formatDate, linkLabel, MAX_LINKS } from '../text';

type Props = { report: StoryMember; language: 'en' | 'zh'; timeZone: string };

/**
 * One report of a story: its headline, source, platform, language and time, a link to the original
 * and one to its summary here; the other pages it cites, when it has more than one.
 */
export function StoryReport({ report, language, timeZone }: Props) {
  const { t } = useLingui();
  const [original, ...more] = report.source_urls;
  const source = report.datasource;
  return (
    <Paper component="li" withBorder radius="md" p="md" data-testid="story-report">
      <Stack gap={6}>
        <Title order={3} fz="md" lang={report.language.toLowerCase()} style={{ overflowWrap: 'anywhere' }}>
          {report.headline}
        </Title>
        <Group gap={6} wrap="wrap">
          <Text size="sm" data-testid="story-report-source">
            {source ? sourceDisplayName(source.source_name, language) : '—'}
            {source?.platform ? ` · ${platformName(t, source.platform)}` : ''}
          </Text>
          <Badge size="sm" variant="outline" color="gray">
            {report.language === 'ZH'
              ? t({ id: 'content.summary.languageZh', message: 'Chinese' })
              : t({ id: 'content.summary.languageEn', message: 'English' })}
          </Badge>
          <Text size="sm" c="dimmed" component="time" dateTime={report.event_at}>
            {formatDate(report.event_at, language, timeZone)}
          </Text>
        </Group>
        <Group gap="md" wrap="wrap">
          {original ? (
            <Anchor href={original} target="_blank" rel="noopener noreferrer" size="sm">
              {t({ id: 'content.story.original', message: 'Original' })}{' '}
              <IconExternalLink size={12} aria-hidden />
            </Anchor>
          ) : null}
          <AnchorLink to="/content-summary" search={{ summary: report.id }} size="sm">
            {t({ id: 'content.story.readSummary', message: 'Read the summary' })}
          </AnchorLink>
        </Group>
        {more.length > 0 ? (
          <Group gap="md" wrap="wrap">
            {more.slice(0, MAX_LINKS - 1).map((url) => (
              <Anchor
                key={url}
                href={url}
                target="_blank"
                rel="noopener noreferrer"
                size="xs"
                style={{ overflowWrap: 'anywhere' }}
              >
                {linkLabel(url)}
              </Anchor>
            ))}
          </Group>
        ) : null}
      </Stack>
    </Paper>
  );
}
