import { type FakeOpenAI, startFakeOpenAI } from '@app/testing';
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { expectAccessible } from './axe.ts';
import { contentGenerationWorker, type Stack, startStack, uniqueEmail } from './harness.ts';

// Generate for visitors, the generator page (500-character limit, post mode, preview language), the
// history's pickers, platform order and overflow chips, the favourites load failure and the
// language-filter debug counts.

let stack: Stack;
let openai: FakeOpenAI;
const ids = { robotics: '', gardening: '', blogSummary: '', youtubeSummary: '', gardenSummary: '' };
const CHANNEL = 'Spec Robot Channel';
const BLOG_HEADLINE = 'Small robots learn to grip soft fruit';
const ZH_HEADLINE = '小型机器人学会抓取软水果';

beforeAll(async () => {
  openai = await startFakeOpenAI({
    chat: async (request) => {
      const system = String(request.messages[0]?.content ?? '');
      const platform = /LinkedIn|tweet/.exec(system)?.[0] ?? 'post';
      return { content: `Post-mode ${platform} copy about grippers.`, hashtags: ['Robots'] };
    },
  });
  stack = await startStack({
    workers: [contentGenerationWorker(openai.baseURL)],
  });
  const { prisma } = stack;
  const robotics = await prisma.topic.create({
    data: { slug: `spec-robotics-${Date.now()}`, name: 'Spec Robotics', nameZh: '机器人规格' },
  });
  const gardening = await prisma.topic.create({
    data: { slug: `spec-gardening-${Date.now()}`, name: 'Spec Gardening', nameZh: '园艺规格' },
  });
  // Created in neither the database's enum order nor the spec's.
  const sources: Record<string, string> = {};
  for (const [platform, name] of [
    ['reddit', 'Spec Reddit'],
    ['twitter', 'Spec Twitter'],
    ['youtube', CHANNEL],
    ['podcast', 'Spec Podcast'],
    ['blog', 'Spec Blog'],
    ['wechat', 'Spec Wechat'],
  ] as const) {
    const row = await prisma.datasource.create({
      data: {
        topicId: robotics.id,
        platform,
        sourceName: name,
        sourceUrl: `https://example.com/${platform}`,
      },
    });
    sources[platform] = row.id;
  }
  const gardenBlog = await prisma.datasource.create({
    data: {
      topicId: gardening.id,
      platform: 'blog',
      sourceName: 'Garden Blog',
      sourceUrl: 'https://g.example.com',
    },
  });
  const summary = (data: {
    headline: string;
    language?: 'EN' | 'ZH';
    summaryType: 'blog_post' | 'youtube_video';
    topicId: string;
    datasourceId: string;
    platform: string;
    sourceName: string;
  }) =>
    prisma.summary.create({
      data: {
        headline: data.headline,
        content: `${data.headline}. A longer account of what happened this week, with the details.`,
        summaryType: data.summaryType,
        language: data.language ?? 'EN',
        sourceUrls: ['https://example.com/story'],
        metadata: { platform: data.platform, source_name: data.sourceName },
        topicId: data.topicId,
        datasourceId: data.datasourceId,
      },
    });
  ids.robotics = robotics.id;
  ids.gardening = gardening.id;
  ids.blogSummary = (
    await summary({
      headline: BLOG_HEADLINE,
      summaryType: 'blog_post',
      topicId: robotics.id,
      datasourceId: sources.blog!,
      platform: 'blog',
      sourceName: 'Spec Blog',
    })
  ).id;
  await summary({
    headline: ZH_HEADLINE,
    language: 'ZH',
    summaryType: 'blog_post',
    topicId: robotics.id,
    datasourceId: sources.blog!,
    platform: 'blog',
    sourceName: 'Spec Blog',
  });
  ids.youtubeSummary = (
    await summary({
      headline: 'A robot arm folds laundry on camera',
      summaryType: 'youtube_video',
      topicId: robotics.id,
      datasourceId: sources.youtube!,
      platform: 'youtube',
      sourceName: CHANNEL,
    })
  ).id;
  ids.gardenSummary = (
    await summary({
      headline: 'Tomatoes ripen early this year',
      summaryType: 'blog_post',
      topicId: gardening.id,
      datasourceId: gardenBlog.id,
      platform: 'blog',
      sourceName: 'Garden Blog',
    })
  ).id;
}, 120_000);

