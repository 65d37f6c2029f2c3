import { useLingui } from '@lingui/react/macro';
import { ph } from '@lingui/core/macro';
import { Alert, Center, Container, Loader } from '@mantine/core';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { lazy, Suspense, useEffect } from 'react';
import { isTopicSlug } from '../../../config/site';
import { topicQueryOptions, topicsQueryOptions } from '../../../queries/content';
import { errorText } from '../../../api/error-text';
import { isUuid } from '../../../config/ids';

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

// Rare, so fetched only when needed: the topic pages' first load does without it.
const TopicNotFound = lazy(() =>
  import('./topic-not-found').then((module) => ({ default: module.TopicNotFound })),
);

const pageLoader = (
  <Center py="xl">
    <Loader />
  </Center>
);

/** /topics/$id: one of the five slugs shows the landing page, a UUID the detail page. */
export function TopicPage({ id }: { id: string }) {
  const isSlug = isTopicSlug(id);
  const isId = isUuid(id);
  const topic = useQuery({ ...topicQueryOptions(id), enabled: isSlug || isId });
  const { t } = useLingui();
  const queryClient = useQueryClient();
  useEffect(() => {
    if (!isSlug) return;
    // The landing page's code and its list of topics come while the topic is on its way, not after it.
    loadLandingPage().catch(() => undefined);
    void queryClient.prefetchQuery(topicsQueryOptions());
  }, [isSlug, queryClient]);
  const isMissing =
    (!isSlug && !isId) || (topic.isError && (topic.error as { status?: number }).status === 404);
  if (topic.isLoading) return pageLoader;
  if (topic.isError && !isMissing) {
    return (
      <Container size="sm" py="xl">
        <Alert color="red">
          {t({
            id: 'content.topic.loadFailed',
            message: `Failed to load: ${ph({ message: errorText(t, topic.error) })}`,
          })}
        </Alert>
      </Container>
    );
  }
  return (
    <Suspense fallback={pageLoader}>
      {isMissing ? (
        <TopicNotFound />
      ) : isSlug ? (
        <TopicLandingPage topic={topic.data!} />
      ) : (
        <TopicDetailPage topic={topic.data!} />
      )}
    </Suspense>
  );
}
