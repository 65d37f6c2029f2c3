import { SEED_BLOG_POSTS, seedBlogPosts } from '@app/db';
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { footerTop, holdRequests, type Stack, startStack, uniqueEmail } from './harness.ts';

// A visitor reading /blog (issue 9): search, category filter, opening a post counts one view.

let stack: Stack;
beforeAll(async () => {
  stack = await startStack();
  await seedBlogPosts(stack.prisma);
});
afterAll(async () => {
  await stack?.stop();
});

/** The drawn width of the post's cover (1200: the post's card, drawn by the gateway). */
const coverWidth = (page: Page) =>
  page
    .getByTestId('blog-post-image')
    .evaluate((image) => (image as unknown as { naturalWidth: number }).naturalWidth);

const enCount = SEED_BLOG_POSTS.filter((p) => p.language === 'EN').length;

describe('/blog', () => {
  it('searches, filters by category, opens a post and counts one view', async () => {
    const page = await stack.newPage();
    await page.goto('/blog');
    const cards = page.getByTestId('blog-card');
    await expect.poll(() => cards.count(), { timeout: 15_000 }).toBe(enCount);
    await expect.poll(() => page.getByTestId('blog-stat-total').textContent()).toContain(String(enCount));
    await expect.poll(() => page.getByTestId('blog-stat-month').textContent()).toContain('12+');

    // Search (case-insensitive, over title, excerpt and tags) with a removable chip.
    await page.getByTestId('blog-search').fill('RESPECT');
    await expect.poll(() => cards.count()).toBe(1);
    await expect.poll(() => cards.first().textContent()).toContain('Summaries that respect your time');
    await page.getByRole('button', { name: /Remove filter RESPECT/ }).click();
    await expect.poll(() => cards.count()).toBe(enCount);

    // Category filter.
    await page.getByTestId('blog-category').selectOption({ label: 'Product' });
    const productCount = SEED_BLOG_POSTS.filter(
      (p) => p.language === 'EN' && p.category === 'product',
    ).length;
    await expect.poll(() => cards.count()).toBe(productCount);
    await expect.poll(() => page.getByTestId('blog-chips').textContent()).toContain('Category: Product');

    // Open the featured post; the counter rises by exactly one.
    const slug = 'how-we-pick-sources';
    const before = await stack.prisma.blogPost.findFirstOrThrow({ where: { slug, language: 'EN' } });
    await page
      .getByTestId('blog-card')
      .filter({ hasText: 'How we pick the sources' })
      .getByTestId('blog-read-more')
      .click();
    await page.waitForURL((url) => url.pathname === `/blog/${slug}`);
    await expect.poll(() => page.getByTestId('blog-post-title').textContent()).toBe(before.title);
    await expect.poll(() => page.getByTestId('blog-post-content').textContent()).toContain('The checklist');
    // Its cover is the post's card, drawn by the gateway: a real picture with no network.
    await expect.poll(() => coverWidth(page), { timeout: 15_000 }).toBe(1200);
    await expect
      .poll(
        async () => (await stack.prisma.blogPost.findUniqueOrThrow({ where: { id: before.id } })).viewCount,
      )
      .toBe(before.viewCount + 1);
    await expect
      .poll(() => page.getByTestId('blog-post-views').textContent())
      .toContain(`${before.viewCount + 1}`);
    await expect
      .poll(() => page.getByTestId('blog-related').getByTestId('blog-card').count())
      .toBeGreaterThan(0);
    // Still exactly one view a moment later (no double count).
    await page.waitForTimeout(500);
    expect((await stack.prisma.blogPost.findUniqueOrThrow({ where: { id: before.id } })).viewCount).toBe(
      before.viewCount + 1,
    );
    await page.context().close();
  });

  it('a post opened by its address asks once for its data and picture, which its document preloads', async () => {
    const page = await stack.newPage();
    const slug = 'how-we-pick-sources';
    const asked: string[] = [];
    const warnings: string[] = [];
    page.on('request', (request) => {
      const url = new URL(request.url());
      if (url.pathname.startsWith(`/api/blog/posts/${slug}`) || url.pathname === '/api/social-cards/card.png')
        asked.push(`${url.pathname}${url.search}`);
    });
    page.on('console', (message) => {
      if (/preload/i.test(message.text())) warnings.push(message.text());
    });
    await page.goto(`/blog/${slug}`);
    await expect.poll(() => coverWidth(page), { timeout: 15_000 }).toBe(1200);
    await expect.poll(() => page.getByTestId('blog-post-content').textContent()).toContain('The checklist');
    // The preloads are the requests the app makes: the browser asks once for each, and never says a
    // preload went unused (Chromium warns a few seconds after the load when one does).
    await page.waitForTimeout(3500);
    expect(asked.filter((url) => url.startsWith('/api/blog/posts/'))).toEqual([
      `/api/blog/posts/${slug}?language=en`,
    ]);
    // The card as WebP, a sixth of the PNG's bytes (link previews keep the PNG).
    expect(asked.filter((url) => url.startsWith('/api/social-cards/'))).toEqual([
      expect.stringContaining('format=webp'),
    ]);
    expect(warnings).toEqual([]);
    await page.context().close();
  });

  it('while a post loads, nothing below it is on the screen, so nothing jumps when it comes', async () => {
    const page = await stack.newPage({ viewport: { width: 390, height: 844 } });
    const post = await holdRequests(page, '**/api/blog/posts/how-we-pick-sources?*');
    await page.goto('/blog/how-we-pick-sources');
    await page.getByTestId('blog-post-loading').waitFor({ timeout: 15_000 });
    expect(await footerTop(page)).toBeGreaterThanOrEqual(844);
    post.release();
    await expect
      .poll(() => page.getByTestId('blog-post-content').textContent(), { timeout: 15_000 })
      .toContain('The checklist');
    await page.context().close();
  });

  it('a signed-in reader’s post is also asked for once', async () => {
    const user = await stack.createUser({ email: uniqueEmail('blog-reader') });
    const page = await stack.newPage();
    await stack.signIn(page, user.email, user.password);
    const slug = 'how-we-pick-sources';
    const asked: string[] = [];
    page.on('request', (request) => {
      const url = new URL(request.url());
      if (url.pathname.startsWith(`/api/blog/posts/${slug}`)) asked.push(`${url.pathname}${url.search}`);
    });
    await page.goto(`/blog/${slug}`);
    await expect
      .poll(() => page.getByTestId('blog-post-content').textContent(), { timeout: 15_000 })
      .toContain('The checklist');
    await page.waitForTimeout(1000);
    expect(asked).toEqual([`/api/blog/posts/${slug}?language=en`]);
    await page.context().close();
  });

  it('shows Chinese posts under /zh and the not-found screen for an unknown slug', async () => {
    const page = await stack.newPage({ viewport: { width: 390, height: 844 } });
    await page.goto('/zh/blog');
    const zhCount = SEED_BLOG_POSTS.filter((p) => p.language === 'ZH').length;
    await expect.poll(() => page.getByTestId('blog-card').count(), { timeout: 15_000 }).toBe(zhCount);
    await expect.poll(() => page.getByText('文章总数').isVisible()).toBe(true);
    await page.goto('/zh/blog/no-such-post');
    await expect
      .poll(() => page.getByTestId('blog-post-not-found').isVisible(), { timeout: 15_000 })
      .toBe(true);
    await page.getByRole('link', { name: '返回博客' }).click();
    await page.waitForURL((url) => url.pathname === '/zh/blog');
    await page.context().close();
  });
});
