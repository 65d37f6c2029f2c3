import { readFileSync } from 'node:fs';
import path from 'node:path';
import { seed, seedBlogPosts } from '@app/db';
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { holdRequests, type Stack, startStack, webDist } from './harness.ts';

// A screen's data is asked for by its route's loader, with the screen's code and strings, not once
// the screen has drawn: opening a page directly, the data is on its way while the page's code still
// is; on a link's hover the next page's data is too. Each answer is asked for once (the screen's own
// query finds it). (A post and the summaries page opened directly are preloaded by the page's own
// document already: see page-preloads.ts in the gateway.)

const manifest = JSON.parse(readFileSync(path.join(webDist, '.vite/manifest.json'), 'utf8')) as Record<
  string,
  { file: string }
>;
const chunkOf = (source: string) => `/${manifest[source]!.file}`;

let stack: Stack;
beforeAll(async () => {
  stack = await startStack();
  await seed(stack.prisma, { demoSummaries: false });
  await seedBlogPosts(stack.prisma);
}, 60_000);
afterAll(async () => {
  await stack?.stop();
});

/** The API paths the page asks for from now on, each with how many times. */
function recordApi(page: Page): Map<string, number> {
  const asked = new Map<string, number>();
  page.on('request', (request) => {
    const { pathname } = new URL(request.url());
    if (pathname.startsWith('/api/')) asked.set(pathname, (asked.get(pathname) ?? 0) + 1);
  });
  return asked;
}

const SLUG = 'how-we-pick-sources';
const POST_API = `/api/blog/posts/${SLUG}`;
const TOPIC_API = '/api/topics/engineering';

describe('screen data from the route loaders', () => {
  it('a topic page opened directly: its topic is asked for while its code is held back, and once', async () => {
    const page = await stack.newPage();
    const asked = recordApi(page);
    const chunk = await holdRequests(page, `**${chunkOf('src/features/content/topics/topic-page.tsx')}`);
    await page.goto('/topics/engineering', { waitUntil: 'commit' });
    await expect.poll(() => asked.get(TOPIC_API) ?? 0, { timeout: 15_000 }).toBe(1);
    // The page has not drawn: its code is still held.
    expect(await page.getByTestId('landing-title').count()).toBe(0);
    chunk.release();
    await expect.poll(() => page.getByTestId('landing-title').count(), { timeout: 15_000 }).toBe(1);
    await page.waitForLoadState('networkidle');
    expect(asked.get(TOPIC_API)).toBe(1);
    await page.close();
  });

  it('hovering a post on the blog asks for the post before the click; opening it asks again for nothing', async () => {
    const page = await stack.newPage();
    await page.goto('/blog');
    const card = page.getByTestId('blog-card').filter({ hasText: 'How we pick the sources' });
    await expect.poll(() => card.count(), { timeout: 15_000 }).toBe(1);
    await page.waitForLoadState('networkidle');
    const asked = recordApi(page);
    await card.getByTestId('blog-read-more').hover();
    await expect.poll(() => asked.get(POST_API) ?? 0, { timeout: 10_000 }).toBe(1);
    await card.getByTestId('blog-read-more').click();
    await page.waitForURL((url) => url.pathname === `/blog/${SLUG}`);
    await expect
      .poll(() => page.getByTestId('blog-post-title').textContent(), { timeout: 15_000 })
      .toContain('How we pick the sources');
    await page.waitForLoadState('networkidle');
    expect(asked.get(POST_API)).toBe(1);
    await page.close();
  });

  it('the blog opened directly asks for its first page while its code is held back, and once', async () => {
    const page = await stack.newPage();
    const asked = recordApi(page);
    const chunk = await holdRequests(page, `**${chunkOf('src/features/blog/blog-list-page.tsx')}`);
    await page.goto('/blog', { waitUntil: 'commit' });
    await expect.poll(() => asked.get('/api/blog/posts') ?? 0, { timeout: 15_000 }).toBe(1);
    expect(await page.getByTestId('blog-card').count()).toBe(0);
    chunk.release();
    await expect.poll(() => page.getByTestId('blog-card').count(), { timeout: 15_000 }).toBeGreaterThan(0);
    await page.waitForLoadState('networkidle');
    expect(asked.get('/api/blog/posts')).toBe(1);
    await page.close();
  });
});
