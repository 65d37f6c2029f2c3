import { useLingui } from '@lingui/react/macro';
import { ph, plural } from '@lingui/core/macro';
import { localName } from '@app/rules';
import { Alert, Anchor, Badge, Center, Container, Group, Loader, Stack, Text, Title } from '@mantine/core';
import { IconArrowLeft, IconBrandYoutube, IconExternalLink } from '@tabler/icons-react';
import { useQuery } from '@tanstack/react-query';
import { useLocation } from '@tanstack/react-router';
import { useState } from 'react';
import { useLanguage } from '../../../i18n/language-provider';
import { youtubeSummariesQueryOptions } from '../../../queries/content';
import { useAuth } from '../../auth/auth-provider';
import { AnchorLink, ButtonLink } from '../../ui/router-links';
import { useDocumentTitle } from '../../ui/use-document-title';
import { FollowButton } from '../../reading/follow-button';
import { useCardReading } from '../../reading/use-card-reading';
import { SummaryCard } from '../summary-card';
import { UpgradeDialogProvider } from '../upgrade-dialog';
import { useFavorites } from '../use-favorites';
import { readStoredTimeZone } from '../use-time-zone';
import { errorText } from '../../../api/error-text';
import { NotFoundBox } from '../not-found-box';
import { youtubeChannelUrl } from './channel-link';

/** The ways back from a channel that is not there: every channel, and home. */
function WaysBack() {
  const { t } = useLingui();
  return (
    <>
      <ButtonLink to="/other-youtube-sources" leftSection={<IconArrowLeft size={16} aria-hidden />}>
        {t({ id: 'content.back.allChannels', message: 'All YouTube channels' })}
      </ButtonLink>
      <ButtonLink to="/" variant="default">
        {t({ id: 'content.back.home', message: 'Home' })}
      </ButtonLink>
    </>
  );
}

/** /youtube/ with no channel name (or only spaces): said plainly, with the ways back. */
function InvalidSourceName() {
  const { t } = useLingui();
  return (
    <NotFoundBox
      title={t({ id: 'content.youtube.invalidSource', message: 'Invalid source name' })}
      text={t({
        id: 'content.youtube.invalidSourceText',
        message: 'The address does not name a channel. Pick one from the list of channels.',
      })}
      data-testid="youtube-invalid-source"
    >
      <WaysBack />
    </NotFoundBox>
  );
}

export function YoutubeSourcePage({ sourceName }: { sourceName: string }) {
  return (
    <UpgradeDialogProvider>
      <YoutubeSource sourceName={sourceName.trim()} />
    </UpgradeDialogProvider>
  );
}

function YoutubeSource({ sourceName }: { sourceName: string }) {
  const { t } = useLingui();
  const { language } = useLanguage();
  const { user, isPro, loading: authLoading } = useAuth();
  const location = useLocation();
  const timeZone = readStoredTimeZone();
  const favorites = useFavorites();
  const [expanded, setExpanded] = useState<string | null>(null);
  const { cardReading, announcer } = useCardReading({ language });
  const query = useQuery({
    ...youtubeSummariesQueryOptions(sourceName, language, timeZone, `${user?.id ?? 'visitor'}:${isPro}`),
    enabled: sourceName.length > 0,
  });
  useDocumentTitle(sourceName || undefined);

  if (!sourceName) return <InvalidSourceName />;
  if (query.isLoading) {
    return (
      <Center py="xl">
        <Loader />
      </Center>
    );
  }
  if (query.isError) {
    const notFound = (query.error as { status?: number }).status === 404;
    return (
      <NotFoundBox
        title={
          notFound
            ? t({ id: 'content.youtube.notFound', message: 'Channel not found' })
            : t({ id: 'content.youtube.loadFailed', message: 'Failed to load data' })
        }
        text={
          notFound
            ? t({
                id: 'content.youtube.notFoundText',
                message: 'We do not follow a channel by this name (any more).',
              })
            : errorText(t, query.error)
        }
        data-testid="youtube-error"
      >
        <WaysBack />
      </NotFoundBox>
    );
  }
  const { source, limited, data } = query.data!;
  const channelUrl = youtubeChannelUrl(source.source_url);
  return (
    <Container size="md" py="xl">
      <Stack gap="md">
        <Stack gap="xs">
          <Group justify="space-between" align="center" gap="sm">
            <Title order={1} fz={{ base: 26, sm: 34 }} data-testid="youtube-title">
              {source.source_name}
            </Title>
            <FollowButton
              target={{
                kind: 'source',
                id: source.id,
                name: source.source_name,
                platform: 'youtube',
                topic_id: source.topic.id,
              }}
            />
          </Group>
          <Group gap="xs">
            <Badge color="red" leftSection={<IconBrandYoutube size={12} />}>
              YouTube
            </Badge>
            <Badge variant="light">{localName(source.topic, language)}</Badge>
            <Badge variant="outline">
              {t({
                id: 'content.youtube.summaries',
                message: plural(ph({ count: data.length }), { one: `# summary`, other: `# summaries` }),
              })}
            </Badge>
          </Group>
        </Stack>
        {/* The plan's window is a signed-in free reader's business; a visitor is asked in, not sold a plan. */}
        {authLoading ? null : !user ? (
          <Alert color="gray" variant="light" data-testid="youtube-sign-in">
            {t({
              id: 'content.youtube.signInPrompt',
              message: 'Sign in or create a free account to keep up with this channel.',
            })}{' '}
            <AnchorLink to="/auth" search={{ redirect: location.href }} fw={600}>
              {t({ id: 'content.youtube.signIn', message: 'Sign in' })}
            </AnchorLink>
          </Alert>
        ) : limited ? (
          <Alert color="yellow" data-testid="youtube-limited">
            {t({ id: 'content.youtube.limited', message: 'Free accounts see the last 2 days only.' })}{' '}
            <AnchorLink to="/pricing" fw={600}>
              {t({ id: 'content.youtube.upgrade', message: 'See plans' })}
            </AnchorLink>
          </Alert>
        ) : null}
        {data.length === 0 ? (
          <Text c="dimmed">
            {t({ id: 'content.youtube.empty', message: 'No summaries for this channel yet' })}
          </Text>
        ) : (
          data.map((summary) => (
            <SummaryCard
              key={summary.id}
              summary={summary}
              expanded={expanded === summary.id}
              onToggle={() => setExpanded((e) => (e === summary.id ? null : summary.id))}
              onOpen={cardReading && (() => cardReading.onOpen(summary))}
              isRead={summary.read === true}
              {...cardReading?.extras(summary)}
              language={language}
              timeZone={timeZone}
              isSourceFavorite={favorites.sourceIds.has(source.id)}
              isSummaryFavorite={favorites.summaryIds.has(summary.id)}
              onFavorite={(kind, id, on) => favorites.toggle(kind, id, on)}
            />
          ))
        )}
        {/* The channel's page, named; its feed address is the crawler's business, not the reader's. */}
        {channelUrl ? (
          <Anchor
            href={channelUrl}
            target="_blank"
            rel="noopener noreferrer"
            size="sm"
            w="fit-content"
            data-testid="youtube-channel-link"
          >
            <IconExternalLink size={14} aria-hidden />{' '}
            {t({
              id: 'content.youtube.channelLink',
              message: `${ph({ name: source.source_name })} on YouTube`,
            })}
          </Anchor>
        ) : null}
      </Stack>
      {announcer}
    </Container>
  );
}
