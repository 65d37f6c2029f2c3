import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { expectAccessible } from './axe.ts';
import { type Stack, startStack, uniqueEmail } from './harness.ts';

// What a reader notices on the summary, topic and channel pages, at a phone's width and in both
// languages: counts with the right plural, a tree whose counts stay upright, an opened card that does
// not repeat its headline, labelled topic filters with the page language's sources, readable related
// links, not-found pages with a way back, a landing page with a named back link, readable banners and
// no card in a card, and a channel page that names the channel instead of its feed.

const PHONE = { width: 375, height: 740 };
const DESKTOP = { width: 1280, height: 900 };
const HEADLINE = 'Agents learn to file their own bug reports';
const TITLED_URL = 'https://www.example.com/posts/agents-file-bugs?utm_source=feed';
const BARE_URL = 'https://news.example.org/2026/11/a-very-long-path-segment-that-goes-on/';

let stack: Stack;
let roughId: string;

beforeAll(async () => {
  stack = await startStack();
  const prisma = stack.prisma;
  const topic = (slug: string, name: string, nameZh: string) =>
    prisma.topic.create({
      data: { slug, name, nameZh, description: `${name}.`, descriptionZh: `${nameZh}。` },
    });
  const source = (topicId: string, sourceName: string, language: 'EN' | 'ZH', platform = 'blog' as const) =>
    prisma.datasource.create({
      data: {
        topicId,
        platform,
        sourceName,
        language,
        sourceUrl: `https://example.com/${encodeURIComponent(sourceName)}`,
      },
    });
  const rough = await topic('zz-rough-edges', 'Zz Rough Edges', '粗糙边缘');
  roughId = rough.id;
  const english = await source(rough.id, 'Rough Blog', 'EN');
  const chinese = await source(rough.id, '粗糙中文博客', 'ZH');
  const lonely = await topic('zz-lonely', 'Zz Lonely', '孤单');
  const only = await source(lonely.id, 'Lonely Blog', 'EN');
  // The landing pages are the five slugs of the site; this is one of them.
  await topic('engineering', 'Engineering', '工程技术');
  const channel = await prisma.datasource.create({
    data: {
      topicId: rough.id,
      platform: 'youtube',
      sourceName: 'Rough Channel',
      sourceUrl: 'https://www.youtube.com/feeds/videos.xml?channel_id=UCrough',
    },
  });
  const summary = (datasourceId: string, language: 'EN' | 'ZH', extra: object = {}) => ({
    topicId: datasourceId === only.id ? lonely.id : rough.id,
    datasourceId,
    language,
    summaryType: datasourceId === channel.id ? ('youtube_video' as const) : ('blog_post' as const),
    headline: `${language} item ${datasourceId.slice(0, 8)}`,
    content: 'Body sentence.',
    ...extra,
  });
  await prisma.summary.createMany({
    data: [
      summary(english.id, 'EN', {
        headline: HEADLINE,
        // The way a model often writes it: the headline again as a heading, then a section.
        content: `## ${HEADLINE}\n\nThe agents now triage their own failures.\n\n## What changed\n\n- Reports are filed`,
        sourceUrls: [TITLED_URL, BARE_URL],
        metadata: { post_url: TITLED_URL, post_title: 'How agents file bugs' },
      }),
      summary(english.id, 'ZH'),
      // A Chinese source with one English summary: still not an English source.
      summary(chinese.id, 'EN'),
      summary(chinese.id, 'ZH'),
      summary(only.id, 'EN'),
      summary(only.id, 'ZH'),
      summary(channel.id, 'EN'),
    ],
  });
}, 60_000);
afterAll(async () => {
  await stack?.stop();
});

/** axe at the desktop and the phone width, ending at the phone width. */
async function expectAccessibleAtBothWidths(page: Page, label: string) {
  for (const viewport of [DESKTOP, PHONE]) {
    await page.setViewportSize(viewport);
    await expectAccessible(page, `${label} at ${viewport.width}px`);
  }
}

/** Wider than the window: something sticks out sideways. */
const overflowsSideways = (page: Page) =>
  page.evaluate('document.documentElement.scrollWidth > window.innerWidth') as Promise<boolean>;

describe('counts', () => {
  it('say "1 data source" and "1 summary" in English, naturally in Chinese', async () => {
    const page = await stack.newPage({ viewport: PHONE });
    await page.goto('/');
    const lonely = (await stack.prisma.topic.findFirstOrThrow({ where: { slug: 'zz-lonely' } })).id;
    for (const [prefix, summaries, sources] of [
      ['', '1 summary', '1 data source'],
      ['/zh', '1 条摘要', '1 个数据源'],
    ] as const) {
      await page.goto(`${prefix}/content-summary?topic=${lonely}`);
      await expect
        .poll(() => page.getByTestId('source-count').textContent(), { timeout: 15_000 })
        .toBe(sources);
      await expect.poll(() => page.getByTestId('summary-count').textContent()).toBe(summaries);
    }
    await page.context().close();
  });
});

