import { useLingui } from '@lingui/react/macro';
import { LinguiScreen } from '../../i18n/lingui-screen';
import { ph, plural } from '@lingui/core/macro';
import { Button, Center, Container, Group, Loader, Stack, Tabs, Text, Title } from '@mantine/core';
import { IconArrowLeft } from '@tabler/icons-react';
import { type ComponentType, lazy, Suspense, useState } from 'react';
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
  const { t } = useLingui();
  return (
    <Center py="xl">
      <Loader size="sm" aria-label={t({ id: 'admin.loading', message: 'Loading...' })} />
    </Center>
  );
}

/** /admin and /zh/admin: topics, datasources, source health, queues, stories, submissions, blog posts, podcasts, digest. */
function AdminScreen() {
  const { t } = useLingui();
  useDocumentTitle(t({ id: 'admin.title', message: 'Admin dashboard' }));
  const [tab, setTab] = useState<string | null>('topics');
  const confirm = useConfirm();
  const process = useAdminAction({
    run: processPending,
    success: t({ id: 'admin.toast.processed', message: 'Tasks processed' }),
    failure: t({ id: 'admin.toast.processFailed', message: 'Task processing failed' }),
    successMessage: (r) =>
      t({
        id: 'admin.toast.processedCount',
        message: plural(ph({ count: r.data.processed }), {
          one: `Processed # task`,
          other: `Processed # tasks`,
        }),
      }),
  });
  const cleanData = useAdminAction({
    run: cleanupData,
    success: t({ id: 'admin.toast.dataCleaned', message: 'Data cleanup complete' }),
    failure: t({ id: 'admin.toast.dataCleanupFailed', message: 'Data cleanup failed' }),
    successMessage: (r) =>
      t({
        id: 'admin.toast.recordsDeleted',
        message: plural(ph({ count: deletedCount(r) }), {
          one: `Deleted # record`,
          other: `Deleted # records`,
        }),
      }),
  });
  const cleanPosts = useAdminAction({
    run: cleanupPosts,
    success: t({ id: 'admin.toast.postsCleaned', message: 'Posts table cleanup complete' }),
    failure: t({ id: 'admin.toast.postsCleanupFailed', message: 'Posts table cleanup failed' }),
    successMessage: (r) =>
      t({
        id: 'admin.toast.postsDeleted',
        message: plural(ph({ count: deletedCount(r) }), { one: `Deleted # post`, other: `Deleted # posts` }),
      }),
  });

  return (
    <Container size="xl" py="lg" data-testid="admin-page">
      {confirm.dialog}
      <Stack gap="md">
        <ButtonLink to="/" variant="subtle" leftSection={<IconArrowLeft size={16} />} w="fit-content" px={0}>
          {t({ id: 'admin.backHome', message: 'Back to home' })}
        </ButtonLink>
        <Group justify="space-between" wrap="wrap" align="flex-end">
          <Stack gap={2}>
            <Title order={1} fz={{ base: 24, sm: 30 }}>
              {t({ id: 'admin.title', message: 'Admin dashboard' })}
            </Title>
            <Text c="dimmed" size="sm">
              {t({
                id: 'admin.subtitle',
                message: 'Manage topics, data sources, crawl tasks and blog posts',
              })}
            </Text>
          </Stack>
          <Group gap="xs" wrap="wrap">
            <Button variant="light" onClick={() => process.mutate(undefined)} loading={process.isPending}>
              {t({ id: 'admin.actions.processPending', message: 'Process pending tasks' })}
            </Button>
            <Button
              variant="light"
              color="red"
              loading={cleanData.isPending}
              onClick={() =>
                confirm.ask({
                  title: t({ id: 'admin.actions.cleanupData', message: 'Data cleanup' }),
                  message: t({
                    id: 'admin.confirm.cleanupDataMessage',
                    message:
                      'This deletes old processing tasks, posts, summaries and generated content. It cannot be undone. Continue?',
                  }),
                  confirmLabel: t({ id: 'admin.actions.confirmCleanup', message: 'Clean up' }),
                  onConfirm: () => cleanData.mutate(undefined),
                })
              }
            >
              {t({ id: 'admin.actions.cleanupData', message: 'Data cleanup' })}
            </Button>
            <Button
              variant="light"
              color="red"
              loading={cleanPosts.isPending}
              onClick={() =>
                confirm.ask({
                  title: t({ id: 'admin.actions.cleanupPosts', message: 'Posts table cleanup' }),
                  message: t({
                    id: 'admin.confirm.cleanupPostsMessage',
                    message:
                      'This deletes old raw posts (summaries are kept). It cannot be undone. Continue?',
                  }),
                  confirmLabel: t({ id: 'admin.actions.confirmCleanup', message: 'Clean up' }),
                  onConfirm: () => cleanPosts.mutate(undefined),
                })
              }
            >
              {t({ id: 'admin.actions.cleanupPosts', message: 'Posts table cleanup' })}
            </Button>
          </Group>
        </Group>
        <Tabs value={tab} onChange={setTab} keepMounted={false}>
          {/* The tabs wrap onto more rows on a phone: every tab stays in sight, none hides off-screen. */}
          <Tabs.List>
            <Tabs.Tab value="topics">{t({ id: 'admin.tabs.topics', message: 'Topics' })}</Tabs.Tab>
            <Tabs.Tab value="datasources">
              {t({ id: 'admin.tabs.datasources', message: 'Data sources' })}
            </Tabs.Tab>
            <Tabs.Tab value="health">{t({ id: 'admin.tabs.health', message: 'Source health' })}</Tabs.Tab>
            <Tabs.Tab value="queues">{t({ id: 'admin.tabs.queues', message: 'Task queues' })}</Tabs.Tab>
            <Tabs.Tab value="stories">{t({ id: 'admin.tabs.stories', message: 'Stories' })}</Tabs.Tab>
            <Tabs.Tab value="submissions">
              {t({ id: 'admin.tabs.submissions', message: 'Source suggestions' })}
            </Tabs.Tab>
            <Tabs.Tab value="blog">{t({ id: 'admin.tabs.blog', message: 'Blog posts' })}</Tabs.Tab>
            <Tabs.Tab value="subscribers">
              {t({ id: 'admin.tabs.subscribers', message: 'Subscribers' })}
            </Tabs.Tab>
            <Tabs.Tab value="podcasts">{t({ id: 'admin.tabs.podcasts', message: 'Podcasts' })}</Tabs.Tab>
            <Tabs.Tab value="digest">{t({ id: 'admin.tabs.digest', message: 'Digest' })}</Tabs.Tab>
            <Tabs.Tab value="usage">{t({ id: 'admin.tabs.usage', message: 'Usage and cost' })}</Tabs.Tab>
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

export function AdminPage() {
  return (
    <LinguiScreen namespaces={['admin']}>
      <AdminScreen />
    </LinguiScreen>
  );
}
