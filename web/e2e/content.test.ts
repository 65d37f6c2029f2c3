import { seed } from '@app/db';
import { startOfZonedDay, todayIn } from '@app/time';
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { footerTop, holdRequests, type Stack, startStack, uniqueEmail } from './harness.ts';

let stack: Stack;
beforeAll(async () => {
  stack = await startStack();
  await seed(stack.prisma, {});
}, 60_000);
afterAll(async () => {
  await stack?.stop();
});

const LA = 'America/Los_Angeles';
const todayLA = () => new Intl.DateTimeFormat('en-CA', { timeZone: LA }).format(new Date());
const daysAgo = (n: number) => {
  const d = new Date(`${todayLA()}T00:00:00Z`);
  d.setUTCDate(d.getUTCDate() - n);
  return d.toISOString().slice(0, 10);
};
const cards = (page: Page) => page.getByTestId('summary-card');

describe('reading summaries', () => {
  it('a visitor opens home in English and Chinese, clicks a topic card, filters, searches and expands', async () => {
    const page = await stack.newPage();
    await page.goto('/');
    await expect.poll(() => page.getByTestId('topic-card').count(), { timeout: 15_000 }).toBe(5);
    await expect.poll(() => page.getByTestId('topic-count').first().textContent()).toMatch(/\d+ items/);
    expect(await page.locator('script[type="application/ld+json"]').count()).toBeGreaterThan(0);
    expect(await page.getByTestId('newsletter-signup-slot').count()).toBe(1);

    await page.goto('/zh');
    await expect
      .poll(() => page.getByTestId('topic-count').first().textContent(), { timeout: 15_000 })
      .toMatch(/\d+ 条内容/);
    await page.goto('/');
    const card = page.locator('[data-testid="topic-card"][data-topic="engineering"]');
    await card.waitFor();
    await card.click();
    await page.waitForURL(/\/content-summary\?/);
    const url = new URL(page.url());
    expect(url.searchParams.get('topic')).toMatch(/^[0-9a-f-]{36}$/);
    // Today's start in the reader's zone (the gateway's, with the day's counts).
    expect(url.searchParams.get('date')).toBe(startOfZonedDay(todayIn(LA), LA).toISOString());
    expect(url.searchParams.get('timezone')).toBe(LA);
    await expect.poll(() => cards(page).count(), { timeout: 15_000 }).toBeGreaterThan(0);
    const topicBadges = await page
      .getByTestId('summary-card')
      .locator('.mantine-Badge-root')
      .first()
      .textContent();
    expect(topicBadges).toBe('Engineering');

    // Platform filter: YouTube only.
    await page.getByTestId('clear-filters').click();
    await page.waitForURL((u) => !u.search.includes('topic='));
    await page.getByTestId('platform-filter').click();
    await page.getByRole('checkbox', { name: 'YouTube' }).check();
    await page.waitForURL(/platforms=youtube/);
    await page.keyboard.press('Escape');
    await expect
      .poll(async () => [...new Set(await page.getByTestId('platform-badge').allTextContents())])
      .toEqual(['YouTube']);

    // Date: yesterday via the quick pick.
    await page.getByTestId('date-filter').click();
    await page.getByTestId('quick-yesterday').click();
    await page.waitForURL(new RegExp(`date=${daysAgo(1)}`));
    expect(new URL(page.url()).searchParams.get('platforms')).toBe('youtube');

    // Search: too short is refused, four characters or more search.
    await page.getByTestId('clear-filters').click();
    await page.getByTestId('summary-search').fill('abc');
    await page.getByTestId('summary-search').press('Enter');
    await page.getByText('Search term must be at least 4 characters for better performance').waitFor();
    await page.getByTestId('summary-search').fill('figma');
    const listed = page.waitForResponse((r) => /\/api\/summaries\?.*q=figma/.test(r.url()));
    await page.getByTestId('summary-search').press('Enter');
    await page.waitForURL(/q=figma/);
    // A list sends what its cards show: no summary's whole text until its card opens.
    const items = ((await (await listed).json()) as { data: Record<string, unknown>[] }).data;
    expect(items.length).toBeGreaterThan(0);
    for (const item of items) expect(Object.keys(item)).not.toContain('content_html');
    await expect
      .poll(
        async () => {
          const texts = await cards(page).allTextContents();
          return texts.length > 0 && texts.every((text) => text.toLowerCase().includes('figma'));
        },
        { timeout: 15_000 },
      )
      .toBe(true);

    // Expand a card: its text is read with the summary, then markdown and related links.
    const opened = page.waitForResponse((r) => /\/api\/summaries\/[0-9a-f-]{36}\?/.test(r.url()));
    await page.getByTestId('summary-toggle').first().click();
    expect((await opened).status()).toBe(200);
    await page.getByTestId('summary-markdown').waitFor();
    expect(await page.getByTestId('summary-markdown').locator('h2, strong, li').count()).toBeGreaterThan(0);
    expect(await page.getByText('Related links').count()).toBe(1);

    // A text that cannot be read says so, and a retry reads it.
    expect(await cards(page).count()).toBeGreaterThan(1);
    const second = cards(page).nth(1);
    const detail = /\/api\/summaries\/[0-9a-f-]{36}\?/;
    await page.route(detail, (route) => route.abort());
    await second.getByTestId('summary-toggle').click();
    await second.getByTestId('summary-text-error').waitFor({ timeout: 15_000 });
    await page.unroute(detail);
    await second.getByTestId('summary-text-error').getByRole('button').click();
    await second.getByTestId('summary-markdown').waitFor({ timeout: 15_000 });
    await page.context().close();
  });

  it('the list a visitor’s summary page opens with is fetched with its document, in the reader’s zone', async () => {
    const page = await stack.newPage();
    const lists: string[] = [];
    const stringFiles: string[] = [];
    const warnings: string[] = [];
    page.on('request', (request) => {
      const url = new URL(request.url());
      if (url.pathname === '/api/summaries') lists.push(url.search);
      if (url.pathname.endsWith('.json')) stringFiles.push(url.pathname);
    });
    page.on('console', (message) => {
      if (/preload/i.test(message.text())) warnings.push(message.text());
    });
    const load = async (path: string) => {
      lists.length = 0;
      await page.goto(path);
      await expect.poll(() => cards(page).count(), { timeout: 15_000 }).toBeGreaterThan(0);
      await page.waitForTimeout(500);
      return [...lists];
    };
    const zone = (name: string) => `?page=1&timezone=${encodeURIComponent(name)}&language=en&group=story`;
    // The document's preload is the app's own request: asked for once; so are the page's string files.
    expect(await load('/content-summary')).toEqual([zone(LA)]);
    expect(stringFiles.length).toBeGreaterThanOrEqual(3);
    expect(new Set(stringFiles).size).toBe(stringFiles.length);
    // A zone the reader picked (stored by the page, shared with the gateway): once, in that zone.
    await page.evaluate("localStorage.setItem('user-preferred-timezone', 'Asia/Shanghai')");
    await load('/content-summary');
    expect(await load('/content-summary')).toEqual([zone('Asia/Shanghai')]);
    // Filters in the address: no preload, the app asks itself (once).
    expect(await load('/content-summary?platforms=blog')).toHaveLength(1);
    await page.waitForTimeout(3000);
    expect(warnings).toEqual([]);
    await page.context().close();

    // A signed-in reader's list depends on their plan: never preloaded, asked for once.
    const reader = await stack.createUser({ email: uniqueEmail('zone-reader'), plan: 'pro' });
    const signedIn = await stack.newPage();
    await stack.signIn(signedIn, reader.email, reader.password);
    const readerLists: string[] = [];
    signedIn.on('request', (request) => {
      if (new URL(request.url()).pathname === '/api/summaries') readerLists.push(request.url());
    });
    await signedIn.goto('/content-summary');
    await expect.poll(() => cards(signedIn).count(), { timeout: 15_000 }).toBeGreaterThan(0);
    await signedIn.waitForTimeout(500);
    expect(readerLists).toHaveLength(1);
    expect(await signedIn.locator('link[rel="preload"][as="fetch"][href^="/api/"]').count()).toBe(0);
    await signedIn.context().close();
  });

  it('while the list loads, nothing below it is on the screen, so nothing jumps when it comes', async () => {
    const page = await stack.newPage({ viewport: { width: 390, height: 844 } });
    const list = await holdRequests(page, '**/api/summaries?*');
    await page.goto('/content-summary?platforms=blog');
    await page.getByTestId('summaries-loading').waitFor({ timeout: 15_000 });
    expect(await footerTop(page)).toBeGreaterThanOrEqual(844);
    list.release();
    await expect.poll(() => cards(page).count(), { timeout: 15_000 }).toBeGreaterThan(0);
    await page.context().close();
  });

  it('shows a free user the upgrade dialog for an old date', async () => {
    const user = await stack.createUser({ email: uniqueEmail('free') });
    const page = await stack.newPage();
    await stack.signIn(page, user.email, user.password);
    await page.goto(`/content-summary?date=${daysAgo(5)}`);
    const dialog = page.getByTestId('upgrade-dialog');
    await dialog.waitFor({ timeout: 15_000 });
    expect(await dialog.getAttribute('data-feature')).toBe('date_filter');
    await page.getByRole('button', { name: 'Maybe later' }).click();
    // Picking the last 7 days is refused in the browser too.
    await page.goto('/content-summary');
    await expect.poll(() => cards(page).count(), { timeout: 15_000 }).toBeGreaterThan(0);
    await page.getByTestId('date-filter').click();
    await page.getByTestId('quick-last7').click();
    await dialog.waitFor();
    expect(page.url()).not.toContain('dateFrom');
    await page.context().close();
  });

  it("offers the spec's platforms, in its order, in the filter and in the source suggestion", async () => {
    const platforms = [
      'Blog',
      'WeChat',
      'YouTube',
      'Podcast',
      'Rednote',
      'Twitter search',
      'Twitter',
      'Reddit',
    ];
    const user = await stack.createUser({ email: uniqueEmail('suggest') });
    const page = await stack.newPage();
    await stack.signIn(page, user.email, user.password);
    await page.goto('/content-summary');
    await page.getByTestId('platform-filter').click();
    await expect
      .poll(() => page.locator('.mantine-Popover-dropdown .mantine-Checkbox-label').allTextContents())
      .toEqual(platforms);
    await page.keyboard.press('Escape');

    await page.getByRole('button', { name: 'Suggest a source' }).click();
    await page.getByRole('combobox', { name: 'Platform', exact: true }).click();
    // The suggestion form's list (the filters' native selects have options of their own).
    await expect
      .poll(() => page.getByRole('listbox').getByRole('option').allTextContents())
      .toEqual([...platforms, 'Other']);
    await page.context().close();
  });

  it('lets a Pro user favourite a source and filter to favourites', async () => {
    const user = await stack.createUser({ email: uniqueEmail('pro'), plan: 'pro' });
    const page = await stack.newPage();
    await stack.signIn(page, user.email, user.password);
    await page.goto('/content-summary');
    await expect.poll(() => cards(page).count(), { timeout: 15_000 }).toBeGreaterThan(0);
    const first = cards(page).first();
    const sourceName = await first.getByTestId('summary-source').textContent();
    // The button's tooltip names it on hover (its code comes with the first hover), and goes on leaving.
    await first.getByRole('button', { name: 'Favourite this source' }).hover();
    await page.getByRole('tooltip', { name: 'Favourite this source' }).waitFor();
    await page.mouse.move(0, 0);
    await page.getByRole('tooltip').waitFor({ state: 'hidden' });
    await first.getByRole('button', { name: 'Favourite this source' }).click();
    await first.getByRole('button', { name: 'Remove source from favourites' }).waitFor();
    await page.getByLabel('Favourite sources only').check({ force: true });
    await page.waitForURL(/favoriteSources=true/);
    await expect
      .poll(async () => [...new Set(await page.getByTestId('summary-source').allTextContents())], {
        timeout: 15_000,
      })
      .toEqual([sourceName]);
    const favorites = await stack.prisma.userFavoriteDatasource.count({ where: { userId: user.id } });
    expect(favorites).toBe(1);
    await page.context().close();
  });

  it('opens the source drawer at 375 px and filters by a source', async () => {
    const page = await stack.newPage({ viewport: { width: 375, height: 740 } });
    await page.goto('/content-summary');
    await expect.poll(() => cards(page).count(), { timeout: 15_000 }).toBeGreaterThan(0);
    expect(await page.getByTestId('sources-sidebar').count()).toBe(0);
    await page.getByTestId('open-sources-drawer').click();
    const drawer = page.getByRole('dialog');
    await drawer.waitFor();
    // A topic whose YouTube channel has videos in the visitor's two days.
    await drawer.getByText('Startups & VC', { exact: true }).click();
    await drawer.getByText('YouTube').filter({ visible: true }).first().click();
    const source = drawer.getByTestId('tree-source').filter({ visible: true }).first();
    const name = (await source.getByTestId('tree-source-name').textContent())!.trim();
    await source.click();
    await page.waitForURL(/source=/);
    await drawer.waitFor({ state: 'hidden' });
    expect(new URL(page.url()).searchParams.get('source')).toBe(name);
    await expect
      .poll(async () => [...new Set(await page.getByTestId('summary-source').allTextContents())], {
        timeout: 15_000,
      })
      .toEqual([name]);
    await page.context().close();
  });

  it('shows topic landing and detail pages, YouTube pages and the debug checks', async () => {
    const page = await stack.newPage();
    await page.goto('/topics/engineering');
    await page.getByTestId('landing-title').waitFor({ timeout: 15_000 });
    expect(await page.getByTestId('landing-title').textContent()).toBe('Engineering');
    expect(await page.getByTestId('stat-tiles').locator('.mantine-Paper-root').count()).toBe(4);
    expect(await page.getByTestId('related-topics').locator('.mantine-Card-root').count()).toBe(4);
    const ld = await page.locator('script[type="application/ld+json"]').allTextContents();
    expect(ld.join('')).toContain('BreadcrumbList');
    expect(await page.getByTestId('view-content').getAttribute('href')).toMatch(/\/content-summary\?topic=/);

    const topic = await stack.prisma.topic.findUniqueOrThrow({ where: { slug: 'engineering' } });
    await page.goto(`/zh/topics/${topic.id}`);
    await page.getByTestId('topic-title').waitFor({ timeout: 15_000 });
    expect(await page.getByTestId('topic-title').textContent()).toBe('工程技术');
    await page.getByTestId('summary-markdown').first().waitFor();
    await page.goto('/topics/not-a-topic');
    await page.getByTestId('topic-not-found').waitFor();

    await page.goto('/other-youtube-sources');
    await page.getByTestId('youtube-card').first().waitFor({ timeout: 15_000 });
    await page.getByTestId('youtube-card').first().getByRole('link', { name: 'View' }).click();
    await page.waitForURL(/\/youtube\//);
    await page.getByTestId('youtube-title').waitFor({ timeout: 15_000 });
    // A visitor is asked to sign in; the free plan's note is for signed-in free readers.
    await page.getByTestId('youtube-sign-in').waitFor();
    await page.goto('/youtube/No%20Such%20Channel');
    await page.getByTestId('youtube-error').waitFor({ timeout: 15_000 });
    expect(await page.getByTestId('youtube-error-title').textContent()).toBe('Channel not found');

    await page.goto('/database-test');
    await expect
      .poll(async () => (await page.getByTestId('check-status').allTextContents()).join(','), {
        timeout: 15_000,
      })
      .toBe('pass,pass,pass,pass,pass');
    await page.context().close();
  });
});
