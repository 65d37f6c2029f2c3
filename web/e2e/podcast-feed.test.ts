import { mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { expectAccessible } from './axe.ts';
import { type Stack, startStack, uniqueEmail } from './harness.ts';
import { pageScrollWidth, tabTo } from './page-checks.ts';

// The private podcast feed on /daily-podcast: a signed-in reader makes the URL, picks its languages and
// topics from the keyboard, copies and opens it, replaces and turns it off; in English and Chinese,
// axe-clean, and fitting a 320 px screen.

let stack: Stack;
let storageDir: string;
let topic = { id: '', name: '' };

beforeAll(async () => {
  storageDir = await mkdtemp(path.join(tmpdir(), 'e2e-podcast-feed-'));
  stack = await startStack({ gatewayEnv: { STORAGE_DIR: storageDir } });
  const name = `Feed Topic ${Date.now().toString(36)}`;
  const row = await stack.prisma.topic.create({
    data: { name, slug: `feed-topic-${Date.now()}`, nameZh: `订阅主题 ${Date.now().toString(36)}` },
  });
  topic = { id: row.id, name };
  const task = await stack.prisma.podcastTask.create({
    data: {
      topicId: row.id,
      targetDate: new Date('2026-03-10T00:00:00Z'),
      language: 'EN',
      status: 'completed',
      completedAt: new Date(),
      transcript: 'Welcome to the feed.',
      metadata: { duration_seconds: 2 },
    },
  });
  const file = path.join(storageDir, 'podcast-audio', task.id, 'final_podcast.mp3');
  await mkdir(path.dirname(file), { recursive: true });
  await writeFile(file, Buffer.alloc(4096, 7));
}, 180_000);

afterAll(async () => {
  await stack?.stop();
  if (storageDir) await rm(storageDir, { recursive: true, force: true });
});

async function signedInPage(): Promise<Page> {
  const user = await stack.createUser({ email: uniqueEmail('podcast-feed') });
  const page = await stack.newPage();
  await stack.signIn(page, user.email, user.password);
  return page;
}

const local = (url: string) => new URL(new URL(url).pathname + new URL(url).search, stack.baseUrl).toString();

describe('the podcast feed card', { timeout: 120_000 }, () => {
  it('makes the URL, chooses languages and topics from the keyboard, copies, opens and turns it off', async () => {
    const page = await signedInPage();
    await page.context().grantPermissions(['clipboard-read', 'clipboard-write'], { origin: stack.baseUrl });
    await page.goto('/daily-podcast');
    const card = page.getByTestId('podcast-feed-card');
    await card.getByText('Follow in a podcast app').waitFor();
    await expectAccessible(page, 'podcast page before the feed URL');

    await tabTo(page, 'podcast-feed-create', 60);
    await page.keyboard.press('Enter');
    const input = card.getByTestId('podcast-feed-url');
    await expect.poll(() => input.inputValue()).toMatch(/\/api\/podcasts\/feed\/[\w-]{43}\?lang=en$/);
    const first = await input.inputValue();
    await expectAccessible(page, 'podcast page with the feed URL');

    // Chinese too, from the keyboard.
    await tabTo(page, 'podcast-feed-lang-zh', 60);
    await page.keyboard.press('Space');
    await expect.poll(() => input.inputValue()).toBe(`${first.replace(/\?.*$/, '')}?lang=en,zh`);
    // One topic, picked by typing and Enter.
    await card.getByTestId('podcast-feed-topics').focus();
    await page.keyboard.type(topic.name.slice(0, 12));
    await page.keyboard.press('ArrowDown');
    await page.keyboard.press('Enter');
    await page.keyboard.press('Escape');
    await expect.poll(() => input.inputValue()).toContain(`&topics=${topic.id}`);
    const chosen = await input.inputValue();
    if (process.env.PODCAST_SCREENSHOTS)
      await page.screenshot({ path: `${process.env.PODCAST_SCREENSHOTS}/feed-desktop.png`, fullPage: true });

    await tabTo(page, 'podcast-feed-copy', 60);
    await page.keyboard.press('Enter');
    await expect.poll(() => card.getByTestId('podcast-feed-copy').textContent()).toContain('Copied');
    expect(
      await page.evaluate(() =>
        (
          globalThis as unknown as { navigator: { clipboard: { readText(): Promise<string> } } }
        ).navigator.clipboard.readText(),
      ),
    ).toBe(chosen);
    const open = card.getByTestId('podcast-feed-open');
    expect(await open.getAttribute('href')).toBe(chosen);
    expect(await open.getAttribute('target')).toBe('_blank');

    // What a podcast app gets from that URL: the feed with this topic's episode.
    const feed = await page.request.get(local(chosen));
    expect(feed.status()).toBe(200);
    expect(feed.headers()['content-type']).toContain('application/rss+xml');
    expect(await feed.text()).toContain(`${topic.name} · 2026-03-10`);

    // A new URL ends the old one.
    await card.getByTestId('podcast-feed-regenerate').click();
    await expect.poll(() => input.inputValue()).not.toContain(first.replace(/\?.*$/, ''));
    expect((await page.request.get(local(chosen))).status()).toBe(404);

    await card.getByTestId('podcast-feed-revoke').click();
    await card.getByTestId('podcast-feed-create').waitFor();
    expect(await card.getByTestId('podcast-feed-url').count()).toBe(0);
    await page.context().close();
  });

  it('reads in Chinese, passes axe and fits a 320 px screen', async () => {
    const page = await signedInPage();
    await page.setViewportSize({ width: 320, height: 640 });
    await page.goto('/zh/daily-podcast');
    const card = page.getByTestId('podcast-feed-card');
    await card.getByText('在播客应用中收听').waitFor();
    await card.getByTestId('podcast-feed-create').click();
    const input = card.getByTestId('podcast-feed-url');
    // The page's language is the feed's first.
    await expect.poll(() => input.inputValue()).toMatch(/\?lang=zh$/);
    await card.getByTestId('podcast-feed-copy').waitFor();
    expect(await card.getByTestId('podcast-feed-open').textContent()).toBe('打开订阅源');
    await expectAccessible(page, 'zh podcast page with the feed URL at 320 px');
    if (process.env.PODCAST_SCREENSHOTS)
      await page.screenshot({ path: `${process.env.PODCAST_SCREENSHOTS}/feed-320.png`, fullPage: true });
    await expect.poll(() => pageScrollWidth(page)).toBeLessThanOrEqual(320);
    const box = await card.boundingBox();
    expect((box?.x ?? -1) >= 0 && (box?.x ?? 0) + (box?.width ?? 999) <= 320).toBe(true);
    await page.context().close();
  });
});