afterAll(async () => {
  await stack?.stop();
  await openai?.close();
});

/** Signs in on the /auth form the page is on now (keeping its redirect). */
async function signInHere(page: Page, email: string, password: string, zh = false) {
  await page.getByLabel(zh ? '邮箱' : 'Email').fill(email);
  await page.getByLabel(zh ? '密码' : 'Password', { exact: true }).fill(password);
  await page.getByTestId('auth-submit').click();
}

async function proPage(label: string, viewport?: { width: number; height: number }) {
  const user = await stack.createUser({
    email: uniqueEmail(label),
    password: 'a-good-password',
    plan: 'pro',
  });
  const page = await stack.newPage(viewport ? { viewport } : undefined);
  await stack.signIn(page, user.email, user.password);
  return { user, page };
}

const fitsWidth = (page: Page) =>
  page.evaluate<boolean>('document.documentElement.scrollWidth <= window.innerWidth');

describe('Generate for visitors', () => {
  it('a visitor on a YouTube page clicks Generate, signs in at /auth and comes back to the channel', async () => {
    const user = await stack.createUser({
      email: uniqueEmail('e2e-visitor-yt'),
      password: 'a-good-password',
    });
    const page = await stack.newPage();
    await page.goto(`/youtube/${encodeURIComponent(CHANNEL)}`);
    const card = page.getByTestId('summary-card').filter({ hasText: 'robot arm folds laundry' });
    await card.getByTestId('summary-toggle').click();
    await card.getByRole('button', { name: 'Generate content' }).click();
    await page.waitForURL((url) => url.pathname === '/auth');
    const redirect = new URL(page.url()).searchParams.get('redirect');
    expect(redirect).toBe(`/youtube/${encodeURIComponent(CHANNEL)}`);
    await signInHere(page, user.email, user.password);
    await page.waitForURL((url) => url.pathname === `/youtube/${encodeURIComponent(CHANNEL)}`, {
      timeout: 15_000,
    });
    await expect.poll(() => page.getByTestId('youtube-title').textContent()).toBe(CHANNEL);
  });

  it('a visitor on the Chinese summary page goes to /zh/auth and back to the same filters', async () => {
    const user = await stack.createUser({
      email: uniqueEmail('e2e-visitor-zh'),
      password: 'a-good-password',
    });
    const page = await stack.newPage();
    await page.goto(`/zh/content-summary?topic=${ids.robotics}`);
    const card = page.getByTestId('summary-card').filter({ hasText: ZH_HEADLINE });
    await card.getByTestId('summary-toggle').click();
    const generate = card.getByRole('button', { name: '生成内容' });
    await generate.waitFor();
    await expectAccessible(page, 'summary page with an expanded card, visitor (zh)');
    await generate.click();
    await page.waitForURL((url) => url.pathname === '/zh/auth');
    expect(new URL(page.url()).searchParams.get('redirect')).toContain(`topic=${ids.robotics}`);
    await signInHere(page, user.email, user.password, true);
    await page.waitForURL((url) => url.pathname === '/zh/content-summary', { timeout: 15_000 });
    expect(new URL(page.url()).searchParams.get('topic')).toBe(ids.robotics);
  });

  it('an unsafe redirect is dropped: signing in lands at home, not on another site', async () => {
    const user = await stack.createUser({ email: uniqueEmail('e2e-redirect'), password: 'a-good-password' });
    const page = await stack.newPage();
    await page.goto(`/auth?redirect=${encodeURIComponent('/%2F%2Fevil.example')}`);
    await signInHere(page, user.email, user.password);
    await page.waitForURL((url) => !url.pathname.endsWith('/auth'), { timeout: 15_000 });
    const url = new URL(page.url());
    expect(url.origin).toBe(stack.baseUrl);
    expect(url.pathname).toBe('/');
  });
});

