import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type Stack, startStack, uniqueEmail } from './harness.ts';

// What the admin area tells an admin, checked against the rows behind it: each source's status and
// times come from its crawl health (the Source health tab's data), topic cards count posts and
// summaries, /zh/admin speaks Chinese (topic names, error descriptions), every platform has one
// name on every screen, and at 320 and 375 px every tab is in reach and no status badge is cut.

let stack: Stack;
let admin: { email: string; password: string };
const MINUTE = 60_000;
const ago = (ms: number) => new Date(Date.now() - ms);
const TOPIC = { name: 'Truthful Robots', nameZh: '诚实机器人' };
const LONG_TOPIC = {
  name: 'Extraordinarily Long Topic Name About Autonomous Robot Arms And Their Makers',
  nameZh: '关于自主机械臂及其制造商的非常非常长的主题名称用来测试窄屏幕',
};

beforeAll(async () => {
  stack = await startStack();
  admin = await stack.createUser({ email: uniqueEmail('truth-admin'), role: 'admin' });
  const prisma = stack.prisma;
  const topic = await prisma.topic.create({
    data: {
      slug: 'truthful-robots',
      name: TOPIC.name,
      nameZh: TOPIC.nameZh,
      description: 'Robots that tell the truth',
      descriptionZh: '说真话的机器人',
    },
  });
  await prisma.topic.create({
    data: { slug: 'long-robots', name: LONG_TOPIC.name, nameZh: LONG_TOPIC.nameZh, description: 'Long' },
  });
  const source = (
    data: Record<string, unknown> & { platform: 'blog' | 'twitter' | 'twitter_rss' | 'wechat' },
  ) =>
    prisma.datasource.create({
      data: {
        topicId: topic.id,
        sourceName: 'unnamed',
        sourceUrl: `https://${Math.random().toString(36).slice(2)}.example.com/feed`,
        ...data,
      },
    });
  // Tried and failing ever since it was added: no success yet.
  await source({
    platform: 'blog',
    sourceName: 'Broken robots blog',
    lastCrawledAt: ago(5.5 * MINUTE),
    lastErrorAt: ago(5.5 * MINUTE),
    lastErrorClass: 'network',
    lastErrorMessage: 'getaddrinfo ENOTFOUND broken.example.com',
    consecutiveFailures: 4,
  });
  const keyword = await source({
    platform: 'twitter',
    sourceName: 'robots 相关推文',
    sourceUrl: 'robots',
    lastCrawledAt: ago(2.5 * MINUTE),
    lastErrorAt: ago(2.5 * MINUTE),
    lastErrorClass: 'config',
    lastErrorMessage: 'X_BEARER_TOKEN is not set: keyword search is unavailable',
    consecutiveFailures: 2,
  });
  const accounts = await source({
    platform: 'twitter_rss',
    sourceName: 'Robot accounts',
    lastCrawledAt: ago(20.5 * MINUTE),
    lastSuccessAt: ago(20.5 * MINUTE),
  });
  await source({ platform: 'wechat', sourceName: '机器人公众号', language: 'ZH' });

  // Two posts still kept, five summaries: three lost their posts to the posts clean-up.
  const posts = await Promise.all(
    [1, 2].map((n) =>
      prisma.post.create({
        data: {
          datasourceId: accounts.id,
          url: `https://x.example.com/${n}`,
          urlHash: `truth-${n}`,
          title: `${n}`,
        },
      }),
    ),
  );
  await prisma.summary.createMany({
    data: [
      { postId: posts[0]!.id, datasourceId: accounts.id, headline: 'Robot accounts say hello' },
      { postId: posts[1]!.id, datasourceId: accounts.id, headline: 'Robot accounts say goodbye' },
      { postId: null, datasourceId: keyword.id, headline: 'People search for robots' },
      { postId: null, datasourceId: keyword.id, headline: 'More searches for robots' },
      { postId: null, datasourceId: accounts.id, headline: 'Robot accounts, earlier' },
    ].map((row) => ({
      ...row,
      topicId: topic.id,
      content: `${row.headline}. A longer text about robots.`,
      language: 'EN' as const,
      summaryType: 'twitter_rss_datasource' as const,
    })),
  });
}, 120_000);
afterAll(async () => {
  await stack?.stop();
});

