import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { expectAccessible } from './axe.ts';
import { type Stack, startStack, uniqueEmail } from './harness.ts';
import { pageScrollWidth } from './page-checks.ts';

// A podcast the worker could not speak: readers see "Audio not available", why, and the transcript
// (English and Chinese, 320 px, axe); admins see the reason, the engine the worker spoke with, and
// make it again. The rows are written here as the podcast worker writes them (no worker runs).

let stack: Stack;
const DATE = '2026-03-12';
const stamp = Date.now().toString(36);
const topicName = `Unspoken ${stamp}`;
let failedId: string;

beforeAll(async () => {
  stack = await startStack();
  const topic = await stack.prisma.topic.create({
    data: { name: topicName, nameZh: `未朗读 ${stamp}`, slug: `unspoken-${stamp}` },
  });
  await stack.prisma.summary.create({
    data: {
      topicId: topic.id,
      language: 'EN',
      summaryType: 'blog_post',
      headline: 'Open models close the gap',
      content: 'Open models close the gap. The details are in the source.',
      createdAt: new Date(`${DATE}T12:00:00Z`),
    },
  });
  const failed = (language: 'EN' | 'ZH', transcript: string) =>
    stack.prisma.podcastTask.create({
      data: {
        topicId: topic.id,
        targetDate: new Date(`${DATE}T00:00:00Z`),
        language,
        status: 'failed',
        startedAt: new Date(),
        transcript,
        errorMessage: 'No speech engine: PODCAST_TTS_ENGINE=none',
        metadata: {
          topic_name: topicName,
          failure_reason: 'no_speech_engine',
          tts_engine: 'none',
          tts_reason: 'PODCAST_TTS_ENGINE=none',
          encoder: 'lamejs',
        },
      },
    });
  failedId = (await failed('EN', `${topicName} for ${DATE}. Story 1: Open models close the gap.`)).id;
  await failed('ZH', `${topicName}，${DATE}。第1条：开源模型与商业系统的差距正在缩小。`);
}, 120_000);

afterAll(async () => {
  await stack?.stop();
});

describe('/daily-podcast', () => {
  it('says audio is not available and why, and the transcript can be read, on a 320 px screen', async () => {
    const user = await stack.createUser({ email: uniqueEmail('no-audio') });
    const page = await stack.newPage({ viewport: { width: 320, height: 720 } });
    await stack.signIn(page, user.email, user.password);
    await page.goto(`/daily-podcast?date=${DATE}`);
    const card = page.getByTestId('podcast-card').filter({ hasText: topicName });
    await expect.poll(() => card.isVisible(), { timeout: 15_000 }).toBe(true);
    expect(await card.getByTestId('podcast-unavailable').textContent()).toBe('Audio not available');
    expect(await card.getByTestId('podcast-unavailable-reason').textContent()).toBe(
      'No speech engine was set up on the server when this podcast was made. You can read its transcript.',
    );
    expect(await card.getByRole('button', { name: 'Play' }).count()).toBe(0);
    await card.getByRole('button', { name: 'Show transcript' }).click();
    await expect
      .poll(() => card.getByTestId('podcast-transcript').textContent())
      .toContain('Story 1: Open models close the gap.');
    expect(await pageScrollWidth(page)).toBeLessThanOrEqual(320);
    await expectAccessible(page, 'podcast without audio');
    if (process.env.PODCAST_SCREENSHOTS)
      await page.screenshot({ path: `${process.env.PODCAST_SCREENSHOTS}/no-audio-320.png`, fullPage: true });

    await page.goto(`/zh/daily-podcast?date=${DATE}`);
    const zh = page.getByTestId('podcast-card').filter({ hasText: `未朗读 ${stamp}` });
    await expect.poll(() => zh.isVisible(), { timeout: 15_000 }).toBe(true);
    expect(await zh.getByTestId('podcast-unavailable').textContent()).toBe('音频不可用');
    expect(await zh.getByTestId('podcast-unavailable-reason').textContent()).toBe(
      '生成本期播客时服务器没有配置语音引擎。可以阅读文字稿。',
    );
    expect(await pageScrollWidth(page)).toBeLessThanOrEqual(320);
    await expectAccessible(page, 'podcast without audio zh');
    await page.context().close();
  });
});

describe('admin Podcasts tab', () => {
  it('shows the speech engine and why a podcast has no audio, and makes it again', async () => {
    const admin = await stack.createUser({ email: uniqueEmail('no-audio-admin'), role: 'admin' });
    const page = await stack.newPage({ viewport: { width: 1280, height: 900 } });
    page.setDefaultTimeout(20_000);
    await stack.signIn(page, admin.email, admin.password);
    await page.goto('/admin');
    await page.getByRole('tab', { name: 'Podcasts' }).click();
    const engine = page.getByTestId('podcast-speech-engine');
    await expect.poll(() => engine.getAttribute('data-engine')).toBe('none');
    await expect.poll(() => engine.textContent()).toContain('every podcast fails with “no speech engine”');
    expect(await engine.textContent()).toContain('PODCAST_TTS_ENGINE=none');
    const row = page
      .getByTestId('podcast-task')
      .filter({ hasText: topicName })
      .filter({ hasText: 'English' });
    await expect.poll(() => row.getByTestId('podcast-status').textContent()).toBe('Failed');
    expect(await row.getByTestId('podcast-failure-reason').textContent()).toBe(
      'No audio: the worker had no speech engine',
    );
    expect(await row.getByTestId('podcast-engine').textContent()).toBe('none');
    await expectAccessible(page, 'admin podcasts without audio');
    if (process.env.PODCAST_SCREENSHOTS)
      await page.screenshot({
        path: `${process.env.PODCAST_SCREENSHOTS}/admin-no-audio.png`,
        fullPage: true,
      });

    await row.getByTestId('podcast-rerun').click();
    await expect
      .poll(() => page.getByTestId('podcast-result').filter({ hasText: topicName }).allTextContents())
      .toEqual([`${topicName} · English: queued`]);
    // Back in the queue (no worker runs here): waiting, without the old failure.
    await expect.poll(() => row.getByTestId('podcast-status').textContent()).toBe('Waiting');
    expect(await row.getByTestId('podcast-failure-reason').count()).toBe(0);
    expect((await stack.prisma.podcastTask.findUniqueOrThrow({ where: { id: failedId } })).status).toBe(
      'pending',
    );

    await page.setViewportSize({ width: 320, height: 720 });
    await page.goto('/zh/admin');
    await page.getByRole('tab', { name: '播客' }).click();
    // /zh/admin names the topic by its Chinese name.
    const zhRow = page
      .getByTestId('podcast-task')
      .filter({ hasText: `未朗读 ${stamp}` })
      .filter({ hasText: '中文' });
    await expect
      .poll(() => zhRow.getByTestId('podcast-failure-reason').textContent())
      .toBe('无音频：工作进程没有语音引擎');
    await expect.poll(() => engine.textContent()).toContain('工作进程没有语音引擎');
    expect(await pageScrollWidth(page)).toBeLessThanOrEqual(320);
    await expectAccessible(page, 'admin podcasts without audio zh 320');
    if (process.env.PODCAST_SCREENSHOTS)
      await page.screenshot({
        path: `${process.env.PODCAST_SCREENSHOTS}/admin-no-audio-zh-320.png`,
        fullPage: true,
      });
    await page.context().close();
  });
});