describe('content generator page', () => {
  it('enforces the 500-character limit in the page, at 320 px and accessibly', async () => {
    const { page } = await proPage('e2e-gen-limit', { width: 320, height: 800 });
    await page.goto(`/content-generator?summary_id=${ids.blogSummary}`);
    await expect.poll(() => page.getByTestId('generation-source').textContent()).toContain(BLOG_HEADLINE);
    const input = page.getByTestId('generation-user-input');
    const submit = page.getByTestId('generation-submit');
    await input.fill('x'.repeat(501));
    await expect.poll(() => page.getByTestId('generation-input-counter').textContent()).toBe('501 / 500');
    expect(await submit.isDisabled()).toBe(true);
    await page.getByText('At most 500 characters').waitFor();
    await expectAccessible(page, 'generator with too-long instructions');
    expect(await fitsWidth(page)).toBe(true);
    await input.fill('x'.repeat(500));
    await expect.poll(() => submit.isEnabled()).toBe(true);
  });

  it('post mode sends POST /api/generate/post with the instructions and shows the results', async () => {
    const { user, page } = await proPage('e2e-gen-post');
    const queued: string[] = [];
    page.on('request', (request) => {
      if (request.method() === 'POST' && new URL(request.url()).pathname === '/api/generation-tasks') {
        queued.push(request.url());
      }
    });
    await page.goto('/content-generator');
    expect(await page.getByTestId('content-generator').getAttribute('data-mode')).toBe('post');
    await page.getByRole('radio', { name: BLOG_HEADLINE }).check();
    await page.getByRole('button', { name: 'Next: configure' }).click();
    // The preview in post mode: platform and topic names as well as the title.
    await expect.poll(() => page.getByTestId('generation-source-platform').textContent()).toBe('Blog');
    expect(await page.getByTestId('generation-source-topic').textContent()).toBe('Spec Robotics');
    await page.getByTestId('generation-user-input').fill('  Mention the grippers.  ');
    const [request] = await Promise.all([
      page.waitForRequest((r) => r.method() === 'POST' && new URL(r.url()).pathname === '/api/generate/post'),
      page.getByTestId('generation-submit').click(),
    ]);
    expect(request.postDataJSON()).toMatchObject({
      post_id: ids.blogSummary,
      target_platforms: ['linkedin', 'twitter'],
      tone: 'engaging',
      include_hashtags: true,
      user_input: 'Mention the grippers.',
      user_language: 'en',
    });
    const results = page.getByTestId('generation-result');
    await expect.poll(() => results.count(), { timeout: 30_000 }).toBe(2);
    expect(await results.nth(0).textContent()).toContain('Post-mode LinkedIn copy');
    expect(queued).toEqual([]);
    const task = await stack.prisma.contentGenerationQueue.findFirstOrThrow({ where: { userId: user.id } });
    expect(task.userInput).toBe('Mention the grippers.');
    expect(task.status).toBe('completed');
  }, 60_000);

  it('the Chinese preview shows the topic’s Chinese name and the platform’s display name', async () => {
    const { page } = await proPage('e2e-gen-zh');
    await page.goto(`/zh/content-generator?summary_id=${ids.blogSummary}`);
    await expect.poll(() => page.getByTestId('generation-source-topic').textContent()).toBe('机器人规格');
    expect(await page.getByTestId('generation-source-platform').textContent()).toBe('博客');
  });
});

