import { useLingui } from '@lingui/react/macro';
import type { PodcastListResponse } from '@app/contracts';
import { Button, Checkbox, Group, MultiSelect } from '@mantine/core';
import { IconCopy, IconExternalLink } from '@tabler/icons-react';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { useLanguage } from '../../i18n/language-provider';
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
  const { t } = useLingui();
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
    failedTitle: t({ id: 'podcast.feed.failed', message: 'Could not update the feed URL' }),
  });
  const { regenerate, busy } = actions;
  const url = feed.data ? podcastFeedUrl(feed.data, languages, topicIds) : '';

  return (
    <SectionCard
      id="podcast-feed-title"
      title={t({ id: 'podcast.feed.title', message: 'Follow in a podcast app' })}
      description={t({
        id: 'podcast.feed.description',
        message:
          'Your own private feed of the daily podcasts. Paste its URL into a podcast app (Apple Podcasts, Pocket Casts, Overcast, AntennaPod…) to get every new episode, with its transcript and a chapter per story.',
      })}
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
          {t({ id: 'podcast.feed.create', message: 'Get my feed URL' })}
        </Button>
      )}
      {feed.data && (
        <>
          <Checkbox.Group
            label={t({ id: 'podcast.feed.languages', message: 'Languages' })}
            value={languages}
            // At least one language: the last one cannot be unticked.
            onChange={(value) => value.length > 0 && setLanguages(value as FeedLanguage[])}
          >
            <Group gap="md" mt={4}>
              <Checkbox
                value="en"
                label={t({ id: 'podcast.language.EN', message: 'English' })}
                data-testid="podcast-feed-lang-en"
              />
              <Checkbox
                value="zh"
                label={t({ id: 'podcast.language.ZH', message: 'Chinese' })}
                data-testid="podcast-feed-lang-zh"
              />
            </Group>
          </Checkbox.Group>
          <MultiSelect
            label={t({ id: 'podcast.feed.topics', message: 'Topics' })}
            placeholder={
              topicIds.length === 0 ? t({ id: 'podcast.allTopics', message: 'All topics' }) : undefined
            }
            data={topics}
            value={topicIds}
            onChange={setTopicIds}
            searchable
            clearable
            comboboxProps={{ withinPortal: true }}
            data-testid="podcast-feed-topics"
          />
          <PrivateUrlField
            label={t({ id: 'podcast.feed.url', message: 'Feed URL' })}
            url={url}
            note={t({
              id: 'podcast.feed.private',
              message:
                'Anyone with this link can listen, so keep it to yourself. If it leaks, make a new one: the old link stops working at once.',
            })}
            testId="podcast-feed-url"
          />
          <Group gap="xs">
            <CopyUrlButton
              url={url}
              label={t({ id: 'podcast.feed.copy', message: 'Copy' })}
              copiedLabel={t({ id: 'podcast.feed.copied', message: 'Copied' })}
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
              {t({ id: 'podcast.feed.open', message: 'Open feed' })}
            </Button>
            <Button
              variant="default"
              onClick={() => regenerate.mutate()}
              loading={regenerate.isPending}
              disabled={busy}
              data-testid="podcast-feed-regenerate"
            >
              {t({ id: 'podcast.feed.regenerate', message: 'New URL' })}
            </Button>
            <RevokeUrlButton
              actions={actions}
              label={t({ id: 'podcast.feed.revoke', message: 'Turn off' })}
              testId="podcast-feed-revoke"
            />
          </Group>
        </>
      )}
    </SectionCard>
  );
}
