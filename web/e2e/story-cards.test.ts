import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { expectAccessible } from './axe.ts';
import { type Stack, startStack, uniqueEmail } from './harness.ts';
import { pageScrollWidth } from './page-checks.ts';

// One card per story on the content summary page: "Covered by N sources", and the story's other
// reports one keyboard press away, loaded when opened, each marked as matching the filters or not.

let stack: Stack;
let topicId = '';
let user = { email: '', password: '' };

beforeAll(async () => {
  stack = await startStack();
  const prisma = stack.prisma;
  topicId = (await prisma.topic.create({ data: { slug: 'story-cards', name: 'Story cards' } })).id;
  const at = (hoursAgo: number) => new Date(Date.now() - hoursAgo * 3600_000);
  const story = await prisma.story.create({
    data: { headline: 'OrbitDB', language: 'EN', summaryCount: 3, firstSeenAt: at(3), lastSeenAt: at(1) },
  });
  const reports = [
    {
      source: 'TechWire',
      platform: 'blog',
      headline: 'Cloudscale acquires OrbitDB for $420 million',
      hoursAgo: 3,
    },
    {
      source: 'Dev Daily Podcast',
      platform: 'podcast',
      headline: 'Episode: why Cloudscale bought OrbitDB',
      hoursAgo: 2,
    },
    { source: 'Tube News', platform: 'youtube', headline: 'Video: the OrbitDB deal explained', hoursAgo: 1 },
  ] as const;
  for (const [i, r] of reports.entries()) {
    const datasource = await prisma.datasource.create({
      data: { topicId, platform: r.platform, sourceName: r.source, sourceUrl: `https://s${i}.example/feed` },
    });
    await prisma.summary.create({
      data: {
        headline: r.headline,
        content: `${r.headline}. The deal closes next quarter.`,
        summaryType:
          r.platform === 'youtube' ? 'youtube_video' : r.platform === 'podcast' ? 'podcast' : 'blog_post',
        language: 'EN',
        topicId,
        datasourceId: datasource.id,
        storyId: story.id,
        sourceUrls: [`https://s${i}.example/orbitdb`],
        createdAt: at(r.hoursAgo),
      },
    });
  }
  // A summary that is no story's: a card of its own, with no sources button.
  await prisma.summary.create({
    data: {
      headline: 'Rust 2030 edition ships',
      content: 'The Rust team released the 2030 edition.',
      summaryType: 'blog_post',
      language: 'EN',
      topicId,
      sourceUrls: ['https://rust.example/2030'],
      createdAt: at(4),
    },
  });
  // A Chinese story of two reports, for the /zh page (the list is in the page's language).
  const zhStory = await prisma.story.create({
    data: { headline: '芯片', language: 'ZH', summaryCount: 2, firstSeenAt: at(3), lastSeenAt: at(2) },
  });
  for (const [i, name] of ['科技日报', '硅谷观察'].entries()) {
    const datasource = await prisma.datasource.create({
      data: {
        topicId,
        platform: 'wechat',
        sourceName: name,
        sourceUrl: `https://zh${i}.example/feed`,
        language: 'ZH',
      },
    });
    await prisma.summary.create({
      data: {
        headline: `新芯片发布（${name}）`,
        content: '一家公司发布了新的芯片。',
        summaryType: 'blog_post',
        language: 'ZH',
        topicId,
        datasourceId: datasource.id,
        storyId: zhStory.id,
        sourceUrls: [`https://zh${i}.example/chip`],
        createdAt: at(3 - i),
      },
    });
  }
  user = await stack.createUser({ email: uniqueEmail('reader') });
}, 120_000);
afterAll(async () => {
  await stack?.stop();
});

const cards = (page: Page) => page.getByTestId('summary-card');

async function openPage(path: string, cardCount: number) {
  const page = await stack.newPage({ viewport: { width: 1280, height: 900 } });
  await stack.signIn(page, user.email, user.password);
  await page.goto(path);
  await expect.poll(() => cards(page).count(), { timeout: 15_000 }).toBe(cardCount);
  return page;
}

