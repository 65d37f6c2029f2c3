// The date picker's styles load with the screens that show one (not with the app's entry).
import '@mantine/dates/styles.css';
import type { PodcastDto } from '@app/contracts';
import {
  Alert,
  Badge,
  Button,
  Container,
  Group,
  Paper,
  Popover,
  Select,
  SimpleGrid,
  Stack,
  Text,
  Title,
  VisuallyHidden,
} from '@mantine/core';
import { DatePicker } from '@mantine/dates';
import { IconAlertCircle, IconCalendar, IconHeadphones } from '@tabler/icons-react';
import { useQuery } from '@tanstack/react-query';
import { useLocation, useNavigate, useSearch } from '@tanstack/react-router';
import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useLanguage } from '../../i18n/language-provider';
import { topicsQueryOptions } from '../../queries/content';
import { useAuth } from '../auth/auth-provider';
import { CenteredLoader } from '../ui/centered-loader';
import { ButtonLink } from '../ui/router-links';
import { useDocumentTitle } from '../ui/use-document-title';
import { PodcastCard } from './podcast-card';
import { podcastsQueryOptions } from './podcast-queries';
import { groupByDate, type PodcastSearch, QUICK_PICKS, quickPickDate } from './podcast-utils';
import { usePodcastPlayer } from './use-podcast-player';
import { errorText } from '../../api/error-text';

/** /daily-podcast: signed-in users browse and play the daily podcasts (spec §2). */
export function DailyPodcastPage() {
  const { t } = useTranslation('podcast');
  const { isAuthenticated, loading } = useAuth();
  useDocumentTitle(t('title'));
  if (loading) return <CenteredLoader />;
  if (!isAuthenticated) return <LoginPrompt />;
  return <PodcastBrowser />;
}

function LoginPrompt() {
  const { t } = useTranslation('podcast');
  const location = useLocation();
  return (
    <Container size="sm" py="xl">
      <Paper withBorder radius="lg" p="xl" data-testid="podcast-login-required">
        <Stack align="center" gap="md">
          <IconHeadphones size={40} aria-hidden />
          <Text ta="center" fw={500}>
            {t('loginRequired')}
          </Text>
          <ButtonLink to="/auth" search={{ redirect: location.href }}>
            {t('signIn')}
          </ButtonLink>
        </Stack>
      </Paper>
    </Container>
  );
}

function PodcastBrowser() {
  const { t } = useTranslation('podcast');
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
      ? t('empty.dateAndTopic', { date: search.date })
      : t('empty.date', { date: search.date })
    : search.topic
      ? t('empty.topic')
      : t('empty.none');

  return (
    <Container size="md" py="xl">
      <Stack gap="lg">
        <Stack gap={4}>
          <Title order={1} fz={{ base: 26, sm: 32 }}>
            {t('title')}
          </Title>
          <Text c="dimmed">{t('subtitle')}</Text>
        </Stack>

        <SimpleGrid cols={{ base: 1, xs: 2 }} spacing="sm">
          <DateFilter value={search.date} onChange={(date) => setSearch({ ...search, date })} />
          <Select
            aria-label={t('topic')}
            placeholder={t('allTopics')}
            data={topicOptions}
            value={search.topic ?? null}
            onChange={(topic) => setSearch({ ...search, topic: topic ?? undefined })}
            clearable
            searchable
            data-testid="podcast-topic-filter"
          />
        </SimpleGrid>

        {podcasts.isPending ? (
          <CenteredLoader label={t('loading')} minHeight={200} />
        ) : podcasts.isError ? (
          <Alert
            color="red"
            icon={<IconAlertCircle size={18} />}
            title={t('errorTitle')}
            data-testid="podcast-error"
          >
            <Stack gap="xs" align="flex-start">
              <Text size="sm">{errorText(t, podcasts.error)}</Text>
              <Button size="xs" variant="light" color="red" onClick={() => podcasts.refetch()}>
                {t('retry')}
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
                  {t('count', { count: group.items.length })}
                </Badge>
              </Group>
              {group.items.map((podcast) => (
                <PodcastCard key={podcast.id} podcast={podcast} player={player} onRetry={retry} />
              ))}
            </Stack>
          ))
        )}
      </Stack>
      {/* biome-ignore lint/a11y/useMediaCaption: spoken news briefings; the transcript is on each card */}
      <audio ref={player.audioRef} preload="metadata" data-testid="podcast-audio" hidden />
    </Container>
  );
}

function DateFilter({ value, onChange }: { value?: string; onChange: (date: string | undefined) => void }) {
  const { t } = useTranslation('podcast');
  const [opened, setOpened] = useState(false);
  const pick = (date: string | undefined) => {
    onChange(date);
    setOpened(false);
  };
  // Focus moves into the popup (it is rendered at the end of the page) and back to the button on Escape.
  return (
    <Popover
      opened={opened}
      onChange={setOpened}
      position="bottom-start"
      shadow="md"
      withinPortal
      trapFocus
      returnFocus
    >
      <Popover.Target>
        <Button
          variant="default"
          justify="flex-start"
          leftSection={<IconCalendar size={16} aria-hidden />}
          onClick={() => setOpened((o) => !o)}
          data-testid="podcast-date-filter"
        >
          <VisuallyHidden>{t('date')}: </VisuallyHidden>
          {value ?? t('allDates')}
        </Button>
      </Popover.Target>
      <Popover.Dropdown>
        <Stack gap="xs">
          <Group gap={6}>
            {QUICK_PICKS.map((quick) => (
              <Button
                key={quick}
                size="compact-xs"
                variant="light"
                onClick={() => pick(quickPickDate(quick))}
              >
                {t(`quick.${quick}`)}
              </Button>
            ))}
            <Button size="compact-xs" variant="subtle" color="gray" onClick={() => pick(undefined)}>
              {t('quick.clear')}
            </Button>
          </Group>
          <DatePicker value={value ?? null} onChange={(date) => pick(date ?? undefined)} />
        </Stack>
      </Popover.Dropdown>
    </Popover>
  );
}
