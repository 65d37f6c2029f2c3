import { randomUUID } from 'node:crypto';
import { seed } from '@app/db';
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { expectAccessible } from './axe.ts';
import { type Stack, startStack } from './harness.ts';
import { expectFitsAt320 } from './page-checks.ts';

// The footer's channel links, the Google button and its failures, and the topic detail page's
// pagination, filters and platform names, as a reader sees them in a real browser.

let stack: Stack;
beforeAll(async () => {
  stack = await startStack();
  await seed(stack.prisma, {});
}, 60_000);
afterAll(async () => {
  await stack?.stop();
});

const LA = 'America/Los_Angeles';
const localDay = (date: Date) => new Intl.DateTimeFormat('en-CA', { timeZone: LA }).format(date);
const LATE_SOURCE = 'Zz Spec Late Notes';

// e2e code compiles without the DOM library: callbacks run in the page reach it through globalThis.
type PageWindow = { location: { pathname: string; search: string } };

const footerLinks = (page: Page) => page.getByTestId('knowledge-base-link');

describe('footer knowledge base', () => {
  it('lists the first eight channels of the database alphabetically, and none leads to "Channel not found"', async () => {
    const channels = await stack.prisma.datasource.findMany({
      where: { platform: 'youtube', isActive: true, language: 'EN' },
      select: { sourceName: true },
    });
    const expected = [...new Set(channels.map((c) => c.sourceName))]
      .sort((a, b) => a.localeCompare(b, 'en', { sensitivity: 'base' }))
      .slice(0, 8);
    expect(expected.length).toBeGreaterThan(0);

    const page = await stack.newPage();
    await page.goto('/');
    await expect.poll(() => footerLinks(page).count(), { timeout: 15_000 }).toBe(expected.length);
    expect(await footerLinks(page).allTextContents()).toEqual(expected);
    const hrefs = await footerLinks(page).evaluateAll((links) =>
      links.map((link) => link.getAttribute('href') ?? ''),
    );
    await expectFitsAt320(page);

    for (const [index, href] of hrefs.entries()) {
      // Follow the link as a reader does: click it in the footer.
      await page.goto('/');
      await footerLinks(page).nth(index).waitFor({ timeout: 15_000 });
      await footerLinks(page).nth(index).click();
      await page.waitForURL((url) => `${url.pathname}${url.search}` === href);
      await page.getByTestId('youtube-title').waitFor({ timeout: 15_000 });
      expect(await page.getByTestId('youtube-title').textContent()).toContain(expected[index]);
      expect(await page.getByTestId('youtube-error').count(), href).toBe(0);
    }
    // The footer on a channel page, the screen its links open.
    await expectAccessible(page, 'a channel page with the footer');

    // Chinese: the same channels, under /zh.
    await page.goto('/zh');
    await expect.poll(() => footerLinks(page).count(), { timeout: 15_000 }).toBeGreaterThan(0);
    for (const href of await footerLinks(page).evaluateAll((links) =>
      links.map((link) => link.getAttribute('href') ?? ''),
    )) {
      expect(href.startsWith('/zh/youtube/')).toBe(true);
      await page.goto(href);
      await page.getByTestId('youtube-title').waitFor({ timeout: 15_000 });
      expect(await page.getByTestId('youtube-error').count(), href).toBe(0);
    }
    await page.context().close();
  });

  it('says there are no channels yet when the database has none', async () => {
    const youtube = await stack.prisma.datasource.findMany({
      where: { platform: 'youtube', isActive: true },
      select: { id: true },
    });
    const ids = youtube.map((d) => d.id);
    await stack.prisma.datasource.updateMany({ where: { id: { in: ids } }, data: { isActive: false } });
    try {
      const page = await stack.newPage();
      await page.goto('/pricing');
      await page.getByTestId('knowledge-base-empty').waitFor({ timeout: 15_000 });
      expect(await page.getByTestId('knowledge-base-empty').textContent()).toBe('No channels yet');
      expect(await footerLinks(page).count()).toBe(0);
      await page.goto('/zh/pricing');
      await page.getByTestId('knowledge-base-empty').waitFor({ timeout: 15_000 });
      expect(await page.getByTestId('knowledge-base-empty').textContent()).toBe('暂无频道');
      await page.context().close();
    } finally {
      await stack.prisma.datasource.updateMany({ where: { id: { in: ids } }, data: { isActive: true } });
    }
  });
});