describe('content history filters', () => {
  it('topic and data source are selects fed from the API, and they filter the tasks', async () => {
    const { user, page } = await proPage('e2e-history', { width: 320, height: 900 });
    for (const summaryId of [ids.blogSummary, ids.gardenSummary]) {
      await stack.prisma.contentGenerationQueue.create({
        data: {
          userId: user.id,
          summaryId,
          status: 'completed',
          targetPlatforms: ['twitter'],
          progress: 100,
        },
      });
    }
    await page.goto('/content-history');
    await expect.poll(() => page.getByTestId('history-task').count()).toBe(2);
    await page.getByRole('button', { name: 'Filters' }).click();

    const topic = page.getByRole('combobox', { name: 'Topic' });
    await topic.click();
    await expect
      .poll(() => page.getByRole('option').allTextContents())
      .toEqual(['Spec Gardening', 'Spec Robotics']);
    const [listRequest] = await Promise.all([
      page.waitForRequest((r) => new URL(r.url()).searchParams.get('topic') === ids.gardening),
      page.getByRole('option', { name: 'Spec Gardening' }).click(),
    ]);
    expect(new URL(listRequest.url()).pathname).toBe('/api/generation-tasks');
    await expect.poll(() => page.getByTestId('history-task').count()).toBe(1);
    await expect.poll(() => page.getByTestId('history-task').textContent()).toContain('Tomatoes ripen');

    // The data source list follows the chosen topic.
    await page.getByRole('combobox', { name: 'Data source' }).click();
    await expect.poll(() => page.getByRole('option').allTextContents()).toEqual(['Garden Blog · Blog']);
    await page.getByRole('option', { name: 'Garden Blog · Blog' }).click();
    await expect.poll(() => page.getByTestId('history-task').count()).toBe(1);
    await expectAccessible(page, 'history with the filters open');
    expect(await fitsWidth(page)).toBe(true);

    // By keyboard: another topic, typed to narrow the list, then arrow and Enter.
    await topic.focus();
    await page.keyboard.press('ControlOrMeta+A');
    await page.keyboard.type('Robotics');
    await expect.poll(() => page.getByRole('option').allTextContents()).toEqual(['Spec Robotics']);
    await page.keyboard.press('ArrowDown');
    await page.keyboard.press('Enter');
    await expect.poll(() => topic.inputValue()).toBe('Spec Robotics');
    await expect.poll(() => page.getByTestId('history-task').count()).toBe(1);
    await expect.poll(() => page.getByTestId('history-task').textContent()).toContain(BLOG_HEADLINE);
  });
});

describe('content history in both languages', () => {
  it('turns Chinese while it shows, from the language menu: counters, status and style, retries with their figures', async () => {
    const { user, page } = await proPage('e2e-history-language');
    await stack.prisma.contentGenerationQueue.create({
      data: {
        userId: user.id,
        summaryId: ids.blogSummary,
        status: 'failed',
        style: 'casual',
        targetPlatforms: ['twitter'],
        retryCount: 2,
        maxRetries: 3,
        errorMessage: 'The model did not answer',
      },
    });
    await page.goto('/content-history');
    const task = page.getByTestId('history-task');
    await expect.poll(() => task.count()).toBe(1);
    await expect.poll(() => page.getByTestId('history-counter-total').textContent()).toContain('Total tasks');
    expect(await task.textContent()).toContain('Failed');
    expect(await task.textContent()).toContain('Casual');
    expect(await page.getByTestId('history-retries').textContent()).toBe('Retries 2/3');

    await page.getByTestId('language-menu').click();
    await page.getByRole('menuitem', { name: '中文' }).click();
    await page.waitForURL((url) => url.pathname === '/zh/content-history');
    await expect.poll(() => page.getByTestId('history-counter-total').textContent()).toContain('任务总数');
    expect(await task.textContent()).toContain('失败');
    expect(await task.textContent()).toContain('轻松');
    expect(await page.getByTestId('history-retries').textContent()).toBe('重试 2/3');
    await expectAccessible(page, 'content history after switching to Chinese');

    await page.getByTestId('language-menu').click();
    await page.getByRole('menuitem', { name: 'English' }).click();
    await expect.poll(() => page.getByTestId('history-retries').textContent()).toBe('Retries 2/3');
  });
});

