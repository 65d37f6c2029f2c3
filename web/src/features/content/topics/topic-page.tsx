import { Alert, Center, Container, Loader, Text } from '@mantine/core';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { lazy, Suspense, useEffect } from 'react';
import { useTranslation } from '../../../i18n/react';
import { isTopicSlug } from '../../../config/site';
import { topicQueryOptions, topicsQueryOptions } from '../../../queries/content';
import { errorText } from '../../../api/error-text';

// The detail page (its filters, markdown summaries) is fetched only when a topic's id is opened: the
// five landing pages, the ones readers arrive on, do without it.
const TopicDetailPage = lazy(() =>
  import('./topic-detail-page').then((module) => ({ default: module.TopicDetailPage })),
);

// The landing page is fetched alongside its topic (see TopicPage), so a detail page does not carry it.
const loadLandingPage = () => import('./topic-landing-page');
const TopicLandingPage = lazy(() =>
  loadLandingPage().then((module) => ({ default: module.TopicLandingPage })),
);

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

export function TopicNotFound() {
  const { t } = useTranslation('content');
  return (
    <Container size="sm" py="xl">
      <Alert color="gray" data-testid="topic-not-found">
        <Text fw={600}>{t('topic.notFound')}</Text>
      </Alert>
    </Container>
  );
}

/** /topics/$id: one of the five slugs shows the landing page, a UUID the detail page. */
export function TopicPage({ id }: { id: string }) {
  const isSlug = isTopicSlug(id);
  const isUuid = UUID.test(id);
  const topic = useQuery({ ...topicQueryOptions(id), enabled: isSlug || isUuid });
  const { t } = useTranslation('content');
  const queryClient = useQueryClient();
  useEffect(() => {
    if (!isSlug) return;
    // The landing page's code and its list of topics come while the topic is on its way, not after it.
    loadLandingPage().catch(() => undefined);
    void queryClient.prefetchQuery(topicsQueryOptions());
  }, [isSlug, queryClient]);
  if (!isSlug && !isUuid) return <TopicNotFound />;
  if (topic.isLoading) {
    return (
      <Center py="xl">
        <Loader />
      </Center>
    );
  }
  if (topic.isError) {
    if ((topic.error as { status?: number }).status === 404) return <TopicNotFound />;
    return (
      <Container size="sm" py="xl">
        <Alert color="red">{t('topic.loadFailed', { message: errorText(t, topic.error) })}</Alert>
      </Container>
    );
  }
  const data = topic.data!;
  return (
    <Suspense
      fallback={
        <Center py="xl">
          <Loader />
        </Center>
      }
    >
      {isSlug ? <TopicLandingPage topic={data} /> : <TopicDetailPage topic={data} />}
    </Suspense>
  );
}