async function openAdmin(path: '/admin' | '/zh/admin', width = 1280): Promise<Page> {
  const page = await stack.newPage({ viewport: { width, height: 800 } });
  await stack.signIn(page, admin.email, admin.password);
  await page.goto(path);
  await page.getByTestId('topic-card').first().waitFor({ timeout: 15_000 });
  return page;
}

const row = (page: Page, name: string) => page.getByTestId('ds-row').filter({ hasText: name });
const cellTexts = async (page: Page, name: string) =>
  (await row(page, name).locator('td').allTextContents()).map((text) => text.trim());

describe('source status', () => {
  it('comes from the crawl health: failing with its error, no success, real times (English)', async () => {
    const page = await openAdmin('/admin');
    await page.getByRole('tab', { name: 'Data sources' }).click();
    await expect.poll(() => page.getByTestId('ds-row').count(), { timeout: 15_000 }).toBe(4);

    const broken = row(page, 'Broken robots blog');
    expect(await broken.getByTestId('ds-status').textContent()).toBe('Failing');
    expect(await broken.getByTestId('ds-error').textContent()).toBe(
      'Could not reach the site (network or DNS error) · 4 failures in a row',
    );
    expect(await broken.textContent()).toContain('getaddrinfo ENOTFOUND broken.example.com');
    const brokenTimes = await broken.getByTestId('ds-last-crawled').textContent();
    expect(brokenTimes).toMatch(/^No successful crawl yetLast try [56] minutes ago$/);

    const keyword = row(page, 'robots 相关推文');
    expect(await keyword.getByTestId('ds-status').textContent()).toBe('Failing');
    expect(await keyword.getByTestId('ds-error').textContent()).toContain(
      "The source's settings are missing or wrong",
    );

    const accounts = row(page, 'Robot accounts');
    expect(await accounts.getByTestId('ds-status').textContent()).toBe('Normal');
    expect(await accounts.getByTestId('ds-last-crawled').textContent()).toMatch(/^2[01] minutes ago$/);
    expect(await accounts.getByTestId('ds-error').count()).toBe(0);

    const never = row(page, '机器人公众号');
    expect(await never.getByTestId('ds-status').textContent()).toBe('Pending');
    expect(await never.getByTestId('ds-last-crawled').textContent()).toBe('Never crawled');

    // The Source health tab tells the same: the two failing, one healthy, one never crawled.
    await page.getByRole('tab', { name: 'Source health' }).click();
    await page.getByTestId('health-tab').waitFor({ timeout: 15_000 });
    const healthErrors = await page.getByTestId('health-error-text').allTextContents();
    expect(healthErrors).toHaveLength(2);
    expect(healthErrors.join(' ')).toContain('Could not reach the site (network or DNS error)');
    expect(await page.getByRole('radio', { name: /^Failing \(2\)/ }).count()).toBe(1);
    await page.context().close();
  });
});

describe('topic cards', () => {
  it('count the posts kept and all the summaries, in both languages', async () => {
    const page = await openAdmin('/admin');
    const card = page.getByTestId('topic-card').filter({ hasText: TOPIC.name });
    expect(await card.getByTestId('topic-stats').textContent()).toBe(
      'Data sources 4 · Posts 2 · Summaries 5',
    );
    await page.goto('/zh/admin');
    const zhCard = page.getByTestId('topic-card').filter({ hasText: TOPIC.nameZh });
    await expect
      .poll(() => zhCard.getByTestId('topic-stats').textContent(), { timeout: 15_000 })
      .toBe('数据源 4 · 文章 2 · 摘要 5');
    await page.context().close();
  });
});