describe('Google sign-in on a default install', () => {
  const toast = (page: Page) => page.locator('.mantine-Notification-root');

  it('hides the Google button, and a stale Google link lands on /auth with a toast, never JSON', async () => {
    const page = await stack.newPage();
    // The button's absence is checked once the page has the gateway's answer.
    const configAnswered = page.waitForResponse((r) => new URL(r.url()).pathname === '/api/config');
    await page.goto('/auth');
    expect(await (await configAnswered).json()).toMatchObject({ google_sign_in: false });
    await page.getByTestId('auth-submit').waitFor({ timeout: 15_000 });
    expect(await page.getByTestId('google-sign-in').count()).toBe(0);
    expect(await page.getByText('Continue with Google').count()).toBe(0);
    await expectAccessible(page, '/auth without Google');

    // An old bookmark of the start link: back on /auth with a toast, and the parameter cleared.
    await page.goto('/api/auth/google/start?lang=en');
    await toast(page).first().waitFor({ timeout: 15_000 });
    expect(await toast(page).first().textContent()).toContain('Google sign-in is not available on this site');
    await expect
      .poll(() =>
        page.evaluate(() => {
          const { location } = globalThis as unknown as PageWindow;
          return `${location.pathname}${location.search}`;
        }),
      )
      .toBe('/auth');
    expect(await page.locator('pre').count()).toBe(0);
    // Checked once the toast has finished fading in (axe measures contrast as painted).
    await expect
      .poll(() =>
        toast(page)
          .first()
          .evaluate((element) => {
            type Styled = { parentElement: Styled | null };
            const view = globalThis as unknown as { getComputedStyle(e: Styled): { opacity: string } };
            let opacity = 1;
            for (let e: Styled | null = element as unknown as Styled; e; e = e.parentElement) {
              opacity *= Number(view.getComputedStyle(e).opacity);
            }
            return opacity;
          }),
      )
      .toBe(1);
    await expectAccessible(page, '/auth with the Google toast');
    await expectFitsAt320(page);

    // A failed callback, for a Chinese reader whose state says zh: the Chinese screen and toast.
    await page.goto('/api/auth/google/start?lang=zh');
    await page.waitForURL((url) => url.pathname === '/zh/auth');
    await toast(page).first().waitFor({ timeout: 15_000 });
    expect(await toast(page).first().textContent()).toContain('本站暂未开放 Google 登录');
    await page.goto('/api/auth/google/callback?code=abc&state=forged');
    await page.waitForURL((url) => url.pathname === '/auth');
    await expect
      .poll(async () => (await toast(page).allTextContents()).join(' '), { timeout: 15_000 })
      .toContain('We could not sign you in with Google');
    await page.context().close();
  });
});

describe('Google sign-in when configured', () => {
  let configured: Stack;
  beforeAll(async () => {
    configured = await startStack({
      gatewayEnv: { GOOGLE_CLIENT_ID: 'spec-pages-client', GOOGLE_CLIENT_SECRET: 'spec-pages-secret' },
    });
  }, 60_000);
  afterAll(async () => {
    await configured?.stop();
  });

  it('shows the button, which starts the flow in the reader language', async () => {
    const page = await configured.newPage();
    await page.goto('/zh/auth');
    const button = page.getByTestId('google-sign-in');
    await button.waitFor({ timeout: 15_000 });
    expect(await button.getAttribute('href')).toBe('/api/auth/google/start?lang=zh');
    await expectAccessible(page, '/zh/auth with Google');
    await page.context().close();
  });
});

