import { STORY_RULE_VERSION } from '@app/stories';
import type { Locator, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { expectAccessible } from './axe.ts';
import { type Stack, startStack, uniqueEmail } from './harness.ts';
import { pageScrollWidth } from './page-checks.ts';

// The admin's story corrections in the browser: split a wrongly joined report out of a
// story by keyboard, then merge two stories through the search dialog; the database shows each
// change. The tab and both dialogs pass axe-core, and the tab fits 320 px in Chinese.

let stack: Stack;
let admin: { email: string; password: string };
const stamp = Date.now().toString(36);
const quake = `Coastal quake ${stamp}`;
const aftershock = `Quake aftershocks ${stamp}`;
const members: Record<string, string> = {};
const stories: Record<string, string> = {};

async function seedStory(key: string, headline: string, reports: [string, string, number][]) {
  const prisma = stack.prisma;
  const topic = await prisma.topic.upsert({
    where: { slug: `stories-${stamp}` },
    create: { slug: `stories-${stamp}`, name: `Stories ${stamp}` },
    update: {},
  });
  const times = reports.map(([, , hoursAgo]) => new Date(Date.now() - hoursAgo * 3600_000));
  const story = await prisma.story.create({
    data: {
      headline,
      language: 'EN',
      summaryCount: reports.length,
      firstSeenAt: new Date(Math.min(...times.map(Number))),
      lastSeenAt: new Date(Math.max(...times.map(Number))),
    },
  });
  stories[key] = story.id;
  for (const [i, [memberKey, title]] of reports.entries()) {
    const datasource = await prisma.datasource.create({
      data: {
        topicId: topic.id,
        platform: 'blog',
        sourceName: `Outlet ${memberKey}`,
        sourceUrl: `https://${memberKey}-${stamp}.example/feed`,
      },
    });
    members[memberKey] = (
      await prisma.summary.create({
        data: {
          headline: title,
          content: `${title}. Details in the source.`,
          summaryType: 'blog_post',
          language: 'EN',
          topicId: topic.id,
          datasourceId: datasource.id,
          storyId: story.id,
          createdAt: times[i]!,
        },
      })
    ).id;
  }
}

beforeAll(async () => {
  stack = await startStack();
  admin = await stack.createUser({ email: uniqueEmail('stories-admin'), role: 'admin' });
  await seedStory('quake', quake, [
    ['q1', `${quake}: towns evacuated`, 6],
    ['q2', `${quake}: magnitude 7.1`, 5],
    ['wrong', `Chipmaker unveils new laptop processor ${stamp}`, 4],
  ]);
  await seedStory('after', aftershock, [
    ['a1', `${aftershock} rattle the coast`, 3],
    ['a2', `${aftershock}: hundreds felt`, 2],
  ]);
});

afterAll(async () => stack?.stop());

async function openStories(page: Page, adminPath: string, tab: string) {
  page.setDefaultTimeout(20_000);
  await stack.signIn(page, admin.email, admin.password);
  await page.goto(adminPath);
  await page.getByRole('tab', { name: tab }).click();
  const search = page.getByTestId('stories-tab').getByRole('searchbox');
  await search.fill(stamp);
  await expect.poll(() => page.getByTestId('story-card').count()).toBe(2);
}

const card = (page: Page, headline: string) =>
  page.getByTestId('story-card').filter({ has: page.getByRole('heading', { name: headline, exact: true }) });

const storyOf = async (key: string) =>
  (await stack.prisma.summary.findUniqueOrThrow({ where: { id: members[key]! } })).storyId;

/** Whether the element has the keyboard focus. */
const hasFocus = (locator: Locator) =>
  locator.evaluate(
    (el) => el === (globalThis as unknown as { document: { activeElement: unknown } }).document.activeElement,
  );

describe('admin stories', { timeout: 180_000 }, () => {
  it('splits a wrongly joined report out by keyboard, then merges two stories', async () => {
    const page = await stack.newPage({ viewport: { width: 1280, height: 900 } });
    await openStories(page, '/admin', 'Stories');
    await expectAccessible(page, 'admin stories tab');

    // Split: tick the wrong report with the keyboard and confirm.
    const quakeCard = card(page, quake);
    expect(await quakeCard.getByTestId('story-size').textContent()).toBe('3 reports');
    const wrong = quakeCard.getByRole('checkbox', {
      name: `Chipmaker unveils new laptop processor ${stamp}`,
    });
    await wrong.focus();
    await page.keyboard.press('Space');
    await expect.poll(() => wrong.isChecked()).toBe(true);
    const split = quakeCard.getByRole('button', { name: 'Split into a new story' });
    await split.focus();
    await page.keyboard.press('Enter');
    const confirmDialog = page.getByRole('dialog', { name: 'Split the story' });
    await confirmDialog.waitFor();
    expect(await confirmDialog.textContent()).toContain(`Move 1 report out of “${quake}”`);
    await expectAccessible(page, 'admin stories split dialog');
    await confirmDialog.getByRole('button', { name: 'Split', exact: true }).click();
    await confirmDialog.waitFor({ state: 'detached' });
    await page.getByText('1 report moved into a new story').waitFor();
    // The split button is disabled again (nothing chosen): focus moves to the story's heading.
    const heading = quakeCard.getByRole('heading', { name: quake, exact: true });
    await expect.poll(() => hasFocus(heading)).toBe(true);

    await expect.poll(() => storyOf('wrong')).not.toBe(stories.quake);
    const created = (await storyOf('wrong'))!;
    expect(await storyOf('q1')).toBe(stories.quake);
    expect(await stack.prisma.story.findUniqueOrThrow({ where: { id: stories.quake! } })).toMatchObject({
      summaryCount: 2,
    });
    expect(await stack.prisma.story.findUniqueOrThrow({ where: { id: created } })).toMatchObject({
      summaryCount: 1,
    });
    // The list reloaded: two reports now, and the single report is not a story to check.
    await expect.poll(() => quakeCard.getByTestId('story-size').textContent()).toBe('2 reports');
    await expect.poll(() => quakeCard.getByTestId('story-member').count()).toBe(2);

    // Merge: find the aftershocks story by its headline and confirm.
    const merge = quakeCard.getByRole('button', { name: 'Merge with…' });
    const mergeDialog = page.getByRole('dialog', { name: 'Merge with another story' });
    // Escape closes the dialog and focus returns to its button.
    await merge.focus();
    await page.keyboard.press('Enter');
    await mergeDialog.waitFor();
    await page.keyboard.press('Escape');
    await mergeDialog.waitFor({ state: 'detached' });
    await expect.poll(() => hasFocus(merge)).toBe(true);
    await page.keyboard.press('Enter');
    await mergeDialog.waitFor();
    // The search field has the focus inside the dialog.
    const search = mergeDialog.getByRole('searchbox', { name: 'Find the story to merge in' });
    await expect.poll(() => hasFocus(search)).toBe(true);
    await search.fill(aftershock);
    const candidate = mergeDialog.getByRole('radio', { name: aftershock });
    await candidate.waitFor();
    await expect.poll(() => mergeDialog.getByRole('radio').count()).toBe(1);
    await candidate.focus();
    await page.keyboard.press('Space');
    await mergeDialog.getByTestId('merge-explain').waitFor();
    expect(await mergeDialog.getByTestId('merge-explain').textContent()).toBe(
      `The 2 reports of “${aftershock}” move into “${quake}”, and “${aftershock}” is deleted.`,
    );
    await expectAccessible(page, 'admin stories merge dialog');
    await mergeDialog.getByRole('button', { name: 'Merge', exact: true }).click();
    await mergeDialog.waitFor({ state: 'detached' });
    await page.getByText(`“${quake}” now has 4 reports`).waitFor();

    expect(await storyOf('a1')).toBe(stories.quake);
    expect(await storyOf('a2')).toBe(stories.quake);
    expect(await stack.prisma.story.findUnique({ where: { id: stories.after! } })).toBeNull();
    expect(await stack.prisma.story.findUniqueOrThrow({ where: { id: stories.quake! } })).toMatchObject({
      summaryCount: 4,
    });
    await expect.poll(() => page.getByTestId('story-card').count()).toBe(1);
    await expect.poll(() => quakeCard.getByTestId('story-size').textContent()).toBe('4 reports');
    // A link to the story that went into the other opens that one, and the address becomes its own.
    await page.goto(`/zh/stories/${stories.after}`);
    await page.getByTestId('story-page').waitFor();
    expect(await page.getByTestId('story-title').textContent()).toBe(quake);
    await expect.poll(() => new URL(page.url()).pathname).toBe(`/zh/stories/${stories.quake}`);
    await page.goBack();
    expect(new URL(page.url()).pathname).not.toBe(`/zh/stories/${stories.after}`);
    await page.context().close();
  });

  it('shows how far the stories are on the current rule and starts a pass', async () => {
    const page = await stack.newPage({ viewport: { width: 1280, height: 900 } });
    page.setDefaultTimeout(20_000);
    await stack.signIn(page, admin.email, admin.password);
    await page.goto('/admin');
    await page.getByRole('tab', { name: 'Stories' }).click();
    const panel = page.getByTestId('story-clustering');
    await panel.waitFor();
    // Two new summaries wait for their first pass (no summarizer runs in this stack).
    for (const n of [1, 2])
      await stack.prisma.summary.create({
        data: {
          headline: `Unclustered report ${n} ${stamp}`,
          content: 'Waiting for the clustering pass.',
          summaryType: 'blog_post',
          language: 'EN',
        },
      });
    const unclustered = await stack.prisma.summary.count({ where: { storyId: null } });
    expect(unclustered).toBeGreaterThan(0);
    await page.reload();
    await page.getByRole('tab', { name: 'Stories' }).click();
    await panel.waitFor();
    const summary = panel.getByTestId('story-clustering-summary');
    expect(await summary.textContent()).toContain(`${unclustered.toLocaleString('en-US')} without a story`);
    expect(await panel.getByText(`Clustering rule ${STORY_RULE_VERSION}`).count()).toBe(1);
    await panel.getByRole('button', { name: 'Re-cluster now' }).click();
    await page.getByText('Re-clustering started').waitFor();
    await expect.poll(() => summary.textContent()).toMatch(/^Re-clustering:/);
    await expect.poll(() => panel.getByRole('button', { name: 'Re-cluster now' }).isDisabled()).toBe(true);
    await expectAccessible(page, 'admin stories clustering');
    await page.context().close();
  });

  it('fits a 320 px screen in Chinese and passes axe with the merge dialog open', async () => {
    const page = await stack.newPage({ viewport: { width: 320, height: 720 } });
    await stack.signIn(page, admin.email, admin.password);
    await page.goto('/zh/admin');
    page.setDefaultTimeout(20_000);
    await page.getByRole('tab', { name: '事件' }).click();
    await page.getByTestId('story-card').first().waitFor();
    expect(await pageScrollWidth(page)).toBeLessThanOrEqual(320);
    await expectAccessible(page, 'admin stories zh 320');
    await page.getByTestId('story-merge').first().click();
    await page.getByRole('dialog', { name: '与另一个事件合并' }).waitFor();
    expect(await pageScrollWidth(page)).toBeLessThanOrEqual(320);
    await expectAccessible(page, 'admin stories merge dialog zh 320');
    await page.context().close();
  });
});
