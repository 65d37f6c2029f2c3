import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { expectAccessible } from './axe.ts';
import { type Stack, startStack } from './harness.ts';
import { focusedTestId, pageScrollWidth, tabTo } from './page-checks.ts';

// A story's own page (/stories/{id}), as a visitor opens it: the title, the lead report's summary and
// every report, a "Copy link" button used from the keyboard (and its fallback where there is no
// clipboard), in English and Chinese; what an unknown or too old story shows; and the way there from
// a story's card. Accessible (WCAG 2.1 AA) and without sideways scrolling at 320 px.

let stack: Stack;
const ids = { topic: '', story: '', old: '', lead: '' };
const HEADLINE = 'Cloudscale acquires OrbitDB for $420 million';

beforeAll(async () => {
  stack = await startStack();
  const prisma = stack.prisma;
  ids.topic = (await prisma.topic.create({ data: { slug: 'story-page', name: 'Story page' } })).id;
  const at = (hoursAgo: number) => new Date(Date.now() - hoursAgo * 3600_000);
  const story = await prisma.story.create({
    data: { headline: HEADLINE, language: 'EN', summaryCount: 3, firstSeenAt: at(3), lastSeenAt: at(1) },
  });
  ids.story = story.id;
  const reports = [
    { source: 'TechWire', platform: 'blog', language: 'EN', headline: HEADLINE, hoursAgo: 3 },
    {
      source: 'Dev Daily Podcast',
      platform: 'podcast',
      language: 'EN',
      headline: 'Episode: why Cloudscale bought OrbitDB, and what it means for every team running Postgres',
      hoursAgo: 2,
    },
    { source: '科技日报', platform: 'wechat', language: 'ZH', headline: '云规模收购 OrbitDB', hoursAgo: 1 },
  ] as const;
  for (const [i, r] of reports.entries()) {
    const datasource = await prisma.datasource.create({
      data: {
        topicId: ids.topic,
        platform: r.platform,
        sourceName: r.source,
        sourceUrl: `https://s${i}.example/feed`,
        language: r.language,
      },
    });
    const summary = await prisma.summary.create({
      data: {
        headline: r.headline,
        content:
          i === 0
            ? 'Cloudscale agreed to buy **OrbitDB** for $420 million in cash and stock.'
            : `${r.headline}.`,
        summaryType: r.platform === 'podcast' ? 'podcast' : 'blog_post',
        language: r.language,
        topicId: ids.topic,
        datasourceId: datasource.id,
        storyId: story.id,
        sourceUrls: [`https://s${i}.example/orbitdb-and-a-rather-long-path-that-must-wrap-on-a-phone`],
        createdAt: at(r.hoursAgo),
      },
    });
    if (i === 0) ids.lead = summary.id;
  }
  // Every report older than a visitor's two days.
  const old = await prisma.story.create({
    data: {
      headline: 'Old news',
      language: 'EN',
      summaryCount: 1,
      firstSeenAt: at(144),
      lastSeenAt: at(144),
    },
  });
  ids.old = old.id;
  await prisma.summary.create({
    data: {
      headline: 'Old news',
      content: 'Long ago.',
      summaryType: 'blog_post',
      language: 'EN',
      topicId: ids.topic,
      storyId: old.id,
      sourceUrls: ['https://old.example/a'],
      createdAt: at(144),
    },
  });
}, 120_000);
afterAll(async () => {
  await stack?.stop();
});

const readClipboard = (page: Page) =>
  page.evaluate(() =>
    (
      globalThis as unknown as { navigator: { clipboard: { readText(): Promise<string> } } }
    ).navigator.clipboard.readText(),
  );

/** Nothing sticks out sideways at 320 px (WCAG 1.4.10 reflow), and the page is still accessible there. */
async function expectFitsAt320(page: Page, label: string) {
  await page.setViewportSize({ width: 320, height: 640 });
  await expect.poll(() => pageScrollWidth(page)).toBeLessThanOrEqual(320);
  await expectAccessible(page, `${label} at 320 px`);
}

