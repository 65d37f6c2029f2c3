import { readFileSync } from 'node:fs';
import path from 'node:path';
import { seed } from '@app/db';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { expectAccessible } from './axe.ts';
import { type Stack, startStack, webDist } from './harness.ts';

// The home page's hero is drawn by a tiny entry of its own (src/first-paint.ts) before the app's code has
// arrived, in the reader's language, and the summaries page's first cards and a blog post's title and
// cover by another (src/first-paint-reading.ts); the app then replaces them with the full page. Here the
// app's entry is held back, to look at what the reader sees until then.

type ManifestEntry = { file: string; isEntry?: boolean; name?: string };
const dist = webDist;
const manifest = JSON.parse(readFileSync(path.join(dist, '.vite/manifest.json'), 'utf8')) as Record<
  string,
  ManifestEntry
>;
const appEntry = `/${manifest['index.html']!.file}`;
const firstPaintEntry = `/${manifest['src/first-paint.ts']!.file}`;
const readingFirstPaintEntry = `/${manifest['src/first-paint-reading.ts']!.file}`;

/** The scripts a page asks for while it loads. */
function scriptsOf(page: Awaited<ReturnType<typeof withoutApp>>): string[] {
  const scripts: string[] = [];
  page.on('request', (request) => {
    if (request.resourceType() === 'script') scripts.push(new URL(request.url()).pathname);
  });
  return scripts;
}
/** The hero's texts of a language, from its compiled shared catalog (what the app itself shows). */
function hero(language: 'en' | 'zh') {
  const { messages } = JSON.parse(
    readFileSync(new URL(`../src/i18n/${language}.json`, import.meta.url), 'utf8'),
  );
  return {
    heroTitle: (messages['shared.home.heroTitle'] as string[]).join(''),
    heroSubtitle: (messages['shared.home.heroSubtitle'] as string[]).join(''),
  };
}
const en = hero('en');
const zh = hero('zh');

let stack: Stack;
beforeAll(async () => {
  stack = await startStack();
  await seed(stack.prisma, {});
}, 60_000);
afterAll(async () => {
  await stack?.stop();
});

/** A page whose app entry never arrives (the first-paint entry does). */
async function withoutApp() {
  const page = await stack.newPage();
  await page.route(`**${appEntry}`, (route) => route.abort());
  return page;
}

describe('the home page first paint', () => {
  it('draws the hero in English on / and in Chinese on /zh before the app runs', async () => {
    const page = await withoutApp();
    await page.goto('/');
    await expect.poll(() => page.locator('#root .fp-hero h1').textContent()).toBe(en.heroTitle);
    expect(await page.locator('#root .fp-hero p').textContent()).toBe(en.heroSubtitle);
    // The server's reading view stays hidden where scripts run.
    expect(await page.locator('[data-page-body]').isVisible()).toBe(false);
    await page.goto('/zh');
    await expect.poll(() => page.locator('#root .fp-hero h1').textContent()).toBe(zh.heroTitle);
    expect(await page.locator('#root .fp-hero p').textContent()).toBe(zh.heroSubtitle);
    await page.context().close();
  });

  it('follows the language stored by the language menu on /', async () => {
    const page = await withoutApp();
    // A string: the tests are compiled without the DOM's types.
    await page.addInitScript("window.localStorage.setItem('user-preferred-language', 'zh')");
    await page.goto('/');
    await expect.poll(() => page.locator('#root .fp-hero h1').textContent()).toBe(zh.heroTitle);
    await page.context().close();
  });

  it('is not even downloaded on other pages, nor the other pages’ first paint on the home page', async () => {
    const page = await withoutApp();
    const scripts = scriptsOf(page);
    await page.goto('/pricing');
    await page.waitForLoadState('networkidle');
    // Nothing drawn in #root but the server's reading view, which a browser running scripts hides.
    expect(await page.locator('#root > :not([data-page-body])').count()).toBe(0);
    expect(await page.locator('[data-page-body]').isVisible()).toBe(false);
    expect(scripts).toContain(appEntry);
    expect(scripts).not.toContain(firstPaintEntry);
    expect(scripts).not.toContain(readingFirstPaintEntry);
    scripts.length = 0;
    await page.goto('/zh');
    await page.waitForLoadState('networkidle');
    expect(scripts).toContain(firstPaintEntry);
    expect(scripts).not.toContain(readingFirstPaintEntry);
    await page.context().close();
  });

  it('is replaced by the app: one hero, one header, on the finished page', async () => {
    const page = await stack.newPage();
    await page.goto('/');
    await expect.poll(() => page.getByTestId('topic-card').count(), { timeout: 15_000 }).toBe(5);
    expect(await page.getByRole('heading', { level: 1 }).count()).toBe(1);
    expect(await page.locator('.fp-hero').count()).toBe(0);
    expect(await page.getByTestId('app-header').count()).toBe(1);
    await page.context().close();
  });
});

