import { useLingui } from '@lingui/react/macro';
import { ph, plural } from '@lingui/core/macro';
import type { StoryDetail } from '@app/contracts';
import { sourceDisplayName } from '@app/rules';
import {
  Alert,
  Badge,
  Box,
  Button,
  Container,
  Group,
  Skeleton,
  Stack,
  Text,
  Title,
  VisuallyHidden,
} from '@mantine/core';
import { IconArrowLeft } from '@tabler/icons-react';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useNavigate, useParams } from '@tanstack/react-router';
import { useEffect } from 'react';
import { isApiError } from '../../../api/client';
import { errorText } from '../../../api/error-text';
import { useLanguage } from '../../../i18n/language-provider';
import { storyQueryOptions } from '../../../queries/content';
import { ButtonLink } from '../../ui/router-links';
import { useDocumentTitle } from '../../ui/use-document-title';
import { NotFoundBox } from '../not-found-box';
import { formatDay } from '../text';
import { readStoredTimeZone } from '../use-time-zone';
import { CopyLink } from './copy-link';
import { StoryLead } from './story-lead';
import { StoryReport } from './story-report';
import { isUuid } from '../../../config/ids';

function BackToSummaries() {
  const { t } = useLingui();
  return (
    <ButtonLink
      to="/content-summary"
      variant="subtle"
      leftSection={<IconArrowLeft size={16} aria-hidden />}
      w="fit-content"
      px={0}
    >
      {t({ id: 'content.back.allSummaries', message: 'All summaries' })}
    </ButtonLink>
  );
}

/** What a story that is not there, or not for this reader, shows: what happened and the ways on. */
function Unavailable({ kind }: { kind: 'not-found' | 'pro-required' }) {
  const { t } = useLingui();
  const missing = kind === 'not-found';
  return (
    <NotFoundBox
      title={
        missing
          ? t({ id: 'content.story.notFound', message: 'Story not found' })
          : t({ id: 'content.story.olderTitle', message: 'This story is older than the free plan shows' })
      }
      text={
        missing
          ? t({
              id: 'content.story.notFoundText',
              message: 'This story does not exist, or it was merged into another one.',
            })
          : t({
              id: 'content.story.olderText',
              message:
                'Visitors and free readers see the stories of today and yesterday; Pro shows every day.',
            })
      }
      data-testid={missing ? 'story-not-found' : 'story-pro-required'}
    >
      {missing ? null : (
        <ButtonLink to="/pricing">{t({ id: 'content.story.viewPlans', message: 'View plans' })}</ButtonLink>
      )}
      <ButtonLink to="/content-summary" variant={missing ? 'filled' : 'default'}>
        {t({ id: 'content.back.allSummaries', message: 'All summaries' })}
      </ButtonLink>
    </NotFoundBox>
  );
}

function Loading() {
  const { t } = useLingui();
  return (
    // A screen tall, as the story that replaces it is: the footer does not jump when it comes.
    <Container size="md" py="xl" mih="100vh" data-testid="story-loading">
      <VisuallyHidden role="status">
        {t({ id: 'content.story.loading', message: 'Loading the story…' })}
      </VisuallyHidden>
      <Stack>
        <Skeleton h={20} w={160} />
        <Skeleton h={40} />
        <Skeleton h={120} />
        <Skeleton h={80} />
        <Skeleton h={80} />
      </Stack>
    </Container>
  );
}

/** The story's own address, in the page's language: what "Copy link" copies. */
const storyUrl = (story: StoryDetail, language: 'en' | 'zh') =>
  `${window.location.origin}${language === 'zh' ? '/zh' : ''}/stories/${story.id}`;

/**
 * /stories/:id: one event as several outlets reported it. Its title, the lead report's summary (the
 * first one the reader may read), a "Copy link" button, then every report with its source, platform,
 * language, time, the original and its summary here. Open to visitors, who see the last two days'.
 */