const TEXTS = {
  en: {
    prefix: '',
    count: '3 reports',
    copied: 'Link copied',
    manual: 'Copying is not available here: select the link below and copy it.',
    source: 'TechWire · Blog',
    zhSource: '科技日报 · WeChat',
    readSummary: 'Read the summary',
    site: 'Daily Curated',
  },
  zh: {
    prefix: '/zh',
    count: '3 篇报道',
    copied: '链接已复制',
    manual: '此处无法自动复制：请选中下面的链接并复制。',
    source: 'TechWire · 博客',
    zhSource: '科技日报 · 微信公众号',
    readSummary: '阅读摘要',
    site: '每日精选',
  },
} as const;

describe.each(['en', 'zh'] as const)('a story’s page (%s)', (language) => {
  const t = TEXTS[language];

  it('shows the title, the lead summary and each report; Copy link works from the keyboard', async () => {
    const page = await stack.newPage({ viewport: { width: 1280, height: 900 } });
    await page.context().grantPermissions(['clipboard-read', 'clipboard-write'], { origin: stack.baseUrl });
    const response = await page.goto(`${t.prefix}/stories/${ids.story}`);
    expect(response?.status()).toBe(200);
    await page.getByTestId('story-page').waitFor({ timeout: 15_000 });
    expect(await page.getByTestId('story-title').textContent()).toBe(HEADLINE);
    expect(await page.getByRole('heading', { level: 1 }).textContent()).toBe(HEADLINE);
    await expect
      .poll(() =>
        page.evaluate(() => (globalThis as unknown as { document: { title: string } }).document.title),
      )
      .toBe(`${HEADLINE} · ${t.site}`);
    expect(await page.getByTestId('story-count').textContent()).toBe(t.count);
    // The lead report's summary, as its text reads.
    const summary = page.getByTestId('story-summary');
    await expect
      .poll(() => summary.textContent(), { timeout: 15_000 })
      .toContain('$420 million in cash and stock');
    expect(await summary.locator('strong').textContent()).toBe('OrbitDB');

    const reports = page.getByTestId('story-report');
    expect(await reports.count()).toBe(3);
    expect(await page.getByTestId('story-report-source').allTextContents()).toEqual([
      t.source,
      expect.stringMatching(/^Dev Daily Podcast · /),
      t.zhSource,
    ]);
    const first = reports.first();
    expect(await first.getByRole('link', { name: t.readSummary }).getAttribute('href')).toBe(
      `${t.prefix}/content-summary?summary=${ids.lead}`,
    );
    const original = first.locator('a[target="_blank"]').first();
    expect(await original.getAttribute('href')).toBe(
      'https://s0.example/orbitdb-and-a-rather-long-path-that-must-wrap-on-a-phone',
    );
    expect(await original.getAttribute('rel')).toBe('noopener noreferrer');
    expect(await reports.nth(2).locator('h3').getAttribute('lang')).toBe('zh');
    await expectAccessible(page, `story page (${language})`);

    // Copy link, from the keyboard: the confirmation is in a status region, the address in the clipboard.
    await tabTo(page, 'story-copy-link');
    const status = page.getByTestId('story-copy-status');
    expect(await status.getAttribute('role')).toBe('status');
    expect(await status.textContent()).toBe('');
    await page.keyboard.press('Enter');
    await expect.poll(() => status.textContent()).toBe(t.copied);
    expect(await readClipboard(page)).toBe(`${stack.baseUrl}${t.prefix}/stories/${ids.story}`);
    await expectAccessible(page, `story page, link copied (${language})`);

    await expectFitsAt320(page, `story page (${language})`);
    await page.context().close();
  });

  it('without a clipboard, shows the address selected, to copy by hand', async () => {
    const page = await stack.newPage({ viewport: { width: 1280, height: 900 } });
    await page.addInitScript('Object.defineProperty(navigator, "clipboard", { value: undefined })');
    await page.goto(`${t.prefix}/stories/${ids.story}`);
    await page.getByTestId('story-copy-link').waitFor({ timeout: 15_000 });
    await tabTo(page, 'story-copy-link');
    await page.keyboard.press('Space');
    await expect.poll(() => page.getByTestId('story-copy-status').textContent()).toBe(t.manual);
    // The field has the focus, its address selected: Ctrl+C copies it.
    const field = page.getByTestId('story-link-field');
    expect(await field.inputValue()).toBe(`${stack.baseUrl}${t.prefix}/stories/${ids.story}`);
    expect(await focusedTestId(page)).toBe('story-link-field');
    expect(
      await page.evaluate(() => {
        const element = (globalThis as unknown as { document: { activeElement: unknown } }).document
          .activeElement as { selectionStart: number; selectionEnd: number; value: string };
        return element.selectionEnd - element.selectionStart === element.value.length;
      }),
    ).toBe(true);
    await expectAccessible(page, `story page, copy by hand (${language})`);
    await expectFitsAt320(page, `story page, copy by hand (${language})`);
    await page.context().close();
  });
});

