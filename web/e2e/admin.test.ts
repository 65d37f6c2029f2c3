import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { type Stack, startStack, uniqueEmail } from './harness.ts';

// The admin area (issue 9): add a datasource, pause it in batch mode, crawl the filtered set (in
// Chinese, at /zh/admin, with the spec's wording); queues, source health and a blog post (in English).

let stack: Stack;
let admin: { email: string; password: string };
let topicId = '';

beforeAll(async () => {
  stack = await startStack();
  admin = await stack.createUser({ email: uniqueEmail('admin'), role: 'admin' });
  const topic = await stack.prisma.topic.create({
    data: {
      slug: 'e2e-robotics',
      name: 'E2E Robotics',
      description: 'Robots',
      keywords: ['robots', 'arms', 'ai'],
    },
  });
  topicId = topic.id;
});
afterAll(async () => {
  await stack?.stop();
});

/** Toasts queue up (three visible at once, 4 s each), so give one time to appear. */
async function seeToast(page: Page, text: string) {
  await expect.poll(() => page.getByText(text).first().isVisible(), { timeout: 15_000 }).toBe(true);
}

describe('/admin and /zh/admin', () => {
  it('adds a datasource, pauses it in batch mode and crawls the filtered set (Chinese)', async () => {
    const page = await stack.newPage();
    await stack.signIn(page, admin.email, admin.password);
    await page.goto('/zh/admin');
    await expect.poll(() => page.getByTestId('topic-card').count(), { timeout: 15_000 }).toBe(1);
    await expect.poll(() => page.getByTestId('topic-card').textContent()).toContain('+1');

    await page.getByRole('tab', { name: '数据源管理' }).click();
    await expect.poll(() => page.getByTestId('ds-empty').isVisible()).toBe(true);

    // Add: choosing a platform fills its default config; the form needs a name and a URL.
    await page.getByTestId('ds-add').click();
    await page.getByTestId('ds-topic').click();
    await page.getByRole('option', { name: 'E2E Robotics' }).click();
    await page.getByTestId('ds-platform').click();
    await page.getByRole('option', { name: 'Reddit' }).click();
    await expect.poll(() => page.getByTestId('ds-config').inputValue()).toContain('"sort": "hot"');
    await page.getByTestId('ds-url').fill('https://www.reddit.com/r/robotics');
    await page.getByTestId('ds-name').fill('r/robotics');
    await page.getByTestId('ds-config').fill('{broken');
    await page.getByTestId('ds-submit').click();
    await seeToast(page, '配置必须是有效的JSON格式');
    await page
      .getByTestId('ds-config')
      .fill('{"subreddit":"robotics","sort":"hot","time_filter":"day","limit":25}');
    await page.getByTestId('ds-submit').click();
    await seeToast(page, '添加成功');
    const row = page.getByTestId('ds-row').filter({ hasText: 'r/robotics' });
    await expect.poll(() => row.getByTestId('ds-status').textContent(), { timeout: 10_000 }).toBe('待抓取');
    const created = await stack.prisma.datasource.findFirstOrThrow({ where: { sourceName: 'r/robotics' } });
    expect(created).toMatchObject({ topicId, platform: 'reddit', isActive: true, language: 'EN' });
    expect(created.config).toEqual({ subreddit: 'robotics', sort: 'hot', time_filter: 'day', limit: 25 });

    // Batch mode: nothing selected is refused, then pause the new source.
    await page.getByTestId('ds-batch-toggle').click();
    await page.getByRole('button', { name: '批量暂停' }).click();
    await seeToast(page, '请选择数据源');
    await page.getByRole('checkbox', { name: '选择 r/robotics' }).check();
    await expect.poll(() => page.getByTestId('ds-selected-count').textContent()).toBe('已选择 1 项');
    await page.getByRole('button', { name: '批量暂停' }).click();
    await seeToast(page, '更新成功');
    await expect.poll(() => row.getByTestId('ds-status').textContent(), { timeout: 10_000 }).toBe('已禁用');
    expect((await stack.prisma.datasource.findUniqueOrThrow({ where: { id: created.id } })).isActive).toBe(
      false,
    );
    // The batch action ends batch mode.
    await expect.poll(() => page.getByTestId('ds-selected-count').count()).toBe(0);

    // Crawl of the filtered set: only paused sources → '没有活跃的数据源'.
    await page.getByTestId('ds-search').fill('robotics');
    await page.getByTestId('ds-crawl-filtered').click();
    await seeToast(page, '没有活跃的数据源');

    // With an active source in the filtered set the crawl goes to the pipeline's route.
    const active = await stack.prisma.datasource.create({
      data: {
        topicId,
        platform: 'blog',
        sourceName: 'Robotics blog',
        sourceUrl: 'https://robotics.example.com/feed',
      },
    });
    await page.reload();
    await page.getByRole('tab', { name: '数据源管理' }).click();
    await page.getByTestId('ds-search').fill('robotics');
    await expect.poll(() => page.getByTestId('ds-row').count()).toBe(2);
    await page.getByTestId('ds-crawl-filtered').click();
    await page.getByTestId('confirm-action').click();
    // The crawl route belongs to the pipeline (issue 3): success when it exists, else the server's error toast.
    const crawlRoute = await fetch(`${stack.baseUrl}/api/admin/crawl`, { method: 'POST' });
    const expected = crawlRoute.status === 404 ? '批量抓取任务创建失败' : '批量抓取任务创建成功';
    await seeToast(page, expected);
    if (crawlRoute.status !== 404) {
      // Only the active source of the filtered set got a crawl task.
      await expect
        .poll(() => stack.prisma.processingTask.count({ where: { datasourceId: active.id } }))
        .toBe(1);
      expect(await stack.prisma.processingTask.count({ where: { datasourceId: created.id } })).toBe(0);
    }
    await page.context().close();
  });

  it('shows queues and source health, and publishes a markdown blog post (English)', async () => {
    const page = await stack.newPage();
    await stack.signIn(page, admin.email, admin.password);
    await page.goto('/admin');
    await page.getByRole('tab', { name: 'Task queues' }).click();
    await expect.poll(() => page.getByTestId('queue-crawl').isVisible(), { timeout: 15_000 }).toBe(true);
    await page.getByRole('tab', { name: 'Source health' }).click();
    await expect
      .poll(
        async () =>
          (await page.getByTestId('health-tab').count()) + (await page.getByTestId('health-error').count()),
        {
          timeout: 15_000,
        },
      )
      .toBe(1);

    await page.getByRole('tab', { name: 'Blog posts' }).click();
    await page.getByRole('button', { name: 'New post' }).click();
    await page.getByLabel(/^Title/).fill('Robots in the newsroom');
    await page.getByLabel(/^Slug/).fill('robots-in-the-newsroom');
    await page.getByLabel(/^Category/).fill('engineering');
    await page.getByLabel(/^Excerpt/).fill('How we test crawlers with robots.');
    await page
      .getByRole('textbox', { name: 'Content' })
      .fill('## Why\n\nRobots **never** sleep.\n\n<script>alert(1)</script>');
    await page.getByLabel(/^Tags/).fill('robots, testing');
    await page.getByRole('combobox', { name: 'Status' }).click();
    await page.getByRole('option', { name: 'Published' }).click();
    await page.getByRole('button', { name: 'Create' }).click();
    await seeToast(page, 'Added');
    const post = await stack.prisma.blogPost.findFirstOrThrow({ where: { slug: 'robots-in-the-newsroom' } });
    expect(post).toMatchObject({ status: 'published', language: 'EN', tags: ['robots', 'testing'] });
    expect(post.content).toContain('<strong>never</strong>');
    expect(post.content).not.toContain('<script');

    await page.goto('/blog/robots-in-the-newsroom');
    await expect
      .poll(() => page.getByTestId('blog-post-title').textContent(), { timeout: 15_000 })
      .toBe('Robots in the newsroom');
    await expect.poll(() => page.getByTestId('blog-post-content').innerHTML()).toContain('<h2>Why</h2>');
    await page.context().close();
  });

  it('shows the access-denied screen to a signed-in non-admin', async () => {
    const user = await stack.createUser({ email: uniqueEmail('user') });
    const page = await stack.newPage();
    await stack.signIn(page, user.email, user.password);
    await page.goto('/admin');
    await expect.poll(() => page.getByTestId('access-denied').isVisible(), { timeout: 15_000 }).toBe(true);
    await page.context().close();
  });
});
