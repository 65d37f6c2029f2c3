import { Button, Container, Group, Stack, Tabs, Text, Title } from '@mantine/core';
import { IconArrowLeft } from '@tabler/icons-react';
import { useState } from 'react';
import { ButtonLink } from '../ui/router-links';
import { useDocumentTitle } from '../ui/use-document-title';
import { cleanupData, cleanupPosts, processPending } from './admin-api';
import { TOAST } from './admin-logic';
import { useAdminAction, useConfirm } from './admin-shared';
import { BlogPostsTab } from './blog-posts-tab';
import { DatasourcesTab } from './datasources-tab';
import { QueuesTab } from './queues-tab';
import { SourceHealthTab } from './source-health-tab';
import { SubmissionsTab } from './submissions-tab';
import { TopicsTab } from './topics-tab';

/** /admin (Chinese by spec): topics, datasources, source health, queues, submissions, blog posts. */
export function AdminPage() {
  useDocumentTitle('管理后台');
  const [tab, setTab] = useState<string | null>('topics');
  const confirm = useConfirm();
  const process = useAdminAction({
    run: processPending,
    success: TOAST.processed,
    failure: TOAST.processFailed,
    successMessage: (r) => `已处理 ${r.data.processed} 个任务`,
  });
  const cleanData = useAdminAction({
    run: cleanupData,
    success: TOAST.dataCleaned,
    failure: TOAST.dataCleanupFailed,
    successMessage: (r) => r.message,
  });
  const cleanPosts = useAdminAction({
    run: cleanupPosts,
    success: TOAST.postsCleaned,
    failure: TOAST.postsCleanupFailed,
    successMessage: (r) => r.message,
  });

  return (
    <Container size="xl" py="lg" data-testid="admin-page" lang="zh-CN">
      {confirm.dialog}
      <Stack gap="md">
        <ButtonLink to="/" variant="subtle" leftSection={<IconArrowLeft size={16} />} w="fit-content" px={0}>
          返回首页
        </ButtonLink>
        <Group justify="space-between" wrap="wrap" align="flex-end">
          <Stack gap={2}>
            <Title order={1} fz={{ base: 24, sm: 30 }}>
              管理后台
            </Title>
            <Text c="dimmed" size="sm">
              管理主题、数据源、抓取任务和博客文章
            </Text>
          </Stack>
          <Group gap="xs" wrap="wrap">
            <Button variant="light" onClick={() => process.mutate(undefined)} loading={process.isPending}>
              处理待处理任务
            </Button>
            <Button
              variant="light"
              color="orange"
              loading={cleanData.isPending}
              onClick={() =>
                confirm.ask({
                  title: '数据清理',
                  message: '将删除旧的处理任务、文章、摘要和生成内容。此操作不可撤销，确定继续吗？',
                  confirmLabel: '确认清理',
                  onConfirm: () => cleanData.mutate(undefined),
                })
              }
            >
              数据清理
            </Button>
            <Button
              variant="light"
              color="red"
              loading={cleanPosts.isPending}
              onClick={() =>
                confirm.ask({
                  title: 'Posts表清理',
                  message: '将删除旧的原始文章（摘要保留）。此操作不可撤销，确定继续吗？',
                  confirmLabel: '确认清理',
                  onConfirm: () => cleanPosts.mutate(undefined),
                })
              }
            >
              Posts表清理
            </Button>
          </Group>
        </Group>
        <Tabs value={tab} onChange={setTab} keepMounted={false}>
          <Tabs.List style={{ flexWrap: 'nowrap', overflowX: 'auto' }}>
            <Tabs.Tab value="topics">主题管理</Tabs.Tab>
            <Tabs.Tab value="datasources">数据源管理</Tabs.Tab>
            <Tabs.Tab value="health">数据源健康</Tabs.Tab>
            <Tabs.Tab value="queues">任务队列</Tabs.Tab>
            <Tabs.Tab value="submissions">来源提交</Tabs.Tab>
            <Tabs.Tab value="blog">博客文章</Tabs.Tab>
          </Tabs.List>
          <Tabs.Panel value="topics" pt="md">
            <TopicsTab />
          </Tabs.Panel>
          <Tabs.Panel value="datasources" pt="md">
            <DatasourcesTab />
          </Tabs.Panel>
          <Tabs.Panel value="health" pt="md">
            <SourceHealthTab />
          </Tabs.Panel>
          <Tabs.Panel value="queues" pt="md">
            <QueuesTab />
          </Tabs.Panel>
          <Tabs.Panel value="submissions" pt="md">
            <SubmissionsTab />
          </Tabs.Panel>
          <Tabs.Panel value="blog" pt="md">
            <BlogPostsTab />
          </Tabs.Panel>
        </Tabs>
      </Stack>
    </Container>
  );
}
