import { rename } from 'node:fs/promises';
import path from 'node:path';
import { createProducer, createQueueTransport } from '@app/queue';
import { waitFor } from '@app/testing';
import { chromium, type Browser, type Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CHROMIUM_ARGS, type Stack, startStack, uniqueEmail } from './harness.ts';
import { pageScrollWidth } from './page-checks.ts';

const DATE = '2026-03-10';
let stack: Stack;
let browser: Browser;
let topicName: string;

const EN = [
  'Open models close the gap with commercial systems. Several research labs released new open-weight language models this week, and benchmarks show them within a few points of the leading commercial systems.',
  'Indie founders share pricing lessons. Most of them found that annual plans with a clear discount improved retention, and raising prices did not reduce sign-ups as much as they feared.',
  'A new database engine focuses on simple operations. It runs as a single binary, stores data in one file and replicates to object storage, so backups take seconds.',
];
const ZH = [
  '开源模型与商业系统的差距正在缩小。本周多个研究实验室发布了新的开源语言模型，基准测试显示它们与领先的商业系统只差几个百分点。',
];

beforeAll(async () => {
  stack = await startStack({ podcastEngine: 'espeak' });
  // Chromium plays media without a click only with this policy; the test clicks anyway.
  browser = await chromium.launch({
    executablePath: '/usr/bin/chromium',
    args: [...CHROMIUM_ARGS, '--autoplay-policy=no-user-gesture-required'],
  });
  topicName = `Podcast Topic ${Date.now().toString(36)}`;
  const topic = await stack.prisma.topic.create({ data: { name: topicName, slug: `podcast-${Date.now()}` } });
  const rows = [
    ...[0, 1, 2].flatMap((copy) =>
      EN.map((text, i) => ({ text: copy ? `${text} Update ${copy}.` : text, i, language: 'EN' as const })),
    ),
    ...ZH.map((text, i) => ({ text, i, language: 'ZH' as const })),
  ];
  await stack.prisma.summary.createMany({
    data: rows.map(({ text, i, language }, n) => ({
      headline: text.split(/[.。]/)[0] as string,
      content: text,
      summaryType: 'blog_post' as const,
      language,
      topicId: topic.id,
      createdAt: new Date(`${DATE}T10:00:${String(n).padStart(2, '0')}Z`),
      metadata: { source_name: `Source ${i + 1}` },
    })),
  });
  const transport = createQueueTransport({
    redisUrl: stack.redisUrl,
    databaseUrl: stack.databaseUrl,
    prefix: stack.prefix,
  });
  const producer = createProducer(transport);
  await producer.enqueue('podcast-daily', { targetDate: DATE });
  await waitFor(
    async () =>
      (await stack.prisma.podcastTask.count({ where: { topicId: topic.id, status: 'completed' } })) === 2,
    { timeoutMs: 90_000, message: 'podcasts to be made' },
  );
  await producer.close();
  await transport.close();
}, 180_000);

afterAll(async () => {
  await browser?.close();
  await stack?.stop();
});

async function signedInPage(): Promise<Page> {
  const user = await stack.createUser({ email: uniqueEmail('podcast') });
  const context = await browser.newContext({ baseURL: stack.baseUrl });
  const page = await context.newPage();
  await stack.signIn(page, user.email, user.password);
  return page;
}

const audioState = (page: Page) =>
  page.getByTestId('podcast-audio').evaluate((el) => {
    const audio = el as unknown as {
      currentTime: number;
      playbackRate: number;
      paused: boolean;
      duration: number;
    };
    return {
      time: audio.currentTime,
      rate: audio.playbackRate,
      paused: audio.paused,
      duration: audio.duration,
    };
  });

