import { useLingui } from '@lingui/react/macro';
import { LinguiScreen } from '../../i18n/lingui-screen';
import { ph, plural } from '@lingui/core/macro';
import type { PodcastDto } from '@app/contracts';
import {
  Alert,
  Badge,
  Button,
  Container,
  Group,
  Paper,
  NativeSelect,
  SimpleGrid,
  Stack,
  Text,
  Title,
} from '@mantine/core';
import { IconAlertCircle, IconHeadphones } from '@tabler/icons-react';
import { useQuery } from '@tanstack/react-query';
import { useLocation, useNavigate, useSearch } from '@tanstack/react-router';
import { lazy, Suspense, useMemo } from 'react';
import { useLanguage } from '../../i18n/language-provider';
import { topicsQueryOptions } from '../../queries/content';
import { useAuth } from '../auth/auth-provider';
import { CenteredLoader } from '../ui/centered-loader';
import { useDeferredComponent } from '../ui/deferred';
import { ButtonLink } from '../ui/router-links';
import { useDocumentTitle } from '../ui/use-document-title';
import { DateFilterButton } from './date-filter-button';
import { PodcastCard } from './podcast-card';
import { podcastsQueryOptions } from './podcast-queries';
import { groupByDate, type PodcastSearch } from './podcast-utils';
import { usePodcastPlayer } from './use-podcast-player';
import { errorText } from '../../api/error-text';

// Below the list and only for signed-in readers: fetched after the page's first screen.
const PodcastFeedCard = lazy(() =>
  import('./podcast-feed-card').then((module) => ({ default: module.PodcastFeedCard })),
);

/** /daily-podcast: signed-in users browse and play the daily podcasts (spec §2). */
function DailyPodcastScreen() {
  const { t } = useLingui();
  const { isAuthenticated, loading } = useAuth();
  useDocumentTitle(t({ id: 'podcast.title', message: 'Daily Podcast' }));
  if (loading) return <CenteredLoader />;
  if (!isAuthenticated) return <LoginPrompt />;
  return <PodcastBrowser />;
}

function LoginPrompt() {
  const { t } = useLingui();
  const location = useLocation();
  return (
    <Container size="sm" py="xl">
      <Paper withBorder radius="lg" p="xl" data-testid="podcast-login-required">
        <Stack align="center" gap="md">
          <IconHeadphones size={40} aria-hidden />
          <Title order={1} fz="xl">
            {t({ id: 'podcast.title', message: 'Daily Podcast' })}
          </Title>
          <Text ta="center" fw={500}>
            {t({ id: 'podcast.loginRequired', message: 'Please login to access daily podcasts.' })}
          </Text>
          <ButtonLink to="/auth" search={{ redirect: location.href }}>
            {t({ id: 'podcast.signIn', message: 'Sign in' })}
          </ButtonLink>
        </Stack>
      </Paper>
    </Container>
  );
}

