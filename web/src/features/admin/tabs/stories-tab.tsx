import { Badge, Button, Checkbox, Group, Paper, Stack, Text, Title } from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import { useInfiniteQuery, useQuery } from '@tanstack/react-query';
import { useRef, useState } from 'react';
import { useTranslation } from '../../../i18n/react';
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
  const { t } = useTranslation('admin');
  const { language: uiLanguage } = useLanguage();
  const filters = useFilters<'q' | 'language' | 'topic'>({ q: '', language: null, topic: null });
  const [q] = useDebouncedValue((filters.values.q ?? '').trim(), 300);
  const topics = useQuery(adminTopicsQuery());
  const filterSpecs: FilterSpec<'q' | 'language' | 'topic'>[] = [
    { kind: 'search', key: 'q', label: t('stories.search'), searchType: true, w: { base: '100%', sm: 280 } },
    {
      kind: 'select',
      key: 'language',
      label: t('stories.language'),
      placeholder: t('stories.languageAll'),
      options: [
        { value: 'EN', label: t('stories.languages.EN') },
        { value: 'ZH', label: t('stories.languages.ZH') },
      ],
      w: { base: '100%', sm: 180 },
    },
    {
      kind: 'select',
      key: 'topic',
      label: t('stories.topic'),
      placeholder: t('stories.topicAll'),
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
      <AdminQueryState query={query} errorTestId="stories-error" loadingLabel={t('stories.loading')}>
        {(data) => {
          const stories = data.pages.flatMap((page) => page.data);
          if (stories.length === 0)
            return <AdminEmpty testId="stories-empty">{t('stories.empty')}</AdminEmpty>;
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
                  {t('stories.loadMore')}
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
  const { t } = useTranslation('admin');
  const { language } = useLanguage();
  const [selected, setSelected] = useState<string[]>([]);
  const heading = useRef<HTMLHeadingElement>(null);
  const split = useAdminAction({
    run: splitStory,
    success: t('stories.splitDone'),
    failure: t('stories.splitFailed'),
    successMessage: (_, vars) => t('stories.splitDoneMessage', { count: vars.summaryIds.length }),
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
              {t('stories.size', { count: story.summary_count })}
            </Badge>
            {story.languages.map((l) => (
              <Badge key={l} variant="outline" color="gray">
                {t(`stories.languages.${l}`)}
              </Badge>
            ))}
          </Group>
          <Text size="xs" c="dimmed">
            {t('stories.seen', {
              first: formatDateTime(story.first_seen_at, language),
              last: formatDateTime(story.last_seen_at, language),
            })}
          </Text>
        </Stack>
        <Checkbox.Group label={t('stories.members')} value={selected} onChange={setSelected}>
          <Stack gap="xs" mt="xs">
            {story.members.map((member) => (
              <Checkbox
                key={member.id}
                value={member.id}
                data-testid="story-member"
                label={<span style={{ overflowWrap: 'anywhere' }}>{member.title || '—'}</span>}
                description={[
                  member.source_name || t('stories.unknownSource'),
                  member.platform ? platformName(t, member.platform) : null,
                  t(`stories.languages.${member.language}`),
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
            {t('stories.moreMembers', { shown: story.members.length, count: story.summary_count })}
          </Text>
        ) : null}
        {everything ? (
          <Text size="xs" c="dimmed">
            {t('stories.splitAllHint')}
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
                title: t('stories.splitTitle'),
                message: t('stories.splitMessage', { count: selected.length, headline: story.headline }),
                confirmLabel: t('stories.splitConfirm'),
                onConfirm: () => split.mutate({ storyId: story.id, summaryIds: selected }),
              })
            }
          >
            {t('stories.split')}
          </Button>
          <Button size="xs" variant="default" data-testid="story-merge" onClick={onMerge}>
            {t('stories.merge')}
          </Button>
        </Group>
      </Stack>
    </Paper>
  );
}