describe('story cards on the content summary page', () => {
  it('one card per story, opened by keyboard to the other two sources, accessible at 320 px', async () => {
    const page = await openPage(`/content-summary?topic=${topicId}`, 2);
    await expect.poll(() => page.getByTestId('summary-count').textContent()).toBe('4 summaries');
    const card = cards(page).first();
    expect(await card.getByTestId('summary-source').textContent()).toBe('Tube News');
    const toggle = card.getByTestId('story-toggle');
    expect(await toggle.textContent()).toBe('Covered by 3 sources');
    expect(await toggle.getAttribute('aria-expanded')).toBe('false');
    expect(await card.getByTestId('story-source-names').textContent()).toBe('Dev Daily Podcast · TechWire');
    expect(await cards(page).nth(1).getByTestId('story-toggle').count()).toBe(0);

    await toggle.focus();
    await page.keyboard.press('Enter');
    expect(await toggle.getAttribute('aria-expanded')).toBe('true');
    const members = card.getByTestId('story-member');
    await expect.poll(() => members.count(), { timeout: 15_000 }).toBe(2);
    expect(await card.getByTestId('story-member-source').allTextContents()).toEqual([
      expect.stringMatching(/^Dev Daily Podcast · Podcast · /),
      expect.stringMatching(/^TechWire · Blog · /),
    ]);
    expect(await members.evaluateAll((els) => els.map((el) => el.getAttribute('data-matches')))).toEqual([
      'true',
      'true',
    ]);
    expect(
      await card
        .getByRole('link', { name: 'Cloudscale acquires OrbitDB for $420 million' })
        .getAttribute('href'),
    ).toBe('https://s0.example/orbitdb');
    await expectAccessible(page, 'story card opened');

    // Space closes it again, the focus staying on the button.
    await page.keyboard.press('Space');
    expect(await toggle.getAttribute('aria-expanded')).toBe('false');
    expect(await card.getByTestId('story-sources').isVisible()).toBe(false);
    await page.keyboard.press('Enter');
    await members.first().waitFor();

    await page.setViewportSize({ width: 320, height: 800 });
    // The page takes its phone layout (the sources panel becomes a drawer) once it has seen the new width.
    await expect.poll(() => pageScrollWidth(page)).toBeLessThanOrEqual(320);
    await expectAccessible(page, 'story card opened at 320 px');
    await page.context().close();
  });

  it('counts only the sources the filters leave, and marks the others', async () => {
    const page = await openPage(`/content-summary?topic=${topicId}&platforms=blog,podcast`, 1);
    const card = cards(page).first();
    expect(await card.getByTestId('summary-source').textContent()).toBe('Dev Daily Podcast');
    const toggle = card.getByTestId('story-toggle');
    expect(await toggle.textContent()).toBe('Covered by 2 sources');
    await toggle.click();
    const members = card.getByTestId('story-member');
    await expect.poll(() => members.count(), { timeout: 15_000 }).toBe(2);
    // The matching one first.
    expect(await card.getByTestId('story-member-source').allTextContents()).toEqual([
      expect.stringMatching(/^TechWire/),
      expect.stringMatching(/^Tube News/),
    ]);
    expect(await members.evaluateAll((els) => els.map((el) => el.getAttribute('data-matches')))).toEqual([
      'true',
      'false',
    ]);
    expect(await members.nth(1).textContent()).toContain('Outside your filters');
    await page.context().close();
  });

  it('in Chinese, and with an error and a retry when the story cannot load', async () => {
    const page = await openPage(`/zh/content-summary?topic=${topicId}`, 1);
    const toggle = cards(page).first().getByTestId('story-toggle');
    expect(await toggle.textContent()).toBe('共 2 个来源报道');
    let failing = true;
    await page.route('**/api/stories/*', (route) =>
      failing
        ? route.fulfill({
            status: 404,
            contentType: 'application/json',
            body: JSON.stringify({ error: { code: 'NOT_FOUND', message: 'Story not found' } }),
          })
        : route.continue(),
    );
    await toggle.click();
    const error = page.getByTestId('story-error');
    await error.waitFor({ timeout: 15_000 });
    expect(await error.textContent()).toContain('无法加载其他来源');
    failing = false;
    await error.getByRole('button').click();
    await expect.poll(() => page.getByTestId('story-member').count(), { timeout: 15_000 }).toBe(1);
    const member = page.getByTestId('story-member');
    expect(await member.textContent()).toContain('新芯片发布（科技日报）');
    expect(await member.textContent()).toContain('符合筛选条件');
    expect(await member.textContent()).toContain('中文');
    await page.context().close();
  });
});
