import type { Locator, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { expectAccessible } from './axe.ts';
import { type Stack, startStack, uniqueEmail } from './harness.ts';

// A reader's own front page: following a topic or a source (My feed), read state on the cards (opened
// is read, Hide read, Mark all as read with the unread counts), the summary list's keys, and a visitor
// sent to sign in and back. One stack; every test makes its own reader.

let stack: Stack;
/** A landing topic (one of the five slugs) and a topic shown by its id (the detail page). */
let robots: { id: string; slug: string };
let markets: { id: string };
const ROBOT_HEADLINES = ['Robots fold laundry', 'Robots learn to cook', 'Robots paint walls'];
const MARKET_HEADLINES = ['Markets rally on chips', 'Markets slip on rates', 'Markets wait for jobs'];
/** A YouTube channel (a source with a page of its own), in a topic of its own, with one older video. */
const CHANNEL = 'Robot Channel';
const VIDEO_HEADLINE = 'A robot arm folds towels on camera';
/** The one Chinese summary (not in the English list). */
const ZH_ROBOT_HEADLINE = '机器人学会了做饭';
/** Every card of the whole (English) list: the two topics' six and the video. */
const ALL_CARDS = 7;
const summaryIds: Record<string, string> = {};

beforeAll(async () => {
  stack = await startStack();
  const prisma = stack.prisma;
  robots = await prisma.topic.create({ data: { slug: 'engineering', name: 'Engineering', nameZh: '工程' } });
  markets = await prisma.topic.create({ data: { slug: 'reading-markets', name: 'Markets', nameZh: '市场' } });
  const source = (topicId: string, name: string) =>
    prisma.datasource.create({
      data: { topicId, platform: 'blog', sourceName: name, sourceUrl: `https://${name}.example/feed` },
    });
  const [wire, daily] = [await source(robots.id, 'robot-wire'), await source(markets.id, 'market-daily')];
  const now = Date.now();
  const rows = [
    ...ROBOT_HEADLINES.map((headline, i) => ({ headline, topicId: robots.id, datasourceId: wire.id, i })),
    ...MARKET_HEADLINES.map((headline, i) => ({
      headline,
      topicId: markets.id,
      datasourceId: daily.id,
      i: i + 3,
    })),
  ];
  for (const row of rows) {
    const created = await prisma.summary.create({
      data: {
        headline: row.headline,
        content: `${row.headline}: what happened, in a few words.`,
        summaryType: 'blog_post',
        language: 'EN',
        topicId: row.topicId,
        datasourceId: row.datasourceId,
        sourceUrls: [`https://example.com/${row.i}`],
        createdAt: new Date(now - (row.i + 1) * 10 * 60_000),
      },
    });
    summaryIds[row.headline] = created.id;
  }
  const videos = await prisma.topic.create({
    data: { slug: 'reading-videos', name: 'Videos', nameZh: '视频' },
  });
  const channel = await prisma.datasource.create({
    data: {
      topicId: videos.id,
      platform: 'youtube',
      sourceName: CHANNEL,
      sourceUrl: 'https://www.youtube.com/feeds/videos.xml?channel_id=UCrobots',
    },
  });
  await prisma.summary.create({
    data: {
      headline: VIDEO_HEADLINE,
      content: 'A robot arm folds towels, filmed from start to end.',
      summaryType: 'youtube_video',
      language: 'EN',
      topicId: videos.id,
      datasourceId: channel.id,
      sourceUrls: ['https://www.youtube.com/watch?v=robots'],
      metadata: { platform: 'youtube', source_name: CHANNEL },
      createdAt: new Date(now - 3 * 3600_000),
    },
  });
  // A Chinese report about the robots (an English search finds it through the dictionary).
  await prisma.summary.create({
    data: {
      headline: ZH_ROBOT_HEADLINE,
      content: '研究团队展示了一个会做饭的家用机器人。',
      summaryType: 'blog_post',
      language: 'ZH',
      topicId: robots.id,
      datasourceId: wire.id,
      sourceUrls: ['https://example.com/zh-robots'],
      createdAt: new Date(now - 2 * 3600_000),
    },
  });
}, 120_000);
afterAll(async () => {
  await stack?.stop();
});

const DESKTOP = { width: 1280, height: 900 };
/** A page's first data, or a sign-in's way back: generous, for a loaded machine. */
const LOAD = { timeout: 30_000 };

async function readerPage(options: { plan?: 'free' | 'pro'; width?: number } = {}) {
  const user = await stack.createUser({ email: uniqueEmail('reader'), plan: options.plan });
  const page = await stack.newPage({
    viewport: options.width ? { width: options.width, height: 800 } : DESKTOP,
    timezoneId: 'UTC',
  });
  await stack.signIn(page, user.email, user.password);
  return { user, page };
}

const cards = (page: Page) => page.locator('[data-testid="summary-list"] [data-testid="summary-card"]');
const cardOf = (page: Page, headline: string) => cards(page).filter({ hasText: headline });
type ElementLike = {
  getAttribute: (name: string) => string | null;
  querySelector: (selector: string) => { textContent: string | null } | null;
};
/** The titles of the list's cards, in order. */
const headlinesShown = (page: Page) =>
  cards(page).evaluateAll((list) =>
    list.map(
      (card) => (card as unknown as ElementLike).querySelector('[data-card-toggle] span')?.textContent ?? '',
    ),
  );
/** Signs in on the /auth form the page was sent to (keeping its redirect), once the form has settled. */
async function signInHere(page: Page, email: string, password: string) {
  await page.getByTestId('auth-submit').waitFor(LOAD);
  await page.waitForLoadState('networkidle');
  const field = page.getByLabel('Email');
  await field.fill(email);
  await page.getByLabel('Password', { exact: true }).fill(password);
  expect(await field.inputValue()).toBe(email);
  await page.getByTestId('auth-submit').click();
}

/** Picks All or My feed on the segmented control (its label, as a pointer would). */
const chooseFeed = (page: Page, name: 'All' | 'My feed') =>
  page.getByTestId('feed-switch').locator('label').filter({ hasText: name }).click();
const fitsWidth = (page: Page) =>
  page.evaluate<boolean>('document.documentElement.scrollWidth <= document.documentElement.clientWidth');
/** The focused element's summary id (a card's), or null. */
const focusedCard = (page: Page) =>
  page.evaluate<string | null>(`document.activeElement?.getAttribute('data-summary-id') ?? null`);
const unreadBadge = (scope: Locator) => scope.getByTestId('unread-count');

describe('following', () => {
  it('a reader follows a topic from its page, and My feed lists only that topic’s cards', async () => {
    const { user, page } = await readerPage();
    // Following nothing yet: My feed says how to follow, with the topics to start with.
    await page.goto('/content-summary?feed=mine');
    const empty = page.getByTestId('feed-empty');
    await empty.waitFor(LOAD);
    expect(await empty.textContent()).toContain("You don't follow anything yet");
    await empty.getByRole('link', { name: 'Markets' }).click();
    await page.waitForURL((url) => url.pathname === `/topics/${markets.id}`);

    const follow = page.getByTestId('follow-button');
    await expect.poll(() => follow.getAttribute('aria-pressed'), LOAD).toBe('false');
    expect(await follow.textContent()).toBe('Follow');
    await follow.click();
    await expect.poll(() => follow.getAttribute('aria-pressed')).toBe('true');
    expect(await follow.textContent()).toBe('Following');
    await expect
      .poll(() => stack.prisma.userFollow.count({ where: { userId: user.id, topicId: markets.id } }))
      .toBe(1);
    // Kept across a reload: the server's list says so.
    await page.reload();
    await expect.poll(() => page.getByTestId('follow-button').getAttribute('aria-pressed')).toBe('true');

    await page.goto('/content-summary');
    await expect.poll(() => cards(page).count(), LOAD).toBe(ALL_CARDS);
    await chooseFeed(page, 'My feed');
    await expect.poll(() => new URL(page.url()).searchParams.get('feed')).toBe('mine');
    await expect.poll(() => headlinesShown(page)).toEqual(MARKET_HEADLINES);
    // The view is in the address: a reload (or a shared link) shows My feed again.
    await page.reload();
    await expect.poll(() => headlinesShown(page), LOAD).toEqual(MARKET_HEADLINES);
    expect(await page.getByRole('radio', { name: /My feed/ }).isChecked()).toBe(true);

    // A source followed from a card's menu joins My feed.
    await chooseFeed(page, 'All');
    await expect.poll(() => cards(page).count()).toBe(ALL_CARDS);
    const robotCard = cardOf(page, ROBOT_HEADLINES[0]!);
    await robotCard.getByTestId('card-menu').click();
    await page.getByRole('menuitem', { name: 'Follow robot-wire' }).click();
    await expect
      .poll(() => stack.prisma.userFollow.count({ where: { userId: user.id, datasourceId: { not: null } } }))
      .toBe(1);
    await chooseFeed(page, 'My feed');
    await expect.poll(() => cards(page).count()).toBe(6);
    await page.context().close();
  });

  it('a reader follows a YouTube channel from its page; My feed then lists its videos', async () => {
    const { user, page } = await readerPage();
    await page.goto(`/youtube/${encodeURIComponent(CHANNEL)}`);
    const follow = page.getByTestId('follow-button');
    await expect.poll(() => follow.getAttribute('aria-pressed'), LOAD).toBe('false');
    await follow.click();
    await expect.poll(() => follow.getAttribute('aria-pressed')).toBe('true');
    await expect
      .poll(() => stack.prisma.userFollow.count({ where: { userId: user.id, datasourceId: { not: null } } }))
      .toBe(1);
    await page.goto('/content-summary?feed=mine');
    await expect.poll(() => headlinesShown(page), LOAD).toEqual([VIDEO_HEADLINE]);
    await page.context().close();
  });

  it('a follow the server refuses is put back, with its reason in words', async () => {
    const { page } = await readerPage();
    await page.goto(`/topics/${markets.id}`);
    const follow = page.getByTestId('follow-button');
    await expect.poll(() => follow.getAttribute('aria-pressed'), LOAD).toBe('false');
    // The topic was removed since the page was loaded.
    await page.route('**/api/me/follows', (route) =>
      route.request().method() === 'POST'
        ? route.fulfill({
            status: 404,
            contentType: 'application/json',
            body: JSON.stringify({ error: { code: 'NOT_FOUND', message: 'This topic no longer exists' } }),
          })
        : route.continue(),
    );
    await follow.click();
    await page.getByText('This topic no longer exists').waitFor();
    expect(await page.getByText('Could not update what you follow').count()).toBe(1);
    await expect.poll(() => follow.getAttribute('aria-pressed')).toBe('false');
    expect(await follow.textContent()).toBe('Follow');
    await page.context().close();
  });

  it('a visitor pressing Follow is sent to sign in, and comes back to the topic page following it', async () => {
    const user = await stack.createUser({ email: uniqueEmail('visitor') });
    const page = await stack.newPage({ viewport: DESKTOP });
    await page.goto('/topics/engineering');
    const follow = page.getByTestId('follow-button');
    await follow.waitFor(LOAD);
    expect(await follow.textContent()).toBe('Follow');
    await follow.click();
    await page.waitForURL((url) => url.pathname === '/auth');
    expect(new URL(page.url()).searchParams.get('redirect')).toBe('/topics/engineering');
    await signInHere(page, user.email, user.password);
    await page.waitForURL((url) => url.pathname === '/topics/engineering', LOAD);
    // Signed in now: the follow pressed before is made, once.
    await expect
      .poll(() => page.getByTestId('follow-button').getAttribute('aria-pressed'), LOAD)
      .toBe('true');
    await expect
      .poll(() => stack.prisma.userFollow.count({ where: { userId: user.id, topicId: robots.id } }))
      .toBe(1);
    // A reload does not make it again (it was done), and the button can unfollow.
    await page.reload();
    await expect
      .poll(() => page.getByTestId('follow-button').getAttribute('aria-pressed'), LOAD)
      .toBe('true');
    await page.getByTestId('follow-button').click();
    await expect
      .poll(() => stack.prisma.userFollow.count({ where: { userId: user.id, topicId: robots.id } }))
      .toBe(0);
    await page.context().close();
  });

  it('an opened card follows its source or its topic; a visitor is sent to sign in, and the follow is made back on the list', async () => {
    const user = await stack.createUser({ email: uniqueEmail('card-follow') });
    const page = await stack.newPage({ viewport: DESKTOP });
    await page.goto('/content-summary');
    const card = cardOf(page, MARKET_HEADLINES[0]!);
    await card.waitFor(LOAD);
    await card.getByTestId('summary-toggle').click();
    const followSource = card.getByRole('button', { name: 'Follow market-daily' });
    await followSource.waitFor(LOAD);
    expect(await card.getByRole('button', { name: 'Follow the topic Markets' }).count()).toBe(1);
    await followSource.click();
    await page.waitForURL((url) => url.pathname === '/auth');
    expect(new URL(page.url()).searchParams.get('redirect')).toBe('/content-summary');
    await signInHere(page, user.email, user.password);
    await page.waitForURL((url) => url.pathname === '/content-summary', LOAD);
    // Signed in now: the follow pressed on the card is made, once, and said.
    await expect
      .poll(
        () => stack.prisma.userFollow.count({ where: { userId: user.id, datasourceId: { not: null } } }),
        LOAD,
      )
      .toBe(1);
    await expect
      .poll(() => page.getByTestId('reading-announcer').textContent())
      .toContain('You now follow market-daily');
    // The opened card's buttons now toggle: the topic is followed and unfollowed from it.
    const reopened = cardOf(page, MARKET_HEADLINES[0]!);
    await reopened.getByTestId('summary-toggle').click();
    await expect
      .poll(
        () => reopened.getByRole('button', { name: 'Following market-daily' }).getAttribute('aria-pressed'),
        LOAD,
      )
      .toBe('true');
    await reopened.getByRole('button', { name: 'Follow the topic Markets' }).click();
    await expect
      .poll(() => stack.prisma.userFollow.count({ where: { userId: user.id, topicId: markets.id } }))
      .toBe(1);
    await reopened.getByRole('button', { name: 'Following the topic Markets' }).click();
    await expect
      .poll(() => stack.prisma.userFollow.count({ where: { userId: user.id, topicId: markets.id } }))
      .toBe(0);
    await expectAccessible(page, 'an opened card with its Follow buttons');
    await page.context().close();
  });

  it('a visitor on My feed is asked to sign in, and lands on My feed afterwards', async () => {
    const user = await stack.createUser({ email: uniqueEmail('visitor-feed') });
    const page = await stack.newPage({ viewport: DESKTOP });
    await page.goto('/content-summary');
    await chooseFeed(page, 'My feed');
    const prompt = page.getByTestId('feed-sign-in');
    await prompt.waitFor();
    await prompt.getByRole('link', { name: 'Sign in' }).click();
    await page.waitForURL((url) => url.pathname === '/auth');
    await signInHere(page, user.email, user.password);
    await page.waitForURL((url) => url.pathname === '/content-summary', LOAD);
    expect(new URL(page.url()).searchParams.get('feed')).toBe('mine');
    await page.getByTestId('feed-empty').waitFor(LOAD);
    await page.context().close();
  });
});

describe('read state', () => {
  it('a summary opened is marked read, and its card says so back in the list; it can be marked unread', async () => {
    const { user, page } = await readerPage();
    const headline = MARKET_HEADLINES[1]!;
    await page.goto(`/content-summary?summary=${summaryIds[headline]}`);
    const opened = page.getByTestId('summary-opened').getByTestId('summary-card');
    await opened.waitFor(LOAD);
    await expect.poll(() => opened.getAttribute('data-read')).toBe('true');
    await page.getByTestId('summary-show-all').click();
    const card = cardOf(page, headline);
    await card.waitFor(LOAD);
    await expect.poll(() => card.getAttribute('data-read')).toBe('true');
    expect(await card.getByTestId('read-marker').textContent()).toBe('Read');
    expect(await stack.prisma.userRead.count({ where: { userId: user.id } })).toBe(1);

    // Opening a card in the list reads it too.
    const other = cardOf(page, ROBOT_HEADLINES[2]!);
    expect(await other.getByTestId('read-marker').count()).toBe(0);
    await other.getByTestId('summary-toggle').click();
    await other.getByTestId('read-marker').waitFor();
    await expect.poll(() => stack.prisma.userRead.count({ where: { userId: user.id } })).toBe(2);

    // Mark as unread, said in the live region.
    await card.getByRole('button', { name: 'Mark as unread' }).click();
    await expect.poll(() => card.getAttribute('data-read')).toBe('false');
    await expect
      .poll(() => page.getByTestId('reading-announcer').textContent())
      .toContain(`Marked as unread: ${headline}`);
    await expect.poll(() => stack.prisma.userRead.count({ where: { userId: user.id } })).toBe(1);
    await page.context().close();
  });

  it('a video opened on its channel page is read, and its card says so after a reload', async () => {
    const { user, page } = await readerPage();
    await page.goto(`/youtube/${encodeURIComponent(CHANNEL)}`);
    const card = page.getByTestId('summary-card').filter({ hasText: VIDEO_HEADLINE });
    await card.waitFor(LOAD);
    expect(await card.getByTestId('read-marker').count()).toBe(0);
    await card.getByTestId('summary-toggle').click();
    await card.getByTestId('read-marker').waitFor();
    await expect.poll(() => stack.prisma.userRead.count({ where: { userId: user.id } })).toBe(1);
    await page.reload();
    await expect.poll(() => card.getAttribute('data-read'), LOAD).toBe('true');
    await expectAccessible(page, 'a YouTube channel with a read card');
    await page.setViewportSize({ width: 320, height: 720 });
    await expect.poll(() => fitsWidth(page)).toBe(true);
    await page.context().close();
  });

  it('a failed change is put back and said: the card returns to what the server holds', async () => {
    const { page } = await readerPage();
    await page.goto('/content-summary');
    const card = cardOf(page, ROBOT_HEADLINES[0]!);
    await card.waitFor(LOAD);
    await page.route('**/api/me/reads', (route) =>
      route.fulfill({ status: 500, contentType: 'application/json', body: '{"error":"boom"}' }),
    );
    await card.getByRole('button', { name: 'Mark as read' }).click();
    await page.getByText('Could not save what you have read').waitFor();
    await expect.poll(() => card.getAttribute('data-read')).toBe('false');
    await page.context().close();
  });

  it('Hide read leaves the read cards out, and stays on across a reload', async () => {
    const { user, page } = await readerPage();
    await stack.prisma.userRead.create({
      data: { userId: user.id, summaryId: summaryIds[ROBOT_HEADLINES[0]!]! },
    });
    await page.goto('/content-summary');
    await expect.poll(() => cards(page).count(), LOAD).toBe(ALL_CARDS);
    await page.getByTestId('hide-read-switch').click();
    await expect.poll(() => new URL(page.url()).searchParams.get('unread')).toBe('true');
    await expect.poll(() => cards(page).count()).toBe(ALL_CARDS - 1);
    expect(await cardOf(page, ROBOT_HEADLINES[0]!).count()).toBe(0);
    await page.reload();
    await expect.poll(() => cards(page).count(), LOAD).toBe(ALL_CARDS - 1);
    expect(await page.getByRole('switch', { name: 'Hide read' }).isChecked()).toBe(true);
    await page.context().close();
  });

  it('Mark all as read (confirmed) reads My feed’s list, and the unread counts drop', async () => {
    const { user, page } = await readerPage();
    await stack.prisma.userFollow.create({ data: { userId: user.id, topicId: markets.id } });
    await page.goto('/content-summary?feed=mine');
    await expect.poll(() => cards(page).count(), LOAD).toBe(3);
    const sidebarFeed = page.getByTestId('sidebar-my-feed');
    await expect.poll(() => unreadBadge(sidebarFeed).textContent()).toBe('3 unread');
    await expect.poll(() => unreadBadge(page.getByTestId('feed-switch')).textContent()).toBe('3');
    const marketsTopic = page.getByTestId('tree-topic').filter({ hasText: 'Markets' });
    await expect.poll(() => unreadBadge(marketsTopic).textContent()).toBe('3 unread');
    const robotsTopic = page.getByTestId('tree-topic').filter({ hasText: 'Engineering' });
    expect(await unreadBadge(robotsTopic).textContent()).toBe('3 unread');

    await page.getByTestId('mark-all-read').click();
    const dialog = page.getByTestId('mark-all-dialog');
    await dialog.waitFor();
    // Cancel first: nothing changes.
    await page.getByRole('button', { name: 'Cancel' }).click();
    await dialog.waitFor({ state: 'detached' });
    expect(await stack.prisma.userRead.count({ where: { userId: user.id } })).toBe(0);

    await page.getByTestId('mark-all-read').click();
    await page.getByTestId('mark-all-confirm').click();
    await expect.poll(() => stack.prisma.userRead.count({ where: { userId: user.id } })).toBe(3);
    await expect.poll(() => unreadBadge(sidebarFeed).count()).toBe(0);
    await expect.poll(() => unreadBadge(page.getByTestId('feed-switch')).count()).toBe(0);
    await expect.poll(() => unreadBadge(marketsTopic).count()).toBe(0);
    // Only My feed was marked: the other topic keeps its count.
    expect(await unreadBadge(robotsTopic).textContent()).toBe('3 unread');
    await expect.poll(() => cards(page).locator('[data-testid="read-marker"]').count()).toBe(3);
    await expect
      .poll(() => page.getByTestId('reading-announcer').textContent())
      .toContain('3 summaries marked as read');
    await page.context().close();
  });
});

describe('a reading setting: read when scrolled past', () => {
  /** Scrolls the page with the wheel, as a reader does, until the third card reaches the top. */
  async function scrollPastTwoCards(page: Page) {
    for (let step = 0; step < 60; step++) {
      const top = await cards(page)
        .nth(2)
        .evaluate(
          (card) =>
            (card as unknown as { getBoundingClientRect(): { top: number } }).getBoundingClientRect().top,
        );
      if (top <= 0) return;
      await page.mouse.wheel(0, 80);
    }
    throw new Error('the list did not scroll');
  }
  /** Each card's id and whether it is now wholly above the screen. */
  const passedCards = (page: Page) =>
    cards(page).evaluateAll((list) =>
      list.map((card) => {
        const element = card as unknown as ElementLike & { getBoundingClientRect(): { bottom: number } };
        return {
          id: element.getAttribute('data-summary-id') ?? '',
          passed: element.getBoundingClientRect().bottom <= 0,
        };
      }),
    );
  const readIds = async (userId: string) =>
    (await stack.prisma.userRead.findMany({ where: { userId } })).map((row) => row.summaryId).sort();

  it('is switched on in the profile; then the cards scrolled past are read, the others not', async () => {
    const user = await stack.createUser({ email: uniqueEmail('scroller') });
    const page = await stack.newPage({ viewport: { width: 1024, height: 520 }, timezoneId: 'UTC' });
    await stack.signIn(page, user.email, user.password);
    await page.goto('/profile');
    const setting = page
      .getByTestId('reading-settings-card')
      .getByRole('switch', { name: 'Mark summaries as read when I scroll past them' });
    await setting.waitFor(LOAD);
    expect(await setting.isChecked()).toBe(false);
    await setting.click({ force: true });
    await expect
      .poll(
        async () => (await stack.prisma.userProfile.findUnique({ where: { id: user.id } }))?.markReadOnScroll,
      )
      .toBe(true);
    await page.reload();
    await expect.poll(() => setting.isChecked(), LOAD).toBe(true);
    await expectAccessible(page, 'the profile with its reading settings');

    await page.goto('/content-summary');
    await expect.poll(() => cards(page).count(), LOAD).toBe(ALL_CARDS);
    await scrollPastTwoCards(page);
    const shown = await passedCards(page);
    const passed = shown.filter((card) => card.passed).map((card) => card.id);
    expect(passed.length).toBeGreaterThanOrEqual(2);
    await expect.poll(() => readIds(user.id)).toEqual([...passed].sort());
    // The list says so too: the cards scrolled past carry the read mark, the others not.
    await expect
      .poll(() => cards(page).evaluateAll((list) => list.map((card) => card.getAttribute('data-read'))))
      .toEqual(shown.map((card) => (card.passed ? 'true' : 'false')));
    await page.context().close();
  });

  it('is off until switched on: scrolling marks nothing', async () => {
    const user = await stack.createUser({ email: uniqueEmail('scroller-off') });
    const page = await stack.newPage({ viewport: { width: 1024, height: 520 }, timezoneId: 'UTC' });
    await stack.signIn(page, user.email, user.password);
    await page.goto('/content-summary');
    await expect.poll(() => cards(page).count(), LOAD).toBe(ALL_CARDS);
    await scrollPastTwoCards(page);
    // Longer than the setting's batching of what was scrolled past.
    await page.waitForTimeout(1500);
    expect(await readIds(user.id)).toEqual([]);
    await page.context().close();
  });
});

describe('the summary list’s keys', () => {
  it('j and k move between cards, o opens, m marks, / searches, ? lists the keys; typing is left alone', async () => {
    const { page } = await readerPage();
    await page.goto('/content-summary');
    await expect.poll(() => cards(page).count(), LOAD).toBe(ALL_CARDS);
    const ids = await cards(page).evaluateAll((list) =>
      list.map((card) => (card as unknown as ElementLike).getAttribute('data-summary-id')),
    );

    await page.keyboard.press('j');
    await expect.poll(() => focusedCard(page)).toBe(ids[0]);
    await page.keyboard.press('j');
    await expect.poll(() => focusedCard(page)).toBe(ids[1]);
    await page.keyboard.press('k');
    await expect.poll(() => focusedCard(page)).toBe(ids[0]);
    // The focused card is an article named by its title.
    const focused = page.locator('[data-summary-id]:focus');
    expect(await focused.getAttribute('role')).toBe('article');
    expect(
      await page.getByRole('article', { name: ROBOT_HEADLINES[0] }).getAttribute('data-summary-id'),
    ).toBe(ids[0]);
    // Modifier keys are the browser's: Ctrl+J does not move.
    await page.keyboard.press('Control+j');
    await expect.poll(() => focusedCard(page)).toBe(ids[0]);

    // o opens the card (and so marks it read); Enter on the card closes it again.
    await page.keyboard.press('o');
    await expect.poll(() => focused.getAttribute('data-expanded')).toBe('true');
    await expect.poll(() => focused.getAttribute('data-read')).toBe('true');
    await page.keyboard.press('Enter');
    await expect.poll(() => focused.getAttribute('data-expanded')).toBe('false');

    // m toggles read, said in the live region.
    await page.keyboard.press('m');
    await expect.poll(() => focused.getAttribute('data-read')).toBe('false');
    await expect
      .poll(() => page.getByTestId('reading-announcer').textContent())
      .toContain(`Marked as unread: ${ROBOT_HEADLINES[0]}`);
    await page.keyboard.press('m');
    await expect.poll(() => focused.getAttribute('data-read')).toBe('true');

    // f on the free plan: the upgrade prompt (favourites are Pro).
    await page.keyboard.press('f');
    const upgrade = page.getByTestId('upgrade-dialog');
    await upgrade.waitFor();
    expect(await upgrade.getAttribute('data-feature')).toBe('favorites');
    await page.keyboard.press('Escape');
    await upgrade.waitFor({ state: 'detached' });

    // / puts the focus in the search box; what is typed there stays text.
    await page.keyboard.press('/');
    const search = page.getByTestId('summary-search');
    await expect
      .poll(() => page.evaluate<string | null>(`document.activeElement?.dataset.testid ?? null`))
      .toBe('summary-search');
    await page.keyboard.type('jkm?');
    expect(await search.inputValue()).toBe('jkm?');
    expect(await page.getByTestId('shortcuts-dialog').count()).toBe(0);
    await search.fill('');

    // ? lists the keys (from anywhere but a field).
    await page.locator('h1').click();
    await page.keyboard.press('?');
    const dialog = page.getByRole('dialog', { name: 'Keyboard shortcuts' });
    await dialog.waitFor();
    expect(await dialog.textContent()).toContain('Mark the summary as read or unread');
    // j inside the dialog moves no card.
    await page.keyboard.press('j');
    expect(await focusedCard(page)).toBeNull();
    await page.keyboard.press('Escape');
    await dialog.waitFor({ state: 'detached' });
    await page.context().close();
  });

  it('f favourites the focused card for a Pro reader', async () => {
    const { user, page } = await readerPage({ plan: 'pro' });
    await page.goto('/content-summary');
    await expect.poll(() => cards(page).count(), LOAD).toBe(ALL_CARDS);
    await page.keyboard.press('j');
    const [first] = await headlinesShown(page);
    const announced = async () =>
      ((await page.getByTestId('reading-announcer').textContent()) ?? '').replaceAll('\u200b', '');
    await page.keyboard.press('f');
    await expect.poll(() => stack.prisma.userFavoriteSummary.count({ where: { userId: user.id } })).toBe(1);
    // Said to screen readers once the server has it, as m's changes are; f again takes it back.
    await expect.poll(announced).toBe(`Saved to favourites: ${first}`);
    await expect
      .poll(() => cards(page).first().getByRole('button', { name: 'Remove summary from favourites' }).count())
      .toBe(1);
    await page.keyboard.press('f');
    await expect.poll(() => stack.prisma.userFavoriteSummary.count({ where: { userId: user.id } })).toBe(0);
    await expect.poll(announced).toBe(`Removed from favourites: ${first}`);
    await page.context().close();
  });
});

describe('For you, and search across languages', () => {
  /** The reasons the cards carry, in the list's order. */
  const reasonsShown = (page: Page) =>
    cards(page).evaluateAll((list) =>
      list.map(
        (card) =>
          (card as unknown as ElementLike).querySelector('[data-testid="for-you-reason"]')?.textContent ?? '',
      ),
    );

  it('For you puts what the reader follows first, each card saying why; the order stays in the address', async () => {
    const { user, page } = await readerPage();
    await stack.prisma.userFollow.create({ data: { userId: user.id, topicId: markets.id } });
    await page.goto('/content-summary');
    await expect
      .poll(() => headlinesShown(page), LOAD)
      .toEqual([...ROBOT_HEADLINES, ...MARKET_HEADLINES, VIDEO_HEADLINE]);
    // Newest first has no reasons.
    expect(await page.getByTestId('for-you-reason').count()).toBe(0);

    await page.getByTestId('order-switch').locator('label').filter({ hasText: 'For you' }).click();
    await expect.poll(() => new URL(page.url()).searchParams.get('order')).toBe('for_you');
    await expect
      .poll(async () => MARKET_HEADLINES.includes((await headlinesShown(page))[0] ?? ''))
      .toBe(true);
    const headlines = await headlinesShown(page);
    const reasons = await reasonsShown(page);
    expect(headlines).toHaveLength(ALL_CARDS);
    // Every card says why: the followed topic's by its name, the others by what they are.
    headlines.forEach((headline, i) => {
      if (MARKET_HEADLINES.includes(headline)) expect(reasons[i]).toBe('Because you follow Markets');
      else expect(reasons[i]).toMatch(/^(Among the newest|Covered by \d+ sources?)$/);
    });
    await expectAccessible(page, 'the For you order');

    // A reload keeps the order; Clear filters keeps it too (it is how the reader reads, not a filter).
    await page.reload();
    await expect.poll(async () => (await reasonsShown(page))[0], LOAD).toBe('Because you follow Markets');
    expect(await page.getByRole('radio', { name: 'For you' }).isChecked()).toBe(true);
    await page.context().close();
  });

  it('a visitor has no For you switch: the order in a shared address falls back to newest first', async () => {
    const page = await stack.newPage({ viewport: DESKTOP, timezoneId: 'UTC' });
    await page.goto('/content-summary?order=for_you');
    await expect.poll(() => cards(page).count(), LOAD).toBe(ALL_CARDS);
    expect(await page.getByTestId('order-switch').count()).toBe(0);
    expect(await page.getByTestId('for-you-reason').count()).toBe(0);
    expect((await headlinesShown(page))[0]).toBe(ROBOT_HEADLINES[0]);
    await page.context().close();
  });

  it('an English search also lists the Chinese reports, marked as Chinese; one opens in the page', async () => {
    const page = await stack.newPage({ viewport: DESKTOP, timezoneId: 'UTC' });
    await page.goto('/content-summary');
    await expect.poll(() => cards(page).count(), LOAD).toBe(ALL_CARDS);
    await page.getByTestId('summary-search').fill('robots');
    await page.getByTestId('summary-search').press('Enter');
    const other = page.getByTestId('other-language');
    await other.waitFor(LOAD);
    expect(await other.getByRole('heading', { level: 2 }).textContent()).toBe('Also in Chinese');
    const item = other.getByTestId('other-language-item').filter({ hasText: ZH_ROBOT_HEADLINE });
    await item.waitFor();
    expect(await item.textContent()).toContain('Chinese');
    const link = item.getByRole('link', { name: ZH_ROBOT_HEADLINE });
    expect(await link.getAttribute('lang')).toBe('zh');
    // The English matches are listed as before.
    await expect.poll(() => headlinesShown(page)).toContain('Robots learn to cook');
    await expectAccessible(page, 'a search with the other language’s reports');

    await link.click();
    await expect
      .poll(() => new URL(page.url()).searchParams.get('summary'))
      .toBe(
        await stack.prisma.summary
          .findFirstOrThrow({ where: { headline: ZH_ROBOT_HEADLINE } })
          .then((row) => row.id),
      );
    await page.getByText('研究团队展示了一个会做饭的家用机器人。').waitFor(LOAD);
    await page.context().close();
  });

  it('in Chinese: a search lists the English reports; a query in a third script is said to be unsupported', async () => {
    const page = await stack.newPage({ viewport: { width: 320, height: 800 }, timezoneId: 'UTC' });
    await page.goto(`/zh/content-summary?q=${encodeURIComponent('机器人做饭')}`);
    const other = page.getByTestId('other-language');
    await other.waitFor(LOAD);
    expect(await other.getByRole('heading', { level: 2 }).textContent()).toBe('英文报道');
    await expect.poll(() => other.getByTestId('other-language-item').count()).toBeGreaterThan(0);
    const english = await other.getByTestId('other-language-item').allTextContents();
    expect(english.some((text) => text.includes('Robots'))).toBe(true);
    await expect.poll(() => fitsWidth(page)).toBe(true);
    await expectAccessible(page, 'a Chinese search at 320 px');

    await page.goto(`/content-summary?q=${encodeURIComponent('роботы готовят')}`);
    await page.getByTestId('other-language-skipped').waitFor(LOAD);
    expect(await page.getByTestId('other-language-skipped').textContent()).toContain('English and Chinese');
    await page.context().close();
  });
});

describe('accessibility and small screens', () => {
  it('My feed passes axe (WCAG 2.1 AA), with the shortcuts dialog open too, and fits 320 px', async () => {
    const { user, page } = await readerPage();
    await stack.prisma.userFollow.create({ data: { userId: user.id, topicId: robots.id } });
    await stack.prisma.userRead.create({
      data: { userId: user.id, summaryId: summaryIds[ROBOT_HEADLINES[1]!]! },
    });
    await page.goto('/content-summary?feed=mine');
    await expect.poll(() => cards(page).count(), LOAD).toBe(3);
    await cardOf(page, ROBOT_HEADLINES[1]!).getByTestId('read-marker').waitFor();
    await expectAccessible(page, 'My feed with a read card');

    await page.getByTestId('shortcuts-button').click();
    await page.getByTestId('shortcuts-dialog').waitFor();
    await expectAccessible(page, 'the shortcuts dialog');
    await page.keyboard.press('Escape');

    await page.setViewportSize({ width: 320, height: 720 });
    await expect.poll(() => fitsWidth(page)).toBe(true);
    await expectAccessible(page, 'My feed at 320 px');
    await page.goto(`/topics/${markets.id}`);
    await page.getByTestId('follow-button').waitFor(LOAD);
    await expect.poll(() => fitsWidth(page)).toBe(true);
    await page.goto('/topics/engineering');
    await page.getByTestId('follow-button').waitFor(LOAD);
    await expect.poll(() => fitsWidth(page)).toBe(true);
    await page.context().close();
  });

  it('in Chinese: My feed and the empty state speak Chinese', async () => {
    const { page } = await readerPage();
    await page.goto('/zh/content-summary?feed=mine');
    const empty = page.getByTestId('feed-empty');
    await empty.waitFor(LOAD);
    expect(await empty.textContent()).toContain('你还没有关注任何内容');
    expect(await page.getByRole('radio', { name: '我的订阅' }).isChecked()).toBe(true);
    await expectAccessible(page, 'My feed, empty, in Chinese');
    await page.context().close();
  });
});

describe('a story’s card', () => {
  it('is read with all its matching reports when opened, and unread with them again', async () => {
    const prisma = stack.prisma;
    const topic = await prisma.topic.create({
      data: { slug: 'reading-story', name: 'Launches', nameZh: '发布' },
    });
    const sources = await Promise.all(
      ['launch-wire', 'launch-daily'].map((name) =>
        prisma.datasource.create({
          data: {
            topicId: topic.id,
            platform: 'blog',
            sourceName: name,
            sourceUrl: `https://${name}.example/feed`,
          },
        }),
      ),
    );
    const at = new Date(Date.now() - 30 * 60_000);
    const story = await prisma.story.create({
      data: {
        headline: 'A rocket lands upright',
        language: 'EN',
        summaryCount: 2,
        firstSeenAt: at,
        lastSeenAt: at,
      },
    });
    const reports = await Promise.all(
      sources.map((source, i) =>
        prisma.summary.create({
          data: {
            headline: i === 0 ? 'A rocket lands upright' : 'Rocket lands upright on its pad',
            content: 'The rocket came back and landed upright.',
            summaryType: 'blog_post',
            language: 'EN',
            topicId: topic.id,
            datasourceId: source.id,
            storyId: story.id,
            sourceUrls: [`https://example.com/rocket-${i}`],
            createdAt: new Date(at.getTime() - i * 60_000),
          },
        }),
      ),
    );
    const ids = reports.map((report) => report.id);
    try {
      const { user, page } = await readerPage();
      await page.goto(`/content-summary?topic=${topic.id}`);
      await expect.poll(() => cards(page).count(), LOAD).toBe(1);
      await cards(page).first().getByTestId('summary-toggle').click();
      await expect
        .poll(() => prisma.userRead.count({ where: { userId: user.id, summaryId: { in: ids } } }))
        .toBe(2);
      await cards(page).first().getByTestId('summary-toggle').click();
      await cards(page).first().getByTestId('read-toggle').click();
      await expect
        .poll(() => prisma.userRead.count({ where: { userId: user.id, summaryId: { in: ids } } }))
        .toBe(0);
      await page.context().close();
    } finally {
      await prisma.summary.deleteMany({ where: { id: { in: ids } } });
      await prisma.story.delete({ where: { id: story.id } });
      await prisma.datasource.deleteMany({ where: { topicId: topic.id } });
      await prisma.topic.delete({ where: { id: topic.id } });
    }
  });
});
