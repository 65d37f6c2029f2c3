import { useLingui } from '@lingui/react/macro';
import { messageFor } from '../../../i18n/message-for';
import { ph, plural } from '@lingui/core/macro';
import { STORIES_LANGUAGES_MESSAGES } from '../admin-messages';
import { Badge, Button, Checkbox, Group, Paper, Stack, Text, Title } from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import { useInfiniteQuery, useQuery } from '@tanstack/react-query';
import { useRef, useState } from 'react';
import { useLanguage } from '../../../i18n/language-provider';
import {
  type AdminStoriesFilter,
  type AdminStory,
  adminStoriesQuery,
  adminTopicsQuery,
  splitStory,
} from '../admin-api';
import { formatDateTime, topicName } from '../admin-logic';
import { platformName } from '../../content/platform-options';
import { useAdminAction, useConfirm } from '../kit/admin-shared';
import { AdminEmpty, AdminQueryState } from '../kit/admin-table';
import { FilterBar, type FilterSpec, useFilters } from '../kit/filters';
import { MergeStoryDialog } from './merge-story-dialog';
import { StoryClustering } from './story-clustering';

/**
 * Stories of more than one report: an admin checks the clustering, splits reports out of
 * a wrong merge into a new story, and merges a story with another found by its headline.
 */
export function StoriesTab() {
  const { t } = useLingui();
  const { language: uiLanguage } = useLanguage();
  const filters = useFilters<'q' | 'language' | 'topic'>({ q: '', language: null, topic: null });
  const [q] = useDebouncedValue((filters.values.q ?? '').trim(), 300);
  const topics = useQuery(adminTopicsQuery());
  const filterSpecs: FilterSpec<'q' | 'language' | 'topic'>[] = [
    {
      kind: 'search',
      key: 'q',
      label: t({ id: 'admin.stories.search', message: 'Search headlines' }),
      searchType: true,
      w: { base: '100%', sm: 280 },
    },
    {
      kind: 'select',
      key: 'language',
      label: t({ id: 'admin.stories.language', message: 'Language' }),
      placeholder: t({ id: 'admin.stories.languageAll', message: 'All languages' }),
      options: [
        { value: 'EN', label: t({ id: 'admin.stories.languages.EN', message: 'English' }) },
        { value: 'ZH', label: t({ id: 'admin.stories.languages.ZH', message: 'Chinese' }) },
      ],
      w: { base: '100%', sm: 180 },
    },
    {
      kind: 'select',
      key: 'topic',
      label: t({ id: 'admin.stories.topic', message: 'Topic' }),
      placeholder: t({ id: 'admin.stories.topicAll', message: 'All topics' }),
      options: (topics.data ?? []).map((topic) => ({ value: topic.id, label: topicName(topic, uiLanguage) })),
      searchable: true,
      w: { base: '100%', sm: 220 },
    },
  ];
  const { language, topic: topicId } = filters.values;
  const filter: AdminStoriesFilter = {
    ...(q ? { q } : {}),
    ...(language === 'EN' || language === 'ZH' ? { language } : {}),
    ...(topicId ? { topic_id: topicId } : {}),
  };
  const query = useInfiniteQuery(adminStoriesQuery(filter));
  const confirm = useConfirm();
  const [mergeInto, setMergeInto] = useState<AdminStory | null>(null);

  return (
    <Stack data-testid="stories-tab">
      {confirm.dialog}
      <MergeStoryDialog story={mergeInto} onClose={() => setMergeInto(null)} />
      <StoryClustering />
      <FilterBar filters={filterSpecs} values={filters.values} onChange={filters.set} />
      <AdminQueryState
        query={query}
        errorTestId="stories-error"
        loadingLabel={t({ id: 'admin.stories.loading', message: 'Loading stories' })}
      >
        {(data) => {
          const stories = data.pages.flatMap((page) => page.data);
          if (stories.length === 0)
            return (
              <AdminEmpty testId="stories-empty">
                {t({ id: 'admin.stories.empty', message: 'No stories of more than one report' })}
              </AdminEmpty>
            );
          return (
            <Stack>
              {stories.map((story) => (
                <StoryCard
                  key={story.id}
                  story={story}
                  ask={confirm.ask}
                  onMerge={() => setMergeInto(story)}
                />
              ))}
              {query.hasNextPage ? (
                <Button
                  variant="default"
                  onClick={() => query.fetchNextPage()}
                  loading={query.isFetchingNextPage}
                  style={{ alignSelf: 'center' }}
                >
                  {t({ id: 'admin.stories.loadMore', message: 'Load more' })}
                </Button>
              ) : null}
            </Stack>
          );
        }}
      </AdminQueryState>
    </Stack>
  );
}

