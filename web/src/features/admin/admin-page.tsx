import { Button, Center, Container, Group, Loader, Stack, Tabs, Text, Title } from '@mantine/core';
import { IconArrowLeft } from '@tabler/icons-react';
import { type ComponentType, lazy, Suspense, useState } from 'react';
import { useTranslation } from '../../i18n/react';
import { ButtonLink } from '../ui/router-links';
import { useDocumentTitle } from '../ui/use-document-title';
import { cleanupData, cleanupPosts, deletedCount, processPending } from './admin-api';
import { useAdminAction, useConfirm } from './kit/admin-shared';
import { TopicsTab } from './tabs/topics-tab';

/** A tab's code is fetched when the tab is first opened: an admin sees one tab at a time. */
function lazyTab<K extends string>(load: () => Promise<Record<K, ComponentType>>, name: K) {
  return lazy(() => load().then((module) => ({ default: module[name] })));
}
const BlogPostsTab = lazyTab(() => import('./tabs/blog-posts-tab'), 'BlogPostsTab');
const DatasourcesTab = lazyTab(() => import('./tabs/datasources-tab'), 'DatasourcesTab');
const DigestTab = lazyTab(() => import('./tabs/digest-tab'), 'DigestTab');
const PodcastsTab = lazyTab(() => import('./tabs/podcasts-tab'), 'PodcastsTab');
const QueuesTab = lazyTab(() => import('./tabs/queues-tab'), 'QueuesTab');
const SourceHealthTab = lazyTab(() => import('./tabs/source-health-tab'), 'SourceHealthTab');
const StoriesTab = lazyTab(() => import('./tabs/stories-tab'), 'StoriesTab');
const SubmissionsTab = lazyTab(() => import('./tabs/submissions-tab'), 'SubmissionsTab');
const SubscribersTab = lazyTab(() => import('./tabs/subscribers-tab'), 'SubscribersTab');
const UsageTab = lazyTab(() => import('./tabs/usage-tab'), 'UsageTab');

function TabFallback() {
  const { t } = useTranslation();
  return (
    <Center py="xl">
      <Loader size="sm" aria-label={t('common.loading')} />
    </Center>
  );
}