describe('topic detail page', () => {
  let topicId = '';
  const yesterdayEarly = () => {
    // 00:05 yesterday in Los Angeles: inside the free two-day window, behind everything newer.
    const today = localDay(new Date());
    const start = new Date(`${today}T00:00:00Z`);
    start.setUTCDate(start.getUTCDate() - 1);
    const day = start.toISOString().slice(0, 10);
    for (let hour = 0; hour < 24; hour += 1) {
      const candidate = new Date(`${day}T${String(hour + 7).padStart(2, '0')}:05:00Z`);
      if (localDay(candidate) === day && localDay(new Date(candidate.getTime() - 3_600_000)) !== day) {
        return { at: candidate, day };
      }
    }
    return { at: new Date(`${day}T12:00:00Z`), day };
  };

  beforeAll(async () => {
    const prisma = stack.prisma;
    const topic = await prisma.topic.findUniqueOrThrow({ where: { slug: 'product-management' } });
    topicId = topic.id;
    const busy = await prisma.datasource.findFirstOrThrow({ where: { topicId, platform: 'blog' } });
    const late = await prisma.datasource.create({
      data: {
        topicId,
        platform: 'xiaohongshu',
        sourceName: LATE_SOURCE,
        sourceUrl: 'https://example.com/spec-late',
      },
    });
    const now = Date.now();
    const { at } = yesterdayEarly();
    await prisma.summary.createMany({
      data: [
        // 30 fresh items: page 1 holds 25 of them and nothing else.
        ...Array.from({ length: 30 }, (_, i) => ({
          headline: `Fresh roadmap note ${i}`,
          content: `Fresh roadmap note number ${i}.`,
          summaryType: 'blog_post' as const,
          language: 'EN' as const,
          topicId,
          datasourceId: busy.id,
          createdAt: new Date(now - (i + 1) * 1000),
        })),
        ...(['EN', 'ZH'] as const).map((language) => ({
          headline: language === 'EN' ? 'Late spec note' : '较早的笔记',
          content: language === 'EN' ? 'A note from the late source.' : '来自较早数据源的笔记。',
          summaryType: 'xiaohongshu_post' as const,
          language,
          topicId,
          datasourceId: late.id,
          createdAt: at,
        })),
      ],
    });
    const owner = await stack.createUser({ email: `gen-${randomUUID()}@example.com`, plan: 'pro' });
    const summary = await prisma.summary.findFirstOrThrow({ where: { topicId, datasourceId: late.id } });
    for (const targetPlatform of ['xiaohongshu', 'wechat', 'linkedin']) {
      await prisma.userGeneratedContent.create({
        data: {
          userId: owner.id,
          summaryId: summary.id,
          targetPlatform,
          content: `Generated post ${targetPlatform.length}`,
          sourceUrls: ['https://example.com/spec-late/1'],
          // Published by its author: the topic page lists nothing else.
          publishedAt: new Date(),
        },
      });
    }
  });

  const cards = (page: Page) => page.getByTestId('topic-summary');

  it('pages through more than 25 summaries with the page in the URL, and filters from the API', async () => {
    const page = await stack.newPage();
    await page.goto(`/topics/${topicId}`);
    await expect.poll(() => cards(page).count(), { timeout: 15_000 }).toBe(25);
    const firstPage = await cards(page).allTextContents();
    expect(firstPage.join(' ')).not.toContain('late source');
    await page.getByTestId('pagination').waitFor();
    await expectAccessible(page, 'topic detail, page 1');
    await expectFitsAt320(page);

    // Page 2 from the keyboard: the URL says so, and the cards change.
    await page.getByRole('button', { name: 'Page 2', exact: true }).focus();
    await page.keyboard.press('Enter');
    await page.waitForURL((url) => url.searchParams.get('page') === '2');
    await expect.poll(async () => (await cards(page).allTextContents())[0]).not.toBe(firstPage[0]);
    // A reload keeps the page.
    await page.reload();
    await expect
      .poll(
        async () =>
          await page.getByRole('button', { name: 'Page 2', exact: true }).getAttribute('aria-current'),
        {
          timeout: 15_000,
        },
      )
      .toBe('page');

    // The source filter offers the late source, whose only summary is on no page shown so far.
    const sourceFilter = page.getByTestId('topic-source-filter');
    await sourceFilter
      .getByRole('option', { name: `${LATE_SOURCE} · Rednote` })
      .waitFor({ state: 'attached', timeout: 15_000 });
    await sourceFilter.selectOption({ label: `${LATE_SOURCE} · Rednote` });
    await page.waitForURL((url) => url.searchParams.get('source') === LATE_SOURCE);
    expect(new URL(page.url()).searchParams.get('page')).toBeNull();
    await expect.poll(() => cards(page).count(), { timeout: 15_000 }).toBe(1);
    expect(await cards(page).first().textContent()).toContain('A note from the late source.');
    expect(await page.getByTestId('pagination').count()).toBe(0);

    // The date filter offers yesterday (from the API), and choosing it filters the list.
    const { day } = yesterdayEarly();
    const dateFilter = page.getByTestId('topic-date-filter');
    await dateFilter.getByRole('option', { name: day, exact: true }).waitFor({ state: 'attached' });
    await dateFilter.selectOption({ label: day });
    await page.waitForURL((url) => url.searchParams.get('date') === day);
    await expect.poll(() => cards(page).count(), { timeout: 15_000 }).toBe(1);
    await expectAccessible(page, 'topic detail, filtered');
    await page.context().close();
  });

  it('names platforms by their display names in English and Chinese', async () => {
    const page = await stack.newPage();
    for (const [prefix, names, tab, sourceLabel] of [
      ['', ['Rednote', 'WeChat', 'LinkedIn'], 'Generated content', `${LATE_SOURCE} · Rednote`],
      ['/zh', ['小红书', '微信公众号', 'LinkedIn'], '生成内容', `${LATE_SOURCE} · 小红书`],
    ] as const) {
      await page.goto(`${prefix}/topics/${topicId}`);
      await page.getByTestId('topic-title').waitFor({ timeout: 15_000 });
      await page
        .getByTestId('topic-source-filter')
        .getByRole('option', { name: sourceLabel })
        .waitFor({ state: 'attached', timeout: 15_000 });
      await page.getByRole('tab', { name: tab }).click();
      // This test's own posts (the seed's demo posts are published on the topic page too).
      const ours = page.getByTestId('generated-item').filter({ hasText: 'Generated post' });
      await expect
        .poll(async () => (await ours.getByTestId('generated-platform').allTextContents()).sort(), {
          timeout: 15_000,
        })
        .toEqual([...names].sort());
      const text = (await page.getByRole('tabpanel', { name: tab }).textContent()) ?? '';
      expect(text).not.toMatch(/\bxiaohongshu\b|\bwechat\b/);
      await expectAccessible(page, `${prefix || '/'} topic detail, generated content`);
    }
    await page.context().close();
  });
});
