import type { PodcastListResponse } from '@app/contracts';
import {
  Button,
  Card,
  Checkbox,
  CopyButton,
  Group,
  MultiSelect,
  Stack,
  Text,
  TextInput,
  Title,
} from '@mantine/core';
import { IconCopy, IconExternalLink } from '@tabler/icons-react';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { errorText } from '../../api/error-text';
import { useLanguage } from '../../i18n/language-provider';
import { useTranslation } from '../../i18n/react';
import { showErrorToast } from '../ui/toast';
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
  const regenerate = useMutation({
    mutationFn: createPodcastFeedToken,
    onSuccess: (answer) => setFeedUrl(answer.feed_url),
    onError: (error) => showErrorToast(t('feed.failed'), errorText(t, error)),
  });
  const revoke = useMutation({
    mutationFn: revokePodcastFeedToken,
    onSuccess: () => setFeedUrl(null),
    onError: (error) => showErrorToast(t('feed.failed'), errorText(t, error)),
  });
  const busy = regenerate.isPending || revoke.isPending;
  const url = feed.data ? podcastFeedUrl(feed.data, languages, topicIds) : '';

  return (
    <Card
      withBorder
      radius="md"
      p={{ base: 'md', sm: 'lg' }}
      component="section"
      aria-labelledby="podcast-feed-title"
      data-testid="podcast-feed-card"
    >
      <Stack gap="sm">
        <Stack gap={4}>
          <Title order={2} fz="lg" id="podcast-feed-title">
            {t('feed.title')}
          </Title>
          <Text fz="sm" c="gray.7">
            {t('feed.description')}
          </Text>
        </Stack>
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
            <TextInput
              label={t('feed.url')}
              value={url}
              readOnly
              onFocus={(event) => event.currentTarget.select()}
              data-testid="podcast-feed-url"
            />
            <Text fz="xs" c="gray.7">
              {t('feed.private')}
            </Text>
            <Group gap="xs">
              <CopyButton value={url}>
                {({ copied, copy }) => (
                  <Button
                    variant="light"
                    leftSection={<IconCopy size={16} aria-hidden />}
                    onClick={copy}
                    data-testid="podcast-feed-copy"
                  >
                    {copied ? t('feed.copied') : t('feed.copy')}
                  </Button>
                )}
              </CopyButton>
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
              <Button
                variant="outline"
                color="red"
                onClick={() => revoke.mutate()}
                loading={revoke.isPending}
                disabled={busy}
                data-testid="podcast-feed-revoke"
              >
                {t('feed.revoke')}
              </Button>
            </Group>
          </>
        )}
      </Stack>
    </Card>
  );
}