describe('a blog post’s first paint', () => {
  const posts = () =>
    stack.prisma.blogPost.findMany({
      where: { slug: 'how-we-pick-sources', status: 'published' },
      orderBy: { language: 'asc' },
    });

  it('draws the post’s title and cover where the page puts them, in both languages, before the app runs', async () => {
    const page = await withoutApp();
    for (const post of await posts()) {
      const path = `${post.language === 'ZH' ? '/zh' : ''}/blog/${post.slug}`;
      await page.goto(path);
      await expect
        .poll(() => page.locator('#root .fp-post-title').textContent(), { message: path })
        .toBe(post.title);
      const cover = page.locator('#root img.fp-cover');
      const src = new URL((await cover.getAttribute('src'))!);
      expect(src.pathname + src.search).toBe(post.featuredImageUrl);
      // The picture itself comes (it is the page's largest paint), decorative until the page names it.
      await expect
        .poll(() =>
          cover.evaluate(
            (image: { complete: boolean; naturalWidth: number }) => image.complete && image.naturalWidth > 0,
          ),
        )
        .toBe(true);
      expect(await cover.getAttribute('alt')).toBe('');
      expect(await page.locator('[data-page-body]').isVisible()).toBe(false);
    }
    await page.context().close();
  });

  it('draws nothing for a post without a cover: the app draws it all', async () => {
    const page = await withoutApp();
    const scripts = scriptsOf(page);
    const post = await stack.prisma.blogPost.findFirstOrThrow({
      where: { status: 'published', language: 'EN', featuredImageUrl: null },
    });
    await page.goto(`/blog/${post.slug}`);
    await page.waitForLoadState('networkidle');
    expect(await page.locator('#root > :not([data-page-body])').count()).toBe(0);
    // Its first paint came, and looked, and the home page's did not come.
    expect(scripts).toContain(readingFirstPaintEntry);
    expect(scripts).not.toContain(firstPaintEntry);
    await page.context().close();
  });

  it('is replaced by the app: one title, one cover, named', async () => {
    const page = await stack.newPage();
    const [post] = await posts();
    await page.goto(`/blog/${post!.slug}`);
    await page.getByTestId('blog-post-title').waitFor({ timeout: 15_000 });
    await expect.poll(() => page.locator('.fp-post').count()).toBe(0);
    expect(await page.getByRole('heading', { level: 1 }).count()).toBe(1);
    expect(await page.getByTestId('blog-post-image').getAttribute('alt')).toBe(post!.featuredImageAlt);
    await page.context().close();
  });
});

describe('the summaries page’s first paint', () => {
  type Box = [number, number, number, number];
  type Card = { card: Box; excerpt: Box; title: string };
  // A string: the tests are compiled without the DOM's types.
  const cards = (selector: string, title: string, excerpt: string) => `(() => {
    const box = (el) => { const r = el.getBoundingClientRect(); return [r.x, r.y, r.width, r.height]; };
    return [...document.querySelectorAll('${selector}')].slice(0, 3).map((card) => ({
      card: box(card),
      excerpt: box(card.querySelector('${excerpt}')),
      title: card.querySelector('${title}').textContent,
    }));
  })()`;
  const drawn = cards('#root .fp-card', '.fp-card-title', '.fp-excerpt');
  const app = cards(
    '[data-testid="summary-card"]',
    '[data-card-toggle] span',
    '[data-testid="summary-excerpt"]',
  );

  it('draws the title and the cards the app will show, in both languages, before the app runs', async () => {
    const page = await withoutApp();
    for (const [path, language] of [
      ['/content-summary', 'en'],
      ['/zh/content-summary', 'zh'],
    ] as const) {
      await page.goto(path);
      await page.locator('#root .fp-card').first().waitFor();
      const answer = (await (
        await page.request.get(`/api/summaries?language=${language}&group=story&page_size=20`)
      ).json()) as { data: { headline: string }[] };
      const titles = await page.locator('#root .fp-card-title').allTextContents();
      expect(titles.length, path).toBe(Math.min(20, answer.data.length));
      const cut = (text: string) =>
        [...text].length > 80 ? `${[...text].slice(0, 80).join('').trimEnd()}…` : text;
      expect(titles, path).toEqual(answer.data.slice(0, 20).map(({ headline }) => cut(headline)));
      expect(await page.locator('#root .fp-page-title').textContent(), path).toBe(
        language === 'zh' ? '每日摘要' : 'Daily summaries',
      );
      expect(await page.locator('[data-page-body]').isVisible()).toBe(false);
    }
    // A filtered list is not the server's: nothing is drawn, the app draws it.
    await page.goto('/content-summary?q=model');
    await page.waitForLoadState('networkidle');
    expect(await page.locator('#root > :not([data-page-body])').count()).toBe(0);
    await page.context().close();
  });

  // One test a language: seven widths, each loaded twice, are a test's fair share of time.
  it.each(['/content-summary', '/zh/content-summary'])(
    'puts each card where the app does or higher, as wide, from 360 px to desktop: %s',
    async (path) => {
      for (const width of [360, 390, 480, 639, 700, 900, 1280]) {
        const viewport = { width, height: 900 };
        const held = await withoutApp();
        await held.setViewportSize(viewport);
        await held.goto(path);
        await held.locator('#root .fp-card').first().waitFor();
        const before = (await held.evaluate(drawn)) as Card[];
        await held.context().close();
        const page = await stack.newPage();
        await page.setViewportSize(viewport);
        await page.goto(path);
        await page.getByTestId('summary-card').nth(2).waitFor({ timeout: 15_000 });
        const after = (await page.evaluate(app)) as Card[];
        await page.context().close();
        const at = `${path} at ${width} px`;
        expect(
          before.map((card) => card.title),
          at,
        ).toEqual(after.map((card) => card.title));
        before.forEach((card, index) => {
          const next = after[index]!;
          const place = `${at}, card ${index + 1}: ${JSON.stringify(card)} / ${JSON.stringify(next)}`;
          expect(card.card[1], place).toBeLessThanOrEqual(next.card[1] + 0.5);
          expect(Math.abs(card.card[0] - next.card[0]), place).toBeLessThan(0.5);
          expect(Math.abs(card.card[2] - next.card[2]), place).toBeLessThan(0.5);
          // The same lines, each a little taller: the app's excerpt is never a larger paint.
          expect(card.excerpt[2], place).toBeCloseTo(next.excerpt[2], 0);
          expect(card.excerpt[3], place).toBeGreaterThan(next.excerpt[3]);
        });
        // On a common phone, and from 992 px (the open filter card on one row), the first card is exactly
        // where the app puts it.
        if (width === 390 || width >= 992)
          expect(Math.abs(before[0]!.card[1] - after[0]!.card[1]), at).toBeLessThan(0.5);
      }
    },
  );

  it('is replaced by the app: one title, the app’s cards', async () => {
    const page = await stack.newPage();
    await page.goto('/content-summary');
    await page.getByTestId('summary-card').first().waitFor({ timeout: 15_000 });
    await expect.poll(() => page.locator('.fp-page').count()).toBe(0);
    expect(await page.getByRole('heading', { level: 1 }).count()).toBe(1);
    await page.context().close();
  });
});