/** /admin and /zh/admin: topics, datasources, source health, queues, stories, submissions, blog posts, podcasts, digest. */
export function AdminPage() {
  const { t } = useTranslation('admin');
  useDocumentTitle(t('title'));
  const [tab, setTab] = useState<string | null>('topics');
  const confirm = useConfirm();
  const process = useAdminAction({
    run: processPending,
    success: t('toast.processed'),
    failure: t('toast.processFailed'),
    successMessage: (r) => t('toast.processedCount', { count: r.data.processed }),
  });
  const cleanData = useAdminAction({
    run: cleanupData,
    success: t('toast.dataCleaned'),
    failure: t('toast.dataCleanupFailed'),
    successMessage: (r) => t('toast.recordsDeleted', { count: deletedCount(r) }),
  });
  const cleanPosts = useAdminAction({
    run: cleanupPosts,
    success: t('toast.postsCleaned'),
    failure: t('toast.postsCleanupFailed'),
    successMessage: (r) => t('toast.postsDeleted', { count: deletedCount(r) }),
  });

  return (
    <Container size="xl" py="lg" data-testid="admin-page">
      {confirm.dialog}
      <Stack gap="md">
        <ButtonLink to="/" variant="subtle" leftSection={<IconArrowLeft size={16} />} w="fit-content" px={0}>
          {t('backHome')}
        </ButtonLink>
        <Group justify="space-between" wrap="wrap" align="flex-end">
          <Stack gap={2}>
            <Title order={1} fz={{ base: 24, sm: 30 }}>
              {t('title')}
            </Title>
            <Text c="dimmed" size="sm">
              {t('subtitle')}
            </Text>
          </Stack>
          <Group gap="xs" wrap="wrap">
            <Button variant="light" onClick={() => process.mutate(undefined)} loading={process.isPending}>
              {t('actions.processPending')}
            </Button>
            <Button
              variant="light"
              color="red"
              loading={cleanData.isPending}
              onClick={() =>
                confirm.ask({
                  title: t('actions.cleanupData'),
                  message: t('confirm.cleanupDataMessage'),
                  confirmLabel: t('actions.confirmCleanup'),
                  onConfirm: () => cleanData.mutate(undefined),
                })
              }
            >
              {t('actions.cleanupData')}
            </Button>
            <Button
              variant="light"
              color="red"
              loading={cleanPosts.isPending}
              onClick={() =>
                confirm.ask({
                  title: t('actions.cleanupPosts'),
                  message: t('confirm.cleanupPostsMessage'),
                  confirmLabel: t('actions.confirmCleanup'),
                  onConfirm: () => cleanPosts.mutate(undefined),
                })
              }
            >
              {t('actions.cleanupPosts')}
            </Button>
          </Group>
        </Group>
        <Tabs value={tab} onChange={setTab} keepMounted={false}>
          {/* The tabs wrap onto more rows on a phone: every tab stays in sight, none hides off-screen. */}
          <Tabs.List>
            <Tabs.Tab value="topics">{t('tabs.topics')}</Tabs.Tab>
            <Tabs.Tab value="datasources">{t('tabs.datasources')}</Tabs.Tab>
            <Tabs.Tab value="health">{t('tabs.health')}</Tabs.Tab>
            <Tabs.Tab value="queues">{t('tabs.queues')}</Tabs.Tab>
            <Tabs.Tab value="stories">{t('tabs.stories')}</Tabs.Tab>
            <Tabs.Tab value="submissions">{t('tabs.submissions')}</Tabs.Tab>
            <Tabs.Tab value="blog">{t('tabs.blog')}</Tabs.Tab>
            <Tabs.Tab value="subscribers">{t('tabs.subscribers')}</Tabs.Tab>
            <Tabs.Tab value="podcasts">{t('tabs.podcasts')}</Tabs.Tab>
            <Tabs.Tab value="digest">{t('tabs.digest')}</Tabs.Tab>
            <Tabs.Tab value="usage">{t('tabs.usage')}</Tabs.Tab>
          </Tabs.List>
          <Tabs.Panel value="topics" pt="md">
            <TopicsTab />
          </Tabs.Panel>
          <Tabs.Panel value="datasources" pt="md">
            <Suspense fallback={<TabFallback />}>
              <DatasourcesTab />
            </Suspense>
          </Tabs.Panel>
          <Tabs.Panel value="health" pt="md">
            <Suspense fallback={<TabFallback />}>
              <SourceHealthTab />
            </Suspense>
          </Tabs.Panel>
          <Tabs.Panel value="queues" pt="md">
            <Suspense fallback={<TabFallback />}>
              <QueuesTab />
            </Suspense>
          </Tabs.Panel>
          <Tabs.Panel value="stories" pt="md">
            <Suspense fallback={<TabFallback />}>
              <StoriesTab />
            </Suspense>
          </Tabs.Panel>
          <Tabs.Panel value="submissions" pt="md">
            <Suspense fallback={<TabFallback />}>
              <SubmissionsTab />
            </Suspense>
          </Tabs.Panel>
          <Tabs.Panel value="blog" pt="md">
            <Suspense fallback={<TabFallback />}>
              <BlogPostsTab />
            </Suspense>
          </Tabs.Panel>
          <Tabs.Panel value="subscribers" pt="md">
            <Suspense fallback={<TabFallback />}>
              <SubscribersTab />
            </Suspense>
          </Tabs.Panel>
          <Tabs.Panel value="podcasts" pt="md">
            <Suspense fallback={<TabFallback />}>
              <PodcastsTab />
            </Suspense>
          </Tabs.Panel>
          <Tabs.Panel value="digest" pt="md">
            <Suspense fallback={<TabFallback />}>
              <DigestTab />
            </Suspense>
          </Tabs.Panel>
          <Tabs.Panel value="usage" pt="md">
            <Suspense fallback={<TabFallback />}>
              <UsageTab />
            </Suspense>
          </Tabs.Panel>
        </Tabs>
      </Stack>
    </Container>
  );
}