describe('summary page details', () => {
  it('the platform filter says “+N more” in both languages, chips in the spec order', async () => {
    const page = await stack.newPage();
    await page.goto('/content-summary');
    await page.getByTestId('platform-filter').click();
    for (const name of ['Reddit', 'Podcast', 'YouTube', 'Blog', 'WeChat']) {
      await page.getByRole('checkbox', { name, exact: true }).check();
    }
    await page.keyboard.press('Escape');
    await expect.poll(() => page.getByTestId('platform-more').textContent()).toBe('+2 more');
    expect(await page.getByTestId('platform-chip').allTextContents()).toEqual(['Blog', 'WeChat', 'YouTube']);
    await expectAccessible(page, 'summary page with five platforms chosen');
    const platforms = new URL(page.url()).searchParams.get('platforms');
    await page.goto(`/zh/content-summary?platforms=${platforms}`);
    await expect.poll(() => page.getByTestId('platform-more').textContent()).toBe('另有 2 个');
  });

  it('lists platforms in the source tree in the spec order', async () => {
    const page = await stack.newPage({ viewport: { width: 1280, height: 900 } });
    await page.goto('/content-summary');
    const tree = page.getByTestId('source-tree');
    await tree.getByText('Spec Robotics', { exact: true }).click();
    await expect
      .poll(() =>
        tree
          .locator('[data-testid="tree-platform"]:visible')
          .evaluateAll((nodes) => nodes.map((n) => n.getAttribute('data-platform'))),
      )
      .toEqual(['blog', 'wechat', 'youtube', 'podcast', 'twitter', 'reddit']);
  });

  it('favourites that fail to load show one toast', async () => {
    const { page } = await proPage('e2e-fav-fail');
    await page.route('**/api/favorites/**', (route) =>
      route.request().method() === 'GET'
        ? route.fulfill({
            status: 500,
            contentType: 'application/json',
            body: JSON.stringify({ error: { code: 'INTERNAL', message: 'Internal server error' } }),
          })
        : route.continue(),
    );
    await page.goto('/content-summary');
    // Server errors are retried three times (1 + 2 + 4 s) before the query counts as failed.
    await expect
      .poll(() => page.getByText('Failed to fetch data', { exact: true }).count(), { timeout: 20_000 })
      .toBe(1);
    await page.waitForTimeout(500);
    expect(await page.getByText('Failed to fetch data', { exact: true }).count()).toBe(1);
    await expectAccessible(page, 'summary page with the favourites toast');
  }, 60_000);
});

describe('language-filter debug page', () => {
  it('compares what the filters return with the spec’s expected counts', async () => {
    const page = await stack.newPage();
    await page.goto('/language-filter-test');
    const summaries = page.getByTestId('language-check-summaries');
    await expect.poll(() => summaries.getByTestId('expected').textContent()).toBe('176 ± 5');
    const englishSummaries = await stack.prisma.summary.count({ where: { language: 'EN' } });
    expect(await summaries.getByTestId('actual').textContent()).toBe(String(englishSummaries));
    // Three summaries are not 176 ± 5: the check fails rather than comparing the results with themselves.
    expect(await summaries.getByTestId('check-status').textContent()).toBe('error');
    expect(await page.getByTestId('language-pass-rate').textContent()).toBe('Pass rate 0%');
    await expectAccessible(page, 'language-filter test');
    await page.getByRole('button', { name: '中文' }).click();
    await expect
      .poll(() => page.getByTestId('language-check-datasources').getByTestId('expected').textContent())
      .toBe('453 ± 20');
    expect(await page.getByTestId('language-check-summaries').getByTestId('expected').textContent()).toBe(
      '370 ± 10',
    );
  });
});