describe('/zh/admin', () => {
  it('names topics and platforms in Chinese and describes errors in words, never by their code', async () => {
    const page = await openAdmin('/zh/admin');
    const card = page.getByTestId('topic-card').filter({ hasText: TOPIC.nameZh });
    expect(await card.count()).toBe(1);
    expect(await card.textContent()).toContain('说真话的机器人');
    expect(await page.getByTestId('topics-tab').textContent()).not.toContain(TOPIC.name);

    await page.getByRole('tab', { name: '数据源管理' }).click();
    await expect.poll(() => page.getByTestId('ds-row').count(), { timeout: 15_000 }).toBe(4);
    const broken = await cellTexts(page, 'Broken robots blog');
    expect(broken.slice(1, 3)).toEqual(['博客', TOPIC.nameZh]);
    expect(await row(page, 'Broken robots blog').getByTestId('ds-status').textContent()).toBe('失败中');
    expect(await row(page, 'Broken robots blog').getByTestId('ds-error').textContent()).toBe(
      '无法连接网站（网络或 DNS 错误） · 连续失败 4 次',
    );
    expect(await row(page, 'robots 相关推文').getByTestId('ds-error').textContent()).toContain(
      '数据源配置缺失或有误',
    );
    expect(await row(page, 'Broken robots blog').getByTestId('ds-last-crawled').textContent()).toMatch(
      /^尚未成功抓取最后尝试：[56]分钟前$/,
    );

    await page.getByRole('tab', { name: '数据源健康' }).click();
    await page.getByTestId('health-tab').waitFor({ timeout: 15_000 });
    const errors = await page.getByTestId('health-error-text').allTextContents();
    expect(errors.some((text) => text.startsWith('无法连接网站（网络或 DNS 错误）'))).toBe(true);
    expect(errors.some((text) => text.startsWith('数据源配置缺失或有误'))).toBe(true);
    const cells = (await page.locator('[data-testid="health-tab"] td').allTextContents()).map((t) =>
      t.trim(),
    );
    for (const code of ['network', 'config']) expect(cells).not.toContain(code);
    await page.context().close();
  });
});

describe('platform names', () => {
  // The one name of each platform, per language, whatever the screen.
  const NAMES = {
    en: { blog: 'Blog', twitter: 'Twitter search', 'twitter-rss': 'Twitter', wechat: 'WeChat' },
    zh: { blog: '博客', twitter: 'Twitter 搜索', 'twitter-rss': 'Twitter', wechat: '微信公众号' },
  } as const;
  const SOURCES = {
    blog: 'Broken robots blog',
    twitter: 'robots 相关推文',
    'twitter-rss': 'Robot accounts',
    wechat: '机器人公众号',
  } as const;

  for (const language of ['en', 'zh'] as const) {
    it(`are the same in the admin, the reader's filter, cards and source tree (${language})`, async () => {
      const prefix = language === 'zh' ? '/zh' : '';
      const page = await openAdmin(language === 'zh' ? '/zh/admin' : '/admin');
      await page.getByRole('tab', { name: language === 'zh' ? '数据源管理' : 'Data sources' }).click();
      await expect.poll(() => page.getByTestId('ds-row').count(), { timeout: 15_000 }).toBe(4);
      for (const [id, source] of Object.entries(SOURCES))
        expect((await cellTexts(page, source))[1], id).toBe(NAMES[language][id as keyof typeof SOURCES]);
      // The admin's platform filter offers the same names.
      await page.getByTestId('ds-filter-platform').click();
      const adminOptions = await page.getByRole('option').allTextContents();
      await page.keyboard.press('Escape');

      await page.goto(`${prefix}/content-summary`);
      await page.getByTestId('platform-filter').click();
      const readerOptions = page.locator('.mantine-Popover-dropdown .mantine-Checkbox-label');
      await expect.poll(() => readerOptions.count(), { timeout: 15_000 }).toBe(8);
      expect(await readerOptions.allTextContents()).toEqual(adminOptions);
      for (const name of Object.values(NAMES[language])) expect(adminOptions).toContain(name);
      await page.keyboard.press('Escape');

      if (language === 'en') {
        // The cards of the EN summaries: Twitter search and Twitter, as in the admin.
        await expect
          .poll(() => page.getByTestId('platform-badge').allTextContents(), { timeout: 15_000 })
          .toEqual(expect.arrayContaining([NAMES.en.twitter, NAMES.en['twitter-rss']]));
        const badges = new Set(await page.getByTestId('platform-badge').allTextContents());
        expect([...badges].sort()).toEqual([NAMES.en.twitter, NAMES.en['twitter-rss']].sort());
        const tree = await page.getByTestId('tree-platform').allTextContents();
        expect(tree.some((text) => text.startsWith(NAMES.en['twitter-rss']))).toBe(true);
      }
      await page.context().close();
    });
  }
});

