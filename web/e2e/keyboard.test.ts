import { mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { PODCAST_BUCKET } from '@app/contracts';
import { defaultPodcastAudioPath } from '@app/rules';
import { silentMp3 } from '@app/testing';
import type { Locator, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type Stack, startStack, uniqueEmail } from './harness.ts';

// One flow per area walked by keyboard only (Tab, Shift+Tab, Enter, Space, Escape, arrows; no
// clicks): home → topic → summary, a dialog's focus trap, the date pickers, the podcast player and
// the admin batch mode.

let stack: Stack;
let storageDir: string;
let topic: { id: string; name: string };
const podcastTopic = 'Keyboard Podcasts';

const utcDay = (offsetDays: number) =>
  new Date(Date.now() + offsetDays * 86_400_000).toISOString().slice(0, 10);

// The calendar's arrows move within the month shown (the days of the months around are hidden): on
// the first of a month, ArrowLeft from today goes nowhere. The date-picker tests then run the browser
// one day earlier, so the day before "today" is always in the same month.
const firstOfMonth = new Date().getUTCDate() === 1;
const browserToday = firstOfMonth ? -1 : 0;
/** The day the date-picker tests pick: the browser's day before today. */
const pickedDay = utcDay(browserToday - 1);
async function useBrowserToday(page: Page) {
  if (browserToday !== 0) await page.clock.setFixedTime(new Date(`${utcDay(browserToday)}T12:00:00Z`));
}

beforeAll(async () => {
  storageDir = await mkdtemp(path.join(tmpdir(), 'e2e-keyboard-'));
  stack = await startStack({ gatewayEnv: { STORAGE_DIR: storageDir } });
  topic = await stack.prisma.topic.create({
    data: { slug: 'keyboard-robots', name: 'Keyboard Robots', description: 'Robots', keywords: ['robots'] },
  });
  const source = await stack.prisma.datasource.create({
    data: {
      topicId: topic.id,
      platform: 'blog',
      sourceName: 'Robots blog',
      sourceUrl: 'https://robots.example.com/feed',
    },
  });
  const now = Date.now();
  await stack.prisma.summary.createMany({
    data: [0, 1, 2].map((n) => ({
      headline: `Robots learn to fold laundry ${n}`,
      content: `Researchers showed robot arms folding shirts, take ${n}.`,
      summaryType: 'blog_post' as const,
      language: 'EN' as const,
      topicId: topic.id,
      datasourceId: source.id,
      metadata: { source_name: source.sourceName, platform: 'blog' },
      createdAt: new Date(now - n * 60_000),
    })),
  });
  // Yesterday's podcast with a minute of (silent) audio in the gateway's storage.
  const other = await stack.prisma.topic.create({ data: { slug: 'keyboard-podcasts', name: podcastTopic } });
  const task = await stack.prisma.podcastTask.create({
    data: {
      topicId: other.id,
      targetDate: new Date(`${pickedDay}T00:00:00Z`),
      language: 'EN',
      status: 'completed',
      completedAt: new Date(),
      transcript: 'Silence.',
      metadata: { duration_seconds: 60 },
    },
  });
  const file = path.join(storageDir, PODCAST_BUCKET, defaultPodcastAudioPath(task.id));
  await mkdir(path.dirname(file), { recursive: true });
  await writeFile(file, silentMp3(2300));
});
afterAll(async () => {
  await stack?.stop();
  if (storageDir) await rm(storageDir, { recursive: true, force: true });
});

async function isFocused(locator: Locator): Promise<boolean> {
  if ((await locator.count()) === 0) return false;
  return locator
    .first()
    .evaluate((el: { ownerDocument: { activeElement: unknown } }) => el === el.ownerDocument.activeElement);
}

/** Presses Tab (or Shift+Tab) until `target` has the focus; fails after `max` presses. */
async function tabTo(page: Page, target: Locator, { back = false, max = 80 } = {}): Promise<void> {
  for (let i = 0; i < max; i += 1) {
    if (await isFocused(target)) return;
    await page.keyboard.press(back ? 'Shift+Tab' : 'Tab');
  }
  expect(await isFocused(target), `focus reached ${target} within ${max} presses`).toBe(true);
}

/** The focused element's accessible text and whether it sits inside the open dialog. */
async function focusInDialog(page: Page): Promise<boolean> {
  return page.evaluate(`!!document.activeElement?.closest('[role="dialog"]')`) as Promise<boolean>;
}

/** A visible focus indicator: an outline (Mantine's focus ring) on the focused element. */
async function focusRingShown(page: Page): Promise<boolean> {
  return page.evaluate(
    `(() => { const s = getComputedStyle(document.activeElement); return s.outlineStyle !== 'none' && parseFloat(s.outlineWidth) > 0; })()`,
  ) as Promise<boolean>;
}

async function signedInPage(role: 'user' | 'admin' = 'user'): Promise<Page> {
  const user = await stack.createUser({ email: uniqueEmail(`keys-${role}`), role });
  const page = await stack.newPage({ viewport: { width: 1280, height: 900 }, timezoneId: 'UTC' });
  await stack.signIn(page, user.email, user.password);
  return page;
}

describe('keyboard only', { timeout: 90_000 }, () => {
  it('home → topic → summary', async () => {
    const page = await stack.newPage({ viewport: { width: 1280, height: 900 }, timezoneId: 'UTC' });
    await page.goto('/');
    const card = page.locator(`[data-testid="topic-card"][data-topic="keyboard-robots"]`);
    await card.waitFor();
    await tabTo(page, card);
    expect(await focusRingShown(page)).toBe(true);
    await page.keyboard.press('Enter');
    await page.waitForURL(
      (url) => url.pathname === '/content-summary' && url.searchParams.get('topic') === topic.id,
    );
    const toggle = page.getByTestId('summary-toggle').first();
    await toggle.waitFor();
    await tabTo(page, toggle);
    await page.keyboard.press('Enter');
    await expect.poll(() => toggle.getAttribute('aria-expanded')).toBe('true');
    await page.keyboard.press('Space');
    await expect.poll(() => toggle.getAttribute('aria-expanded')).toBe('false');
    await page.context().close();
  });

  it('the suggest-source dialog keeps the focus inside and returns it to its button on Escape', async () => {
    const page = await signedInPage();
    await page.goto('/content-summary');
    const opener = page.getByRole('button', { name: 'Suggest a source' });
    await tabTo(page, opener);
    await page.keyboard.press('Enter');
    const dialog = page.getByRole('dialog');
    await dialog.waitFor();
    await expect.poll(() => focusInDialog(page)).toBe(true);
    for (let i = 0; i < 12; i += 1) {
      await page.keyboard.press('Tab');
      expect(await focusInDialog(page), `after ${i + 1} Tab presses`).toBe(true);
    }
    for (let i = 0; i < 12; i += 1) {
      await page.keyboard.press('Shift+Tab');
      expect(await focusInDialog(page), `after ${i + 1} Shift+Tab presses`).toBe(true);
    }
    await page.keyboard.press('Escape');
    await dialog.waitFor({ state: 'detached' });
    await expect.poll(() => isFocused(opener)).toBe(true);
    await page.context().close();
  });

  it('the generate dialog (from a summary card) traps the focus and returns it', async () => {
    const page = await signedInPage('admin');
    await page.goto('/content-summary');
    const toggle = page.getByTestId('summary-toggle').first();
    await toggle.waitFor();
    await tabTo(page, toggle);
    await page.keyboard.press('Enter');
    const opener = page.getByTestId('summary-generate');
    await tabTo(page, opener);
    await page.keyboard.press('Enter');
    const dialog = page.getByRole('dialog');
    await dialog.waitFor();
    await expect.poll(() => focusInDialog(page)).toBe(true);
    for (let i = 0; i < 20; i += 1) {
      await page.keyboard.press(i % 3 === 2 ? 'Shift+Tab' : 'Tab');
      expect(await focusInDialog(page)).toBe(true);
    }
    await page.keyboard.press('Escape');
    await dialog.waitFor({ state: 'detached' });
    await expect.poll(() => isFocused(opener)).toBe(true);
    await page.context().close();
  });

  it('the summary date picker: open, move by arrows, pick with Enter', async () => {
    // An admin may pick any day: on the first of a month the picked day is two days back, outside
    // the free plan's window (a free reader gets the upgrade dialog there).
    const page = await signedInPage('admin');
    await useBrowserToday(page);
    await page.goto('/content-summary');
    const button = page.getByTestId('date-filter');
    await tabTo(page, button);
    await page.keyboard.press('Enter');
    await page.getByTestId('date-popup').waitFor();
    // The focus moved into the popup; Tab reaches the calendar's focusable day (today).
    const today = page.locator('[data-testid="date-popup"] button[data-today]');
    await tabTo(page, today, { max: 30 });
    await page.keyboard.press('ArrowLeft');
    await page.keyboard.press('Enter');
    await page.getByTestId('date-popup').waitFor({ state: 'detached' });
    await expect.poll(() => button.textContent()).toContain(pickedDay);
    await expect.poll(() => new URL(page.url()).searchParams.get('date') ?? '').toContain(pickedDay);
    await expect.poll(() => isFocused(button)).toBe(true);
    // Escape closes it again without a change, the focus back on the button.
    await page.keyboard.press('Enter');
    await page.getByTestId('date-popup').waitFor();
    await page.keyboard.press('Escape');
    await page.getByTestId('date-popup').waitFor({ state: 'detached' });
    await expect.poll(() => isFocused(button)).toBe(true);
    await page.context().close();
  });

  it('the podcast page: date picker, then Space plays and pauses, arrows seek', async () => {
    const page = await signedInPage();
    await useBrowserToday(page);
    await page.goto('/daily-podcast');
    const dateButton = page.getByTestId('podcast-date-filter');
    await tabTo(page, dateButton);
    await page.keyboard.press('Enter');
    const today = page.locator('button[data-today]');
    await tabTo(page, today, { max: 30 });
    await page.keyboard.press('ArrowLeft');
    await page.keyboard.press('Enter');
    await page.waitForURL((url) => url.searchParams.get('date') === pickedDay);
    await expect.poll(() => isFocused(dateButton)).toBe(true);

    const card = page.getByTestId('podcast-card').filter({ hasText: podcastTopic });
    const play = card.getByTestId('podcast-play');
    await tabTo(page, play);
    expect(await focusRingShown(page)).toBe(true);
    expect(await play.getAttribute('aria-label')).toBe('Play');
    await page.keyboard.press('Space');
    await expect.poll(() => play.getAttribute('aria-pressed')).toBe('true');
    expect(await play.getAttribute('aria-label')).toBe('Pause');
    const elapsed = card.getByTestId('podcast-elapsed');
    const seconds = async () => {
      const [m, s] = ((await elapsed.textContent()) ?? '0:0').split(':').map(Number);
      return (m ?? 0) * 60 + (s ?? 0);
    };
    await expect.poll(() => isFocused(play)).toBe(true);
    await page.keyboard.press('ArrowRight');
    await page.keyboard.press('ArrowRight');
    await expect.poll(seconds).toBeGreaterThanOrEqual(20);
    const ahead = await seconds();
    await page.keyboard.press('ArrowLeft');
    await expect.poll(seconds).toBeLessThan(ahead);
    await page.keyboard.press('Space');
    await expect.poll(() => play.getAttribute('aria-pressed')).toBe('false');
    await page.context().close();
  });

  it('admin dialogs, fetched on first opening, take the focus and give it back on Escape', async () => {
    const page = await signedInPage('admin');
    await page.goto('/admin');
    await page.getByTestId('topic-card').first().waitFor();
    for (const name of ['Add topic', 'Data cleanup']) {
      const opener = page.getByRole('button', { name, exact: true });
      await tabTo(page, opener);
      await page.keyboard.press('Enter');
      const dialog = page.getByRole('dialog');
      await dialog.waitFor();
      await expect.poll(() => focusInDialog(page)).toBe(true);
      await page.keyboard.press('Escape');
      await dialog.waitFor({ state: 'detached' });
      await expect.poll(() => isFocused(opener), { message: name }).toBe(true);
    }
    await page.context().close();
  });

  it('admin batch mode: select a topic and pause it', async () => {
    const page = await signedInPage('admin');
    await page.goto('/admin');
    await page.getByTestId('topic-card').first().waitFor();
    const batch = page.getByRole('button', { name: 'Batch mode' });
    await tabTo(page, batch);
    await page.keyboard.press('Enter');
    const row = page.getByRole('checkbox', { name: /Keyboard Robots/ });
    await row.waitFor();
    await tabTo(page, row);
    await page.keyboard.press('Space');
    await expect.poll(() => row.isChecked()).toBe(true);
    await expect.poll(() => page.getByTestId('topics-selected-count').textContent()).toContain('1');
    // Back (Shift+Tab) to the toolbar's pause button.
    await tabTo(page, page.getByRole('button', { name: 'Pause selected' }), { back: true });
    await page.keyboard.press('Enter');
    await expect
      .poll(async () => (await stack.prisma.topic.findUniqueOrThrow({ where: { id: topic.id } })).isActive)
      .toBe(false);
    const other = await stack.prisma.topic.findFirstOrThrow({ where: { name: podcastTopic } });
    expect(other.isActive).toBe(true);
    await page.context().close();
  });
});
