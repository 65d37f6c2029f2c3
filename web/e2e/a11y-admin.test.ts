import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { expectAccessible } from './axe.ts';
import { type Stack, startStack, uniqueEmail } from './harness.ts';

// The admin area in both languages: English at /admin, the spec's Chinese at /zh/admin, each
// passing axe-core (WCAG 2.1 A and AA) at a desktop and a phone width, signed in as an admin.

let stack: Stack;
let admin: { email: string; password: string };

beforeAll(async () => {
  stack = await startStack();
  admin = await stack.createUser({ email: uniqueEmail('a11y-admin'), role: 'admin' });
  const topic = await stack.prisma.topic.create({
    data: {
      slug: 'a11y-robots',
      name: 'A11y Robots',
      nameZh: '无障碍机器人',
      description: 'Robots',
      keywords: ['robots', 'arms', 'ai'],
    },
  });
  await stack.prisma.datasource.create({
    data: {
      topicId: topic.id,
      platform: 'blog',
      sourceName: 'Robots blog',
      sourceUrl: 'https://robots.example.com/feed',
    },
  });
  // A failing source: its status, error description and times are shown in the list and in source health.
  await stack.prisma.datasource.create({
    data: {
      topicId: topic.id,
      platform: 'twitter_rss',
      sourceName: 'Robots accounts',
      sourceUrl: 'https://robots.example.com/accounts.rss',
      lastCrawledAt: new Date(Date.now() - 10 * 60_000),
      lastErrorAt: new Date(Date.now() - 10 * 60_000),
      lastErrorClass: 'network',
      lastErrorMessage: 'getaddrinfo ENOTFOUND robots.example.com',
      consecutiveFailures: 2,
    },
  });
  const suggester = await stack.createUser({ email: uniqueEmail('a11y-suggester') });
  await stack.prisma.sourceSubmission.create({
    data: { userId: suggester.id, platform: 'blog', url: 'https://suggested.example.com/feed' },
  });
});
afterAll(async () => {
  await stack?.stop();
});

const WIDTHS = [
  { width: 1280, height: 900 },
  { width: 375, height: 740 },
];

const LANGUAGES = [
  {
    path: '/admin',
    lang: 'en',
    title: 'Admin dashboard',
    navLink: 'Admin',
    pending: 'Pending',
    failing: 'Failing',
    newPost: 'New post',
    cleanup: 'Data cleanup',
    tabs: {
      datasources: 'Data sources',
      health: 'Source health',
      queues: 'Task queues',
      submissions: 'Source suggestions',
      blog: 'Blog posts',
      subscribers: 'Subscribers',
    },
  },
  {
    path: '/zh/admin',
    lang: 'zh-CN',
    title: '管理后台',
    navLink: '管理后台',
    pending: '待抓取',
    failing: '失败中',
    newPost: '新建文章',
    cleanup: '数据清理',
    tabs: {
      datasources: '数据源管理',
      health: '数据源健康',
      queues: '任务队列',
      submissions: '来源提交',
      blog: '博客文章',
      subscribers: '邮件订阅者',
    },
  },
] as const;

/** Each tab and what shows once its data is in (source health may answer with its error state). */
const TAB_CONTENT = {
  health: ['health-tab', 'health-error'],
  queues: ['queues-tab'],
  submissions: ['submission-card'],
  subscribers: ['subscribers-tab'],
  // Last: the blog dialogs below open from this tab.
  blog: ['blog-posts-tab'],
} as const;

async function seeAny(page: Page, testIds: readonly string[]) {
  await expect
    .poll(async () => {
      for (const id of testIds) if (await page.getByTestId(id).first().isVisible()) return true;
      return false;
    })
    .toBe(true);
}

async function openAdmin(viewport: { width: number; height: number }, path: string): Promise<Page> {
  const page = await stack.newPage({ viewport });
  await stack.signIn(page, admin.email, admin.password);
  await page.goto(path);
  await page.getByTestId('topic-card').first().waitFor({ timeout: 15_000 });
  return page;
}

describe('the admin area in English and Chinese passes axe-core', { timeout: 180_000 }, () => {
  for (const viewport of WIDTHS) {
    for (const language of LANGUAGES) {
      it(`${language.path} at ${viewport.width}px`, async () => {
        const page = await openAdmin(viewport, language.path);
        expect(await page.locator('html').getAttribute('lang')).toBe(language.lang);
        expect(await page.getByRole('heading', { level: 1 }).textContent()).toBe(language.title);
        await expectAccessible(page, `${language.path} topics`);

        await page.getByRole('tab', { name: language.tabs.datasources }).click();
        const row = page.getByTestId('ds-row').filter({ hasText: 'Robots blog' });
        await expect.poll(() => row.getByTestId('ds-status').textContent()).toBe(language.pending);
        const failing = page.getByTestId('ds-row').filter({ hasText: 'Robots accounts' });
        expect(await failing.getByTestId('ds-status').textContent()).toBe(language.failing);
        await expectAccessible(page, `${language.path} data sources`);

        await page.getByTestId('ds-add').click();
        await page.getByTestId('ds-submit').waitFor();
        await expectAccessible(page, `${language.path} add data source dialog`);
        await page.keyboard.press('Escape');
        await page.getByTestId('ds-submit').waitFor({ state: 'detached' });

        for (const [tab, testIds] of Object.entries(TAB_CONTENT) as [
          keyof typeof TAB_CONTENT,
          readonly string[],
        ][]) {
          await page.getByRole('tab', { name: language.tabs[tab] }).click();
          await seeAny(page, testIds);
          await expectAccessible(page, `${language.path} ${tab}`);
        }

        // The blog post form and a confirmation step, as dialogs.
        await page.getByRole('button', { name: language.newPost }).click();
        await page.getByRole('dialog').waitFor();
        await expectAccessible(page, `${language.path} new blog post dialog`);
        await page.keyboard.press('Escape');
        await page.getByRole('dialog').waitFor({ state: 'detached' });
        await page.getByRole('button', { name: language.cleanup }).click();
        await page.getByTestId('confirm-action').waitFor();
        await expectAccessible(page, `${language.path} cleanup confirmation`);
        await page.context().close();
      });
    }
  }

  it('links the navigation to the admin area in the current language', async () => {
    const page = await stack.newPage({ viewport: WIDTHS[0] });
    await stack.signIn(page, admin.email, admin.password);
    for (const language of LANGUAGES) {
      await page.goto(language.path === '/admin' ? '/pricing' : '/zh/pricing');
      const link = page.getByRole('link', { name: language.navLink, exact: true });
      await expect.poll(() => link.getAttribute('href'), { timeout: 15_000 }).toBe(language.path);
      await link.click();
      await page.waitForURL((url) => url.pathname === language.path);
      await expect
        .poll(() => page.getByRole('heading', { level: 1 }).textContent(), { timeout: 15_000 })
        .toBe(language.title);
    }
    await page.context().close();
  });
});