describe('the source tree on a phone', () => {
  it('turns only the chevron of a node that opens; its count stays upright', async () => {
    const page = await stack.newPage({ viewport: PHONE });
    await page.goto('/content-summary');
    await page.getByTestId('open-sources-drawer').click();
    const node = page
      .getByTestId('sources-drawer')
      .getByTestId('tree-topic')
      .filter({ hasText: 'Zz Rough Edges' });
    await node.click();
    await expect.poll(() => node.getAttribute('data-expanded')).toBe('true');
    // Every element from the count up to the node: not turned.
    const turned = `(() => {
      const node = [...document.querySelectorAll('[data-testid="tree-topic"]')].find((n) => n.textContent.includes('Zz Rough Edges'));
      const count = node.querySelector('[data-testid="tree-count"]');
      const chevron = node.querySelector('[data-testid="tree-chevron"]');
      const list = [];
      for (let el = count; el && el !== node.parentElement; el = el.parentElement) {
        if (getComputedStyle(el).transform !== 'none') list.push(el.tagName + '.' + el.className);
      }
      return { count: list, chevron: getComputedStyle(chevron).transform };
    })()`;
    await expect
      .poll(() => page.evaluate(turned))
      .toEqual({ count: [], chevron: expect.stringMatching(/^matrix\([^,]+, 1, -1, /) });
    await expectAccessible(page, 'source tree opened at 375px');
    await page.context().close();
  });
});

describe('an opened summary card', () => {
  it('shows the headline once, its sections as h4s, not page-size headings, and links by title or host and path', async () => {
    const page = await stack.newPage({ viewport: PHONE });
    await page.goto(`/content-summary?topic=${roughId}`);
    const card = page.getByTestId('summary-card').filter({ hasText: HEADLINE });
    await card.getByTestId('summary-toggle').click();
    const markdown = card.getByTestId('summary-markdown');
    await markdown.waitFor();
    expect(await markdown.textContent()).not.toContain(HEADLINE);
    const headings = `(() => [...document.querySelectorAll('[data-testid="summary-markdown"] :is(h1,h2,h3,h4,h5,h6)')]
      .map((h) => [h.tagName, h.textContent, parseFloat(getComputedStyle(h).fontSize)]))()`;
    const found = (await page.evaluate(headings)) as [string, string, number][];
    expect(found.map(([tag, text]) => [tag, text])).toEqual([['H4', 'What changed']]);
    expect(found[0]![2]).toBeLessThanOrEqual(18);

    const links = card.getByTestId('summary-link');
    expect((await links.allTextContents()).map((text) => text.trim())).toEqual([
      'How agents file bugs',
      // No scheme, "www." or closing slash, and cut to a line.
      'news.example.org/2026/11/a-very-long-path-segment-that-goes-…',
    ]);
    expect(await links.first().getAttribute('href')).toBe(TITLED_URL);
    expect(await links.nth(1).getAttribute('href')).toBe(BARE_URL);
    expect(await overflowsSideways(page)).toBe(false);
    await expectAccessibleAtBothWidths(page, 'opened summary card');
    await page.context().close();
  });
});

describe('the topic detail page', () => {
  for (const language of [
    { prefix: '', source: 'Data source', date: 'Date', offered: ['Rough Blog', 'Rough Channel'] },
    { prefix: '/zh', source: '数据源', date: '日期', offered: ['Rough Blog', '粗糙中文博客'] },
  ]) {
    it(`${language.prefix || '/'}: labelled filters, offering the sources of the page's language`, async () => {
      const page = await stack.newPage({ viewport: PHONE });
      await page.goto(`${language.prefix}/topics/${roughId}`);
      const sourceFilter = page.getByLabel(language.source, { exact: true });
      await sourceFilter.waitFor({ timeout: 15_000 });
      expect(await page.locator('label', { hasText: language.source }).first().isVisible()).toBe(true);
      expect(await page.getByLabel(language.date, { exact: true }).isVisible()).toBe(true);
      await expect
        .poll(async () =>
          (await sourceFilter.locator('option').allTextContents()).slice(1).map((o) => o.split(' · ')[0]),
        )
        .toEqual(language.offered);
      if (!language.prefix) {
        const link = page.getByTestId('topic-summary').locator(`a[href="${TITLED_URL}"]`);
        expect(await link.textContent()).toBe('example.com/posts/agents-file-bugs');
      }
      expect(await overflowsSideways(page)).toBe(false);
      await expectAccessibleAtBothWidths(page, `${language.prefix}/topics/<id>`);
      await page.context().close();
    });
  }
});

describe('not-found pages', () => {
  for (const language of [
    {
      prefix: '',
      topics: 'Back to topics',
      channels: 'All YouTube channels',
      invalid: 'Invalid source name',
    },
    { prefix: '/zh', topics: '返回主题列表', channels: '全部 YouTube 频道', invalid: '无效的数据源名称' },
  ]) {
    it(`${language.prefix || '/'}: an unknown topic or channel, or no channel name, each with a way back`, async () => {
      const page = await stack.newPage({ viewport: PHONE });
      await page.goto(`${language.prefix}/topics/no-such-topic`);
      const back = page.getByTestId('topic-not-found').getByRole('link', { name: language.topics });
      await back.waitFor({ timeout: 15_000 });
      await expectAccessibleAtBothWidths(page, `${language.prefix}/topics/no-such-topic`);
      await back.click();
      await page.waitForURL((url) => url.pathname === (language.prefix || '/'));

      for (const [url, box] of [
        ['/youtube/No%20Such%20Channel', 'youtube-error'],
        ['/youtube/', 'youtube-invalid-source'],
        ['/youtube/%20', 'youtube-invalid-source'],
      ] as const) {
        await page.goto(`${language.prefix}${url}`);
        const channels = page.getByTestId(box).getByRole('link', { name: language.channels });
        await channels.waitFor({ timeout: 15_000 });
        expect(await channels.getAttribute('href')).toBe(`${language.prefix}/other-youtube-sources`);
        if (box === 'youtube-invalid-source') {
          expect(await page.getByTestId(`${box}-title`).textContent()).toBe(language.invalid);
        }
        await expectAccessibleAtBothWidths(page, `${language.prefix}${url}`);
      }
      await page.context().close();
    });
  }
});

/** The contrast of two sRGB colours (WCAG 2). */
function contrast(a: number[], b: number[]): number {
  const luminance = (rgb: number[]) => {
    const [r, g, b2] = rgb.map((v) => {
      const c = v / 255;
      return c <= 0.03928 ? c / 12.92 : ((c + 0.055) / 1.055) ** 2.4;
    });
    return 0.2126 * r! + 0.7152 * g! + 0.0722 * b2!;
  };
  const [light, dark] = [luminance(a), luminance(b)].sort((x, y) => y - x);
  return (light! + 0.05) / (dark! + 0.05);
}

describe('a topic landing page', () => {
  for (const language of [
    { prefix: '', back: 'Back to topics' },
    { prefix: '/zh', back: '返回主题列表' },
  ]) {
    it(`${language.prefix || '/'}: a named way back, readable banners, the signup box in no other card`, async () => {
      const page = await stack.newPage({ viewport: PHONE });
      await page.goto(`${language.prefix}/topics/engineering`);
      const back = page.getByRole('link', { name: language.back, exact: true });
      await back.waitFor({ timeout: 15_000 });
      expect(await back.isVisible()).toBe(true);
      expect(await back.getAttribute('href')).toBe(language.prefix || '/');

      for (const banner of ['landing-hero', 'landing-cta']) {
        const colours = (await page.evaluate(`(() => {
          const style = getComputedStyle(document.querySelector('[data-testid="${banner}"]'));
          const rgb = (text) => [...text.matchAll(/rgba?\\(([^)]+)\\)/g)].map((m) => m[1].split(',').slice(0, 3).map(Number));
          return { background: rgb(style.backgroundImage), text: rgb(style.color)[0] };
        })()`)) as { background: number[][]; text: number[] };
        expect(colours.background.length, banner).toBeGreaterThan(0);
        for (const colour of colours.background) {
          expect(contrast(colour, colours.text), `${banner} ${colour}`).toBeGreaterThanOrEqual(4.5);
        }
      }
      const nested = `(() => {
        const box = document.querySelector('[data-testid="newsletter-signup"]');
        return !!box.parentElement.closest('.mantine-Paper-root, .mantine-Card-root');
      })()`;
      await page.getByTestId('newsletter-signup').waitFor();
      expect(await page.evaluate(nested)).toBe(false);
      expect(await overflowsSideways(page)).toBe(false);
      await expectAccessibleAtBothWidths(page, `${language.prefix}/topics/engineering`);
      await page.context().close();
    });
  }
});

describe('a YouTube channel page', () => {
  it('names the channel with a link to it, never its feed; visitors are asked in, not shown a plan', async () => {
    const page = await stack.newPage({ viewport: PHONE });
    for (const [prefix, name] of [
      ['', 'Rough Channel on YouTube'],
      ['/zh', '在 YouTube 上查看 Rough Channel'],
    ] as const) {
      await page.goto(`${prefix}/youtube/Rough%20Channel`);
      const link = page.getByTestId('youtube-channel-link');
      await link.waitFor({ timeout: 15_000 });
      expect((await link.textContent())?.trim()).toBe(name);
      expect(await link.getAttribute('href')).toBe('https://www.youtube.com/channel/UCrough');
      expect(await page.locator('main, body').first().textContent()).not.toContain('feeds/videos.xml');
      await page.getByTestId('youtube-sign-in').waitFor();
      expect(await page.getByTestId('youtube-limited').count()).toBe(0);
      await expectAccessibleAtBothWidths(page, `${prefix}/youtube/Rough Channel (visitor)`);
    }
    await page.context().close();

    // A signed-in free reader is told of the free plan's two days.
    const reader = await stack.createUser({ email: uniqueEmail('yt-free') });
    const signedIn = await stack.newPage({ viewport: PHONE });
    await stack.signIn(signedIn, reader.email, reader.password);
    await signedIn.goto('/youtube/Rough%20Channel');
    await signedIn.getByTestId('youtube-limited').waitFor({ timeout: 15_000 });
    expect(await signedIn.getByTestId('youtube-sign-in').count()).toBe(0);
    await signedIn.context().close();
  });
});