describe('a story that is not there, or not for a visitor', () => {
  it('an unknown or malformed id: the not-found box (a 404); a story past two days: the plans (a 410)', async () => {
    const page = await stack.newPage({ viewport: { width: 1280, height: 900 } });
    for (const [target, status, testId] of [
      ['/stories/00000000-0000-4000-8000-000000000000', 404, 'story-not-found'],
      ['/zh/stories/not-a-story', 404, 'story-not-found'],
      [`/stories/${ids.story}x`, 404, 'story-not-found'],
      [`/stories/${ids.old}`, 410, 'story-pro-required'],
    ] as const) {
      const response = await page.goto(target);
      expect(response?.status(), target).toBe(status);
      await page.getByTestId(testId).waitFor({ timeout: 15_000 });
      await expectAccessible(page, target);
    }
    expect(await page.getByRole('link', { name: 'View plans' }).getAttribute('href')).toBe('/pricing');
    await page.context().close();
  });

  it('while the story loads: a placeholder; when it fails: an error with a retry that loads it', async () => {
    const page = await stack.newPage({ viewport: { width: 1280, height: 900 } });
    let failing = true;
    let release = () => {};
    const held = new Promise<void>((resolve) => {
      release = resolve;
    });
    // Held until released, then refused (a 4xx is not tried again) until `failing` is turned off.
    await page.route('**/api/stories/*', async (route) => {
      await held;
      return failing
        ? route.fulfill({
            status: 429,
            contentType: 'application/json',
            body: JSON.stringify({ error: { code: 'RATE_LIMITED', message: 'Too many requests' } }),
          })
        : route.continue();
    });
    await page.goto(`/stories/${ids.story}`);
    const loading = page.getByTestId('story-loading');
    await loading.waitFor({ timeout: 15_000 });
    expect(await loading.getByRole('status').textContent()).toBe('Loading the story…');
    release();
    const error = page.getByTestId('story-error');
    await error.waitFor({ timeout: 15_000 });
    expect(await error.textContent()).toContain('Could not load the story');
    await expectAccessible(page, 'story page, failed to load');
    failing = false;
    await error.getByRole('button').click();
    await page.getByTestId('story-page').waitFor({ timeout: 15_000 });
    await page.context().close();
  });
});

describe('the way to a story’s page', () => {
  it('a story’s card on the summary page links to it', async () => {
    const page = await stack.newPage({ viewport: { width: 1280, height: 900 } });
    await page.goto(`/content-summary?topic=${ids.topic}`);
    const link = page.getByTestId('summary-card').first().getByTestId('story-page-link');
    await link.waitFor({ timeout: 15_000 });
    expect(await link.getAttribute('href')).toBe(`/stories/${ids.story}`);
    await link.click();
    await page.getByTestId('story-page').waitFor({ timeout: 15_000 });
    expect(new URL(page.url()).pathname).toBe(`/stories/${ids.story}`);
    expect(await page.getByTestId('story-report').count()).toBe(3);
    await page.context().close();
  });
});