// e2e code compiles without the DOM library: the callbacks run in the page reach it through these.
type Rect = { left: number; right: number; top: number; bottom: number; width: number };
type Node = {
  scrollWidth: number;
  clientWidth: number;
  textContent: string | null;
  getBoundingClientRect(): Rect;
  closest(selector: string): Node | null;
  querySelector(selector: string): Node | null;
  querySelectorAll(selector: string): ArrayLike<Node>;
};
type Globals = { innerWidth: number; document: { documentElement: { scrollWidth: number } } & Node };

/** Tabs that are not wholly inside the window, a tab list that scrolls, a page wider than the window. */
function tabsOutOfReach(): string[] {
  const page = globalThis as unknown as Globals;
  const list = page.document.querySelector('[role="tablist"]');
  if (!list) return ['no tab list'];
  const problems: string[] = [];
  for (const tab of Array.from(list.querySelectorAll('[role="tab"]'))) {
    const box = tab.getBoundingClientRect();
    if (box.left < 0 || box.right > page.innerWidth || box.width === 0)
      problems.push(`${tab.textContent} at ${Math.round(box.left)}–${Math.round(box.right)}`);
  }
  if (list.scrollWidth > list.clientWidth) problems.push('the tab list scrolls sideways');
  if (page.document.documentElement.scrollWidth > page.innerWidth) problems.push('the page scrolls sideways');
  return problems;
}

/** Status badges whose text is cut or that stick out of their card. */
function clippedBadges(): string[] {
  const page = globalThis as unknown as Globals;
  const badges = page.document.querySelectorAll(
    '[data-testid="topic-card"] .mantine-Badge-root[data-variant="dot"]',
  );
  if (badges.length === 0) return ['no status badge'];
  return Array.from(badges).flatMap((badge) => {
    const label = badge.querySelector('.mantine-Badge-label') ?? badge;
    const card = badge.closest('[data-testid="topic-card"]');
    const box = badge.getBoundingClientRect();
    const cardBox = card?.getBoundingClientRect();
    const cut =
      label.scrollWidth > label.clientWidth ||
      badge.scrollWidth > badge.clientWidth ||
      (cardBox !== undefined && box.right > cardBox.right);
    return cut ? [`${badge.textContent} (${label.scrollWidth} > ${label.clientWidth})`] : [];
  });
}

describe('at phone widths', () => {
  for (const width of [320, 375]) {
    for (const path of ['/admin', '/zh/admin'] as const) {
      it(`${path} at ${width} px keeps all 11 tabs in reach, by touch and keyboard, and cuts no badge`, async () => {
        const page = await openAdmin(path, width);
        const tabs = page.getByRole('tab');
        expect(await tabs.count()).toBe(11);
        expect(await page.evaluate(clippedBadges)).toEqual([]);
        expect(await page.getByTestId('topic-status').count()).toBe(2);
        expect(await page.evaluate(tabsOutOfReach)).toEqual([]);
        for (const tab of await tabs.all()) expect(await tab.isVisible()).toBe(true);

        // From the keyboard: arrows move along the tabs and open them, wrapping at the ends.
        const first = tabs.first();
        await first.focus();
        await page.keyboard.press('ArrowRight');
        await expect.poll(() => tabs.nth(1).getAttribute('aria-selected')).toBe('true');
        await page.keyboard.press('ArrowLeft');
        await page.keyboard.press('ArrowLeft');
        const last = tabs.last();
        await expect.poll(() => last.getAttribute('aria-selected')).toBe('true');
        expect(
          await last.evaluate(
            (node) =>
              node ===
              (globalThis as unknown as { document: { activeElement: unknown } }).document.activeElement,
          ),
        ).toBe(true);
        await page.context().close();
      });
    }
  }
});