describe('/daily-podcast', () => {
  it('asks visitors to sign in', async () => {
    const page = await stack.newPage();
    await page.goto('/daily-podcast');
    await expect.poll(() => page.getByText('Please login to access daily podcasts.').isVisible()).toBe(true);
    await page.goto('/zh/daily-podcast');
    await expect.poll(() => page.getByText('请登录后收听每日播客。').isVisible()).toBe(true);
    await page.context().close();
  });

  it('plays a podcast, skips forward 10 s, changes speed and the time advances', async () => {
    const page = await signedInPage();
    await page.goto(`/daily-podcast?date=${DATE}`);
    const card = page.getByTestId('podcast-card').filter({ hasText: topicName });
    await expect.poll(() => card.isVisible(), { timeout: 15_000 }).toBe(true);
    await expect.poll(() => page.getByTestId('podcast-group').first().textContent()).toContain('1 podcast');
    expect(await card.getByTestId('podcast-language').textContent()).toBe('English');

    await card.getByRole('button', { name: 'Play' }).click();
    await expect.poll(async () => (await audioState(page)).time, { timeout: 15_000 }).toBeGreaterThan(0.5);
    expect((await audioState(page)).paused).toBe(false);
    // The total comes from the file's metadata.
    const duration = (await audioState(page)).duration;
    expect(duration).toBeGreaterThan(30);
    await expect.poll(() => card.getByTestId('podcast-total').textContent()).not.toBe('0:00');

    const before = (await audioState(page)).time;
    await card.getByRole('button', { name: 'Forward 10 seconds' }).click();
    await expect.poll(async () => (await audioState(page)).time).toBeGreaterThanOrEqual(before + 9.5);
    await expect
      .poll(async () => Number((await card.getByTestId('podcast-elapsed').textContent())?.split(':')[1]))
      .toBeGreaterThanOrEqual(10);

    await card.getByText('1.5×').click();
    await expect.poll(async () => (await audioState(page)).rate).toBe(1.5);
    const atSpeed = (await audioState(page)).time;
    await expect
      .poll(async () => (await audioState(page)).time, { timeout: 10_000 })
      .toBeGreaterThan(atSpeed + 1);
    const shown = await card.getByTestId('podcast-elapsed').textContent();
    await expect
      .poll(() => card.getByTestId('podcast-elapsed').textContent(), { timeout: 10_000 })
      .not.toBe(shown);

    await card.getByRole('button', { name: 'Back 10 seconds' }).click();
    await card.getByRole('button', { name: 'Pause' }).click();
    await expect.poll(async () => (await audioState(page)).paused).toBe(true);
    // The button follows the element's 'pause' event, one render after the element itself.
    await expect.poll(() => card.getByRole('button', { name: 'Play' }).isVisible()).toBe(true);

    await card.getByRole('button', { name: 'Show transcript' }).click();
    if (process.env.PODCAST_SCREENSHOTS)
      await page.screenshot({ path: `${process.env.PODCAST_SCREENSHOTS}/desktop.png`, fullPage: true });
    await expect
      .poll(() => card.getByTestId('podcast-transcript').textContent())
      .toContain('Open models close the gap with commercial systems');
    await page.context().close();
  });

  it('says when audio is not available, and retries after an audio error', async () => {
    const silent = await stack.prisma.topic.create({
      data: { name: `${topicName} text-only`, slug: `text-only-${Date.now()}` },
    });
    await stack.prisma.podcastTask.create({
      data: {
        topicId: silent.id,
        targetDate: new Date(`${DATE}T00:00:00Z`),
        language: 'EN',
        status: 'completed',
        completedAt: new Date(),
        transcript: 'Text only.',
        metadata: { audio: false },
      },
    });
    const task = await stack.prisma.podcastTask.findFirstOrThrow({
      where: { topic: { name: topicName }, language: 'EN' },
    });
    const file = path.join(stack.storageDir!, 'podcast-audio', task.id, 'final_podcast.mp3');
    const page = await signedInPage();
    await page.goto(`/daily-podcast?date=${DATE}`);
    const textOnly = page.getByTestId('podcast-card').filter({ hasText: `${topicName} text-only` });
    await expect
      .poll(() => textOnly.getByTestId('podcast-unavailable').textContent(), { timeout: 15_000 })
      .toBe('Audio not available');
    await expect.poll(() => page.getByTestId('podcast-group').first().textContent()).toContain('2 podcasts');

    const card = page.getByTestId('podcast-card').filter({ hasText: topicName }).first();
    await rename(file, `${file}.away`);
    try {
      await card.getByRole('button', { name: 'Play' }).click();
      await expect
        .poll(() => card.getByTestId('podcast-audio-error').textContent(), { timeout: 15_000 })
        .toContain('The audio could not be played.');
    } finally {
      await rename(`${file}.away`, file);
    }
    await card.getByRole('button', { name: 'Retry' }).click();
    await expect.poll(async () => (await audioState(page)).time, { timeout: 15_000 }).toBeGreaterThan(0.3);
    expect(await card.getByTestId('podcast-audio-error').count()).toBe(0);
    await page.context().close();
    await stack.prisma.topic.delete({ where: { id: silent.id } });
  });

  it('fits a phone screen with the player open', async () => {
    const user = await stack.createUser({ email: uniqueEmail('podcast-mobile') });
    const context = await browser.newContext({
      baseURL: stack.baseUrl,
      viewport: { width: 375, height: 800 },
    });
    const page = await context.newPage();
    await stack.signIn(page, user.email, user.password);
    await page.goto(`/daily-podcast?date=${DATE}`);
    const card = page.getByTestId('podcast-card').filter({ hasText: topicName });
    await expect.poll(() => card.isVisible(), { timeout: 15_000 }).toBe(true);
    await card.getByRole('button', { name: 'Play' }).click();
    await expect.poll(() => card.getByTestId('podcast-controls').isVisible()).toBe(true);
    if (process.env.PODCAST_SCREENSHOTS)
      await page.screenshot({ path: `${process.env.PODCAST_SCREENSHOTS}/mobile.png`, fullPage: true });
    expect(await pageScrollWidth(page)).toBeLessThanOrEqual(375);
    await context.close();
  });

  it('shows the Chinese podcast in Chinese, and an empty day', async () => {
    const page = await signedInPage();
    await page.goto(`/zh/daily-podcast?date=${DATE}`);
    const card = page.getByTestId('podcast-card').filter({ hasText: topicName });
    await expect.poll(() => card.isVisible(), { timeout: 15_000 }).toBe(true);
    expect(await card.getByTestId('podcast-language').textContent()).toBe('中文');
    await expect.poll(() => card.getByRole('button', { name: '播放' }).isVisible()).toBe(true);
    await page.goto('/zh/daily-podcast?date=2020-01-01');
    await expect.poll(() => page.getByTestId('podcast-empty').textContent()).toContain('2020-01-01 没有播客');
    await page.context().close();
  });
});