describe('the server’s reading view, for a client that runs no script', () => {
  it('shows each public page’s titles and text with JavaScript off, in both languages', async () => {
    const page = await stack.newPage({ javaScriptEnabled: false });
    const engineering = await stack.prisma.topic.findUniqueOrThrow({ where: { slug: 'engineering' } });
    const headline = (
      await stack.prisma.summary.findFirstOrThrow({
        where: { topicId: engineering.id, language: 'EN' },
        orderBy: [{ createdAt: 'desc' }, { id: 'desc' }],
      })
    ).headline;
    const post = await stack.prisma.blogPost.findFirstOrThrow({
      where: { status: 'published', language: 'EN' },
    });
    for (const [path, heading, text] of [
      ['/', 'Daily Curated', 'Engineering'],
      ['/zh', '每日精选', '工程'],
      ['/topics/engineering', 'Engineering', headline],
      ['/content-summary', 'Daily summaries', headline],
      ['/blog', 'Blog', post.title],
      [`/blog/${post.slug}`, post.title, post.authorName],
      ['/no-such-page', 'Page not found', 'does not exist'],
    ] as const) {
      await page.goto(path);
      const view = page.locator('[data-page-body]');
      expect(await view.isVisible(), path).toBe(true);
      expect(await view.getByRole('heading', { level: 1 }).textContent(), path).toBe(heading);
      expect(await view.textContent(), path).toContain(text);
    }
    await page.context().close();
  });

  it('passes axe (WCAG 2.1 AA), is read from the keyboard and fits 320 px', async () => {
    // With scripts on (axe needs them) but without the app: the view as a client without scripts shows it.
    const page = await withoutApp();
    await page.setViewportSize({ width: 320, height: 640 });
    for (const path of ['/', '/zh/topics/engineering', '/content-summary', '/blog']) {
      await page.goto(path);
      await page.addStyleTag({ content: '[data-page-body] { display: block !important; }' });
      // On / the first-paint hero is drawn beside it: the view alone is checked.
      await page.evaluate(
        "document.querySelectorAll('#root > :not([data-page-body])').forEach((node) => node.remove())",
      );
      await expectAccessible(page, `reading view ${path}`);
      const box = await page.locator('[data-page-body]').boundingBox();
      expect(box?.width, path).toBeLessThanOrEqual(320);
      expect(
        await page.evaluate('document.scrollingElement.scrollWidth'),
        `${path} scrolls sideways`,
      ).toBeLessThanOrEqual(320);
      // The first Tab reaches the site's home link, then the main links.
      await page.keyboard.press('Tab');
      expect(await page.evaluate('document.activeElement.className'), path).toBe('pb-home');
    }
    await page.context().close();
  });
});