function PodcastBrowser() {
  const { t } = useLingui();
  const { language } = useLanguage();
  const search = useSearch({ strict: false }) as PodcastSearch;
  const navigate = useNavigate();
  const player = usePodcastPlayer();
  const params = { language, date: search.date, topicId: search.topic };
  const podcasts = useQuery(podcastsQueryOptions(params));
  const topics = useQuery(topicsQueryOptions());
  const groups = useMemo(() => groupByDate(podcasts.data ?? []), [podcasts.data]);

  const setSearch = (next: PodcastSearch) =>
    navigate({ to: '/daily-podcast', search: { date: next.date, topic: next.topic } });

  const retry = async (podcast: PodcastDto) => {
    // A fresh list carries fresh signed audio URLs.
    const result = await podcasts.refetch();
    const fresh = result.data?.find((p) => p.id === podcast.id);
    if (fresh?.audio_url) player.play(fresh);
  };

  const topicOptions = (topics.data ?? []).map((topic) => ({
    value: topic.id,
    label: language === 'zh' && topic.name_zh ? topic.name_zh : topic.name,
  }));

  const emptyText = search.date
    ? search.topic
      ? t({
          id: 'podcast.empty.dateAndTopic',
          message: `No podcasts for this topic on ${ph({ date: search.date })}.`,
        })
      : t({ id: 'podcast.empty.date', message: `No podcasts for ${ph({ date: search.date })}.` })
    : search.topic
      ? t({ id: 'podcast.empty.topic', message: 'No podcasts for this topic yet.' })
      : t({
          id: 'podcast.empty.none',
          message: 'No podcasts yet. They appear the day after a topic has summaries.',
        });

  return (
    <Container size="md" py="xl">
      <Stack gap="lg">
        <Stack gap={4}>
          <Title order={1} fz={{ base: 26, sm: 32 }}>
            {t({ id: 'podcast.title', message: 'Daily Podcast' })}
          </Title>
          <Text c="dimmed">
            {t({
              id: 'podcast.subtitle',
              message: "A short audio briefing per topic, made every day from the day's summaries.",
            })}
          </Text>
        </Stack>

        <SimpleGrid cols={{ base: 1, xs: 2 }} spacing="sm">
          <DateFilter value={search.date} onChange={(date) => setSearch({ ...search, date })} />
          <NativeSelect
            aria-label={t({ id: 'podcast.topic', message: 'Topic' })}
            data={[
              { value: '', label: t({ id: 'podcast.allTopics', message: 'All topics' }) },
              ...topicOptions,
            ]}
            value={search.topic ?? ''}
            onChange={(event) => setSearch({ ...search, topic: event.currentTarget.value || undefined })}
            data-testid="podcast-topic-filter"
          />
        </SimpleGrid>

        {podcasts.isPending ? (
          <CenteredLoader
            label={t({ id: 'podcast.loading', message: 'Loading podcasts…' })}
            minHeight={200}
          />
        ) : podcasts.isError ? (
          <Alert
            color="red"
            icon={<IconAlertCircle size={18} />}
            title={t({ id: 'podcast.errorTitle', message: 'Could not load podcasts' })}
            data-testid="podcast-error"
          >
            <Stack gap="xs" align="flex-start">
              <Text size="sm">{errorText(t, podcasts.error)}</Text>
              <Button size="xs" variant="light" color="red" onClick={() => podcasts.refetch()}>
                {t({ id: 'podcast.retry', message: 'Retry' })}
              </Button>
            </Stack>
          </Alert>
        ) : groups.length === 0 ? (
          <Paper withBorder radius="md" p="xl" data-testid="podcast-empty">
            <Text ta="center" c="dimmed">
              {emptyText}
            </Text>
          </Paper>
        ) : (
          groups.map((group) => (
            <Stack key={group.date} gap="sm" data-testid="podcast-group" data-date={group.date}>
              <Group gap="sm">
                <Title order={2} fz="lg">
                  {group.date}
                </Title>
                <Badge variant="light" color="gray">
                  {t({
                    id: 'podcast.count',
                    message: plural(ph({ count: group.items.length }), {
                      one: `# podcast`,
                      other: `# podcasts`,
                    }),
                  })}
                </Badge>
              </Group>
              {group.items.map((podcast) => (
                <PodcastCard key={podcast.id} podcast={podcast} player={player} onRetry={retry} />
              ))}
            </Stack>
          ))
        )}

        <Suspense fallback={null}>
          <PodcastFeedCard params={params} topics={topicOptions} />
        </Suspense>
      </Stack>
      {/* biome-ignore lint/a11y/useMediaCaption: spoken news briefings; the transcript is on each card */}
      <audio ref={player.audioRef} preload="metadata" data-testid="podcast-audio" hidden />
    </Container>
  );
}

const loadDateFilter = () => import('./date-filter-popup').then((module) => module.DateFilterPopup);

/** The date filter's button; its popup (a calendar in a popover) is fetched when it is first used. */
function DateFilter({ value, onChange }: { value?: string; onChange: (date: string | undefined) => void }) {
  const { Component: Popup, preload, show } = useDeferredComponent(loadDateFilter);
  if (Popup) return <Popup value={value} onChange={onChange} openOnMount />;
  return (
    <DateFilterButton
      value={value}
      aria-haspopup="dialog"
      aria-expanded={false}
      onClick={show}
      onPointerEnter={preload}
      onFocus={preload}
    />
  );
}

export function DailyPodcastPage() {
  return (
    <LinguiScreen namespaces={['podcast']}>
      <DailyPodcastScreen />
    </LinguiScreen>
  );
}