function StoryCard({
  story,
  ask,
  onMerge,
}: {
  story: AdminStory;
  ask: ReturnType<typeof useConfirm>['ask'];
  onMerge: () => void;
}) {
  const { t } = useLingui();
  const { language } = useLanguage();
  const [selected, setSelected] = useState<string[]>([]);
  const heading = useRef<HTMLHeadingElement>(null);
  const split = useAdminAction({
    run: splitStory,
    success: t({ id: 'admin.stories.splitDone', message: 'Story split' }),
    failure: t({ id: 'admin.stories.splitFailed', message: 'Split failed' }),
    successMessage: (_, vars) =>
      t({
        id: 'admin.stories.splitDoneMessage',
        message: plural(ph({ count: vars.summaryIds.length }), {
          one: `# report moved into a new story`,
          other: `# reports moved into a new story`,
        }),
      }),
    // The split button is disabled now (nothing chosen): keyboard focus goes to the story instead.
    onDone: () => {
      setSelected([]);
      heading.current?.focus();
    },
  });
  const everything = selected.length >= story.summary_count;
  const headingId = `story-${story.id}`;
  return (
    <Paper withBorder p="md" data-testid="story-card" aria-labelledby={headingId} component="section">
      <Stack gap="sm">
        <Stack gap={4}>
          <Title
            order={3}
            fz="md"
            id={headingId}
            ref={heading}
            tabIndex={-1}
            style={{ overflowWrap: 'anywhere' }}
          >
            {story.headline}
          </Title>
          <Group gap="xs" wrap="wrap">
            <Badge variant="light" data-testid="story-size">
              {t({
                id: 'admin.stories.size',
                message: plural(ph({ count: story.summary_count }), { one: `# report`, other: `# reports` }),
              })}
            </Badge>
            {story.languages.map((l) => (
              <Badge key={l} variant="outline" color="gray">
                {t(messageFor(STORIES_LANGUAGES_MESSAGES, l))}
              </Badge>
            ))}
          </Group>
          <Text size="xs" c="dimmed">
            {t({
              id: 'admin.stories.seen',
              message: `First report ${ph({ first: formatDateTime(story.first_seen_at, language) })} · latest ${ph({ last: formatDateTime(story.last_seen_at, language) })}`,
            })}
          </Text>
        </Stack>
        <Checkbox.Group
          label={t({
            id: 'admin.stories.members',
            message: 'Reports in this story: choose the ones to split out',
          })}
          value={selected}
          onChange={setSelected}
        >
          <Stack gap="xs" mt="xs">
            {story.members.map((member) => (
              <Checkbox
                key={member.id}
                value={member.id}
                data-testid="story-member"
                label={<span style={{ overflowWrap: 'anywhere' }}>{member.title || '—'}</span>}
                description={[
                  member.source_name || t({ id: 'admin.stories.unknownSource', message: 'Unknown source' }),
                  member.platform ? platformName(t, member.platform) : null,
                  t(messageFor(STORIES_LANGUAGES_MESSAGES, member.language)),
                  formatDateTime(member.published_at, language),
                ]
                  .filter(Boolean)
                  .join(' · ')}
              />
            ))}
          </Stack>
        </Checkbox.Group>
        {story.members.length < story.summary_count ? (
          <Text size="xs" c="dimmed">
            {t({
              id: 'admin.stories.moreMembers',
              message: `Showing the first ${ph({ shown: story.members.length })} of ${ph({ count: story.summary_count })} reports`,
            })}
          </Text>
        ) : null}
        {everything ? (
          <Text size="xs" c="dimmed">
            {t({ id: 'admin.stories.splitAllHint', message: 'Leave at least one report in the story.' })}
          </Text>
        ) : null}
        <Group gap="xs" wrap="wrap">
          <Button
            size="xs"
            variant="light"
            data-testid="story-split"
            disabled={selected.length === 0 || everything}
            loading={split.isPending}
            onClick={() =>
              ask({
                title: t({ id: 'admin.stories.splitTitle', message: 'Split the story' }),
                message: t({
                  id: 'admin.stories.splitMessage',
                  message: plural(ph({ count: selected.length }), {
                    one: `Move # report out of “${ph({ headline: story.headline })}” into a new story of its own?`,
                    other: `Move # reports out of “${ph({ headline: story.headline })}” into a new story of their own?`,
                  }),
                }),
                confirmLabel: t({ id: 'admin.stories.splitConfirm', message: 'Split' }),
                onConfirm: () => split.mutate({ storyId: story.id, summaryIds: selected }),
              })
            }
          >
            {t({ id: 'admin.stories.split', message: 'Split into a new story' })}
          </Button>
          <Button size="xs" variant="default" data-testid="story-merge" onClick={onMerge}>
            {t({ id: 'admin.stories.merge', message: 'Merge with…' })}
          </Button>
        </Group>
      </Stack>
    </Paper>
  );
}