export function StoryPage() {
  // The route's own parameter (read here: the route passes the page nothing, which keeps the app's shell small).
  const { id = '' } = useParams({ strict: false });
  const { t } = useLingui();
  const { language } = useLanguage();
  const timeZone = readStoredTimeZone();
  const isId = isUuid(id);
  const query = useQuery({ ...storyQueryOptions(id, timeZone), enabled: isId });
  const story = query.data;
  // The address of a story that has gone into another (merged, or clustered again) answers with the
  // story it is in now: the address bar shows that story's own, for the reader to copy or bookmark.
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const currentId = story?.id;
  useEffect(() => {
    if (!currentId || currentId.toLowerCase() === id.toLowerCase()) return;
    queryClient.setQueryData(storyQueryOptions(currentId, timeZone).queryKey, story);
    void navigate({ to: '/stories/$id', params: { id: currentId }, replace: true });
  }, [currentId, id, navigate, queryClient, story, timeZone]);
  const status = isApiError(query.error) ? query.error.status : undefined;
  // A malformed id is no story: the API refuses it (400) where the page's own check let it through.
  const unavailable =
    !isId || status === 404 || status === 400
      ? 'not-found'
      : isApiError(query.error) && query.error.code === 'PRO_REQUIRED'
        ? 'pro-required'
        : null;
  useDocumentTitle(
    story?.headline ??
      (unavailable
        ? unavailable === 'not-found'
          ? t({ id: 'content.story.notFound', message: 'Story not found' })
          : t({ id: 'content.story.olderTitle', message: 'This story is older than the free plan shows' })
        : undefined),
  );

  if (unavailable) return <Unavailable kind={unavailable} />;
  if (query.isError) {
    return (
      <Container size="md" py="xl">
        <Stack>
          <BackToSummaries />
          <Alert
            color="red"
            title={t({ id: 'content.story.loadFailed', message: 'Could not load the story' })}
            data-testid="story-error"
          >
            <Stack gap="xs" align="flex-start">
              <Text size="sm">{errorText(t, query.error)}</Text>
              <Button size="xs" variant="light" onClick={() => query.refetch()}>
                {t({ id: 'content.home.retry', message: 'Retry' })}
              </Button>
            </Stack>
          </Alert>
        </Stack>
      </Container>
    );
  }
  if (!story) return <Loading />;

  const lead = story.summaries[0];
  const leadSource = lead?.datasource ? sourceDisplayName(lead.datasource.source_name, language) : null;
  return (
    <Container size="md" py="xl" data-testid="story-page">
      <Stack gap="lg">
        <BackToSummaries />
        <Stack gap="xs">
          <Group gap="xs" wrap="wrap">
            <Badge variant="light">{t({ id: 'content.story.kicker', message: 'Story' })}</Badge>
            <Text size="sm" c="dimmed" data-testid="story-count">
              {t({
                id: 'content.story.reports',
                message: plural(ph({ count: story.summaries.length }), {
                  one: `# report`,
                  other: `# reports`,
                }),
              })}
            </Text>
          </Group>
          <Title
            order={1}
            fz={{ base: 26, sm: 34 }}
            lang={story.language.toLowerCase()}
            style={{ overflowWrap: 'anywhere' }}
            data-testid="story-title"
          >
            {story.headline}
          </Title>
          <Text size="sm" c="dimmed">
            {t({
              id: 'content.story.firstSeen',
              message: `First reported ${ph({ date: formatDay(story.first_seen_at, language, timeZone) })}`,
            })}
          </Text>
        </Stack>
        <CopyLink key={story.id} url={storyUrl(story, language)} />
        {lead ? <StoryLead lead={lead} sourceName={leadSource} timeZone={timeZone} /> : null}
        <Box component="section" aria-labelledby="story-reports-title">
          <Title order={2} fz="lg" id="story-reports-title" mb="sm">
            {t({ id: 'content.story.reportsTitle', message: 'Reports' })}
          </Title>
          <Box
            component="ol"
            m={0}
            p={0}
            style={{ listStyle: 'none', display: 'grid', gap: 'var(--mantine-spacing-sm)' }}
          >
            {story.summaries.map((report) => (
              <StoryReport key={report.id} report={report} language={language} timeZone={timeZone} />
            ))}
          </Box>
        </Box>
      </Stack>
    </Container>
  );
}
