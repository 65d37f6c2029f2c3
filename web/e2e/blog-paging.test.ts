import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { expectAccessible } from './axe.ts';
import { type Stack, startStack } from './harness.ts';
import { expectFitsAt320, focusedTestId, tabTo } from './page-checks.ts';

// The blog list in pages (issue 20): 20 posts first, "load more" from the keyboard (the focus moves
// to the first new post), a failed page that keeps the posts shown and can be retried, search, in
// English and Chinese, WCAG 2.1 AA and 320 px wide.

const POSTS = 45;
const RARE = { en: 'zeppelin', zh: '飞艇旅行' } as const;

let stack: Stack;
beforeAll(async () => {
  stack = await startStack();
  const now = Date.now();
  for (const language of ['EN', 'ZH'] as const) {
    const en = language === 'EN';
    await stack.prisma.blogPost.createMany({
      data: Array.from({ length: POSTS }, (_, i) => ({
        slug: `paging-${i}`,
        language,
        category: ['product', 'guides', 'engineering'][i % 3]!,
        title: en
          ? `Paging post ${i}${i % 20 === 5 ? ` on a ${RARE.en}` : ''}`
          : `分页文章 ${i}${i % 20 === 5 ? `：${RARE.zh}` : ''}`,
        excerpt: en ? `What post ${i} is about.` : `第 ${i} 篇文章的内容简介。`,
        content: '<p>Body</p>',
        tags: [en ? 'paging' : '分页'],
        status: 'published' as const,
        publishedAt: new Date(now - (i + 1) * 3_600_000),
        readingTime: 1 + (i % 5),
      })),
    });
  }
});
afterAll(async () => {
  await stack?.stop();
});

const texts = {
  en: {
    prefix: '',
    title: (i: number) => `Paging post ${i}`,
    loadMore: 'Load more posts',
    shown: 'Showing 20 posts',
    shownAll: `Showing all ${POSTS} posts`,
    moreError: 'Could not load more posts',
    retry: 'Try again',
  },
  zh: {
    prefix: '/zh',
    title: (i: number) => `分页文章 ${i}`,
    loadMore: '加载更多文章',
    shown: '已显示 20 篇文章',
    shownAll: `已显示全部 ${POSTS} 篇文章`,
    moreError: '无法加载更多文章',
    retry: '重试',
  },
};

// e2e code compiles without the DOM library: the callbacks run in the page reach it through globalThis.
type PageElement = { textContent: string | null; querySelector(selector: string): PageElement | null };
type PageDocument = { activeElement: PageElement | null };

describe.each(['en', 'zh'] as const)('/blog in pages (%s)', (language) => {
  const t = texts[language];

  it('loads more from the keyboard, moves the focus to the new posts, and searches', async () => {
    const page = await stack.newPage();
    await page.goto(`${t.prefix}/blog`);
    const cards = page.getByTestId('blog-card');
    await expect.poll(() => cards.count(), { timeout: 15_000 }).toBe(20);
    await expect.poll(() => page.getByTestId('blog-stat-total').textContent()).toContain(String(POSTS));
    await expect.poll(() => page.getByTestId('blog-shown').textContent()).toBe(t.shown);
    await expect.poll(() => page.getByRole('button', { name: t.loadMore }).isVisible()).toBe(true);
    await expectAccessible(page, `blog list, first page (${language})`);
    await expectFitsAt320(page, () =>
      expect.poll(() => page.getByTestId('blog-load-more').isVisible()).toBe(true),
    );

    // Tab to the button and press Enter: 20 more, and the focus is on the first of them.
    await tabTo(page, 'blog-load-more', 120);
    await page.keyboard.press('Enter');
    await expect.poll(() => cards.count()).toBe(40);
    await expect
      .poll(() =>
        page.evaluate(
          () =>
            (globalThis as unknown as { document: PageDocument }).document.activeElement?.querySelector(
              '[data-testid="blog-card"] h2',
            )?.textContent ?? null,
        ),
      )
      .toBe(t.title(20));
    // The next Tab stop is that post's read-more link.
    await page.keyboard.press('Tab');
    expect(await focusedTestId(page)).toBe('blog-read-more');
    await expect.poll(() => cards.nth(19).textContent()).toContain(t.title(19));

    // Space on the button loads the last 5; then the button is gone and the count says all.
    await tabTo(page, 'blog-load-more', 120);
    await page.keyboard.press('Space');
    await expect.poll(() => cards.count()).toBe(POSTS);
    await expect.poll(() => page.getByTestId('blog-shown').textContent()).toBe(t.shownAll);
    expect(await page.getByTestId('blog-load-more').count()).toBe(0);
    const titles = await page.getByTestId('blog-card').locator('h2').allTextContents();
    expect(new Set(titles).size).toBe(POSTS);
    expect(titles[44]).toBe(t.title(44));
    await expectAccessible(page, `blog list, all pages (${language})`);

    // Search: the two posts with the term, no further page.
    await page.getByTestId('blog-search').fill(RARE[language]);
    await expect.poll(() => cards.count()).toBe(2);
    expect(await cards.allTextContents()).toEqual([
      expect.stringContaining(RARE[language]),
      expect.stringContaining(RARE[language]),
    ]);
    expect(await page.getByTestId('blog-load-more').count()).toBe(0);
    await expectAccessible(page, `blog search (${language})`);
    await page.context().close();
  });

  it('keeps the posts when a further page fails, and retries', async () => {
    const page = await stack.newPage({ viewport: { width: 320, height: 640 } });
    await page.goto(`${t.prefix}/blog`);
    const cards = page.getByTestId('blog-card');
    await expect.poll(() => cards.count(), { timeout: 15_000 }).toBe(20);
    // The gateway cannot be reached for the next page.
    await page.route(/\/api\/blog\/posts\?.*cursor=/, (route) => route.abort('connectionrefused'));
    await page.getByTestId('blog-load-more').click();
    await expect
      .poll(() => page.getByTestId('blog-more-error').textContent(), { timeout: 15_000 })
      .toContain(t.moreError);
    expect(await cards.count()).toBe(20);
    await expect.poll(() => page.getByTestId('blog-load-more').textContent()).toBe(t.retry);
    await expectAccessible(page, `blog list, a page failed (${language})`);
    await page.unroute(/\/api\/blog\/posts\?.*cursor=/);
    await page.getByTestId('blog-load-more').click();
    await expect.poll(() => cards.count()).toBe(40);
    expect(await page.getByTestId('blog-more-error').count()).toBe(0);
    await page.context().close();
  });
});
