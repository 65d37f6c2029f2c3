import type { PodcastListResponse } from '@app/contracts';
import { Button, Checkbox, Group, MultiSelect } from '@mantine/core';
import { IconCopy, IconExternalLink } from '@tabler/icons-react';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { useLanguage } from '../../i18n/language-provider';
import { useTranslation } from '../../i18n/react';
import { CopyUrlButton, PrivateUrlField, RevokeUrlButton, usePrivateUrlActions } from '../ui/private-url';
import { SectionCard } from '../ui/section-card';
import { createPodcastFeedToken, revokePodcastFeedToken } from './podcast-feed-api';
import { type FeedLanguage, podcastFeedUrl } from './podcast-feed-url';
import { type PodcastListParams, podcastKeys, podcastListQueryOptions } from './podcast-queries';

type Props = { params: PodcastListParams; topics: { value: string; label: string }[] };

/**
 * /daily-podcast: the reader's private podcast feed for a podcast app, with the languages and topics it
 * carries. The URL holds the feed's only credential: making a new one or turning it off ends the old
 * URL (and every episode link in it) at once.
 */
export function PodcastFeedCard({ params, topics }: Props) {
  const { t } = useTranslation('podcast');
  const { language } = useLanguage();
  const queryClient = useQueryClient();
  // The list's own answer carries the URL: the same request and cache entry as the podcasts.
  const feed = useQuery({ ...podcastListQueryOptions(params), select: (answer) => answer.feed_url });
  const [languages, setLanguages] = useState<FeedLanguage[]>([language]);
  const [topicIds, setTopicIds] = useState<string[]>([]);
  const setFeedUrl = (feedUrl: string | null) =>
    queryClient.setQueriesData<PodcastListResponse>({ queryKey: podcastKeys.lists }, (old) =>
      old ? { ...old, feed_url: feedUrl } : old,
    );
  const actions = usePrivateUrlActions({
    create: createPodcastFeedToken,
    revoke: revokePodcastFeedToken,
    onCreated: (answer) => setFeedUrl(answer.feed_url),
    onRevoked: () => setFeedUrl(null),
    failedTitle: t('feed.failed'),
  });
  const { regenerate, busy } = actions;
  const url = feed.data ? podcastFeedUrl(feed.data, languages, topicIds) : '';

  return (
    <SectionCard
      id="podcast-feed-title"
      title={t('feed.title')}
      description={t('feed.description')}
      testId="podcast-feed-card"
      withBorder
    >
      {feed.isSuccess && !feed.data && (
        <Button
          onClick={() => regenerate.mutate()}
          loading={regenerate.isPending}
          style={{ alignSelf: 'flex-start' }}
          data-testid="podcast-feed-create"
        >
          {t('feed.create')}
        </Button>
      )}
      {feed.data && (
        <>
          <Checkbox.Group
            label={t('feed.languages')}
            value={languages}
            // At least one language: the last one cannot be unticked.
            onChange={(value) => value.length > 0 && setLanguages(value as FeedLanguage[])}
          >
            <Group gap="md" mt={4}>
              <Checkbox value="en" label={t('language.EN')} data-testid="podcast-feed-lang-en" />
              <Checkbox value="zh" label={t('language.ZH')} data-testid="podcast-feed-lang-zh" />
            </Group>
          </Checkbox.Group>
          <MultiSelect
            label={t('feed.topics')}
            placeholder={topicIds.length === 0 ? t('allTopics') : undefined}
            data={topics}
            value={topicIds}
            onChange={setTopicIds}
            searchable
            clearable
            comboboxProps={{ withinPortal: true }}
            data-testid="podcast-feed-topics"
          />
          <PrivateUrlField
            label={t('feed.url')}
            url={url}
            note={t('feed.private')}
            testId="podcast-feed-url"
          />
          <Group gap="xs">
            <CopyUrlButton
              url={url}
              label={t('feed.copy')}
              copiedLabel={t('feed.copied')}
              icon={<IconCopy size={16} aria-hidden />}
              testId="podcast-feed-copy"
            />
            <Button
              component="a"
              href={url}
              target="_blank"
              rel="noopener noreferrer"
              variant="light"
              leftSection={<IconExternalLink size={16} aria-hidden />}
              data-testid="podcast-feed-open"
            >
              {t('feed.open')}
            </Button>
            <Button
              variant="default"
              onClick={() => regenerate.mutate()}
              loading={regenerate.isPending}
              disabled={busy}
              data-testid="podcast-feed-regenerate"
            >
              {t('feed.regenerate')}
            </Button>
            <RevokeUrlButton actions={actions} label={t('feed.revoke')} testId="podcast-feed-revoke" />
          </Group>
        </>
      )}
    </SectionCard>
  );
}
