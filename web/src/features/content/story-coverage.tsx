import { useLingui } from '@lingui/react/macro';
import { ph, plural } from '@lingui/core/macro';
import type { SummaryDto } from '@app/contracts';
import { sourceDisplayName } from '@app/rules';
import { Button, Group, Stack, Text } from '@mantine/core';
import { IconChevronDown } from '@tabler/icons-react';
import { lazy, Suspense, useState } from 'react';
import { AnchorLink } from '../ui/router-links';

// A story's other reports load on first opening, with their code.
const StorySources = lazy(() => import('./story-sources').then((m) => ({ default: m.StorySources })));
/** Other sources named on a story card before it is opened. */
const NAMED_SOURCES = 3;

type Props = {
  /** A row of the list grouped by story (story_id, story_sources and story_members set). */
  summary: SummaryDto;
  language: 'en' | 'zh';
  timeZone: string;
};

/**
 * A story card's coverage: "Covered by N sources" (the story's summaries that match the page's
 * filters) with a few of their names, a button that opens the story's other reports, and a link to
 * the story's own page.
 */
export function StoryCoverage({ summary, language, timeZone }: Props) {
  const { t } = useLingui();
  const [open, setOpen] = useState(false);
  const storySources = summary.story_sources ?? 1;
  const members = summary.story_members ?? [];
  const otherNames = [
    ...new Set(
      members
        .filter((m) => m.id !== summary.id && m.source_name)
        .map((m) => sourceDisplayName(m.source_name!, language)),
    ),
  ];
  const panelId = `story-${summary.id}`;
  return (
    <Stack gap={4}>
      <Group gap={6} wrap="wrap">
        <Button
          variant="light"
          size="compact-sm"
          aria-expanded={open}
          aria-controls={panelId}
          onClick={() => setOpen((was) => !was)}
          rightSection={
            <IconChevronDown
              size={14}
              aria-hidden
              style={{ transform: open ? 'rotate(180deg)' : undefined }}
            />
          }
          data-testid="story-toggle"
        >
          {storySources > 1
            ? t({
                id: 'content.summary.coveredBy',
                message: plural(ph({ count: storySources }), {
                  one: `Covered by # source`,
                  other: `Covered by # sources`,
                }),
              })
            : t({
                id: 'content.summary.otherReports',
                message: `Other reports of this story: ${ph({ count: (summary.story_size ?? 1) - 1 })}`,
              })}
        </Button>
        {otherNames.length > 0 ? (
          <Text size="xs" c="dimmed" data-testid="story-source-names" style={{ overflowWrap: 'anywhere' }}>
            {otherNames.slice(0, NAMED_SOURCES).join(' · ')}
            {otherNames.length > NAMED_SOURCES
              ? ` ${t({ id: 'content.summary.moreChips', message: `+${ph({ count: otherNames.length - NAMED_SOURCES })} more` })}`
              : ''}
          </Text>
        ) : null}
        {summary.story_id ? (
          <AnchorLink
            to="/stories/$id"
            params={{ id: summary.story_id }}
            size="sm"
            aria-label={t({
              id: 'content.story.openLabel',
              message: `Open the story page: ${ph({ headline: summary.headline })}`,
            })}
            data-testid="story-page-link"
          >
            {t({ id: 'content.story.open', message: 'Story page' })}
          </AnchorLink>
        ) : null}
      </Group>
      <div id={panelId} hidden={!open}>
        {open && summary.story_id ? (
          <Suspense
            fallback={
              <Text size="sm" c="dimmed" role="status">
                {t({ id: 'content.summary.storyLoading', message: 'Loading the other sources…' })}
              </Text>
            }
          >
            <StorySources
              storyId={summary.story_id}
              summaryId={summary.id}
              matchingIds={new Set(members.map((m) => m.id))}
              language={language}
              timeZone={timeZone}
            />
          </Suspense>
        ) : null}
      </div>
    </Stack>
  );
}
