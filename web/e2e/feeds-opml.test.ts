import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { expectAccessible } from './axe.ts';
import { type Stack, startStack, uniqueEmail } from './harness.ts';

// Feeds out and OPML in the browser: the home and topic pages advertise their feeds with
// <link rel="alternate">, a Pro reader makes, copies and replaces the private favourites feed URL on the
// profile page, and an admin uploads an OPML file, previews each of its lines, imports it and reads the
// per-line report in their language, then exports the datasources; each screen passes axe-core in English
// and Chinese, at 1280 and 375 px.

let stack: Stack;
let topicId = '';
let admin: { email: string; password: string };
let reader: { email: string; password: string };

/** A Feedly export: a folder with a good feed and one on a private address. */
const feedlyExport = (folder: string, host: string) => `<?xml version="1.0" encoding="UTF-8"?>

<opml version="1.0">
    <head>
        <title>Jane subscriptions in feedly Cloud</title>
    </head>
    <body>
        <outline text="${folder}" title="${folder}">
            <outline type="rss" text="Imported blog" title="Imported blog" xmlUrl="https://${host}/feed" htmlUrl="https://${host}/"/>
            <outline type="rss" text="Local" title="Local" xmlUrl="http://127.0.0.1/feed"/>
        </outline>
    </body>
</opml>
`;
const BROKEN =
  '<opml version="2.0"><body>\n<outline text="x" xmlUrl="https://a.example.com/f">\n</body></opml>';

beforeAll(async () => {
  stack = await startStack({ gatewayEnv: { CRAWLER_ALLOW_PRIVATE_HOSTS: 'false' } });
  const topic = await stack.prisma.topic.create({
    data: { slug: 'feeds-e2e', name: 'Feeds E2E', nameZh: '订阅测试', description: 'Feeds' },
  });
  topicId = topic.id;
  await stack.prisma.summary.create({
    data: {
      headline: 'A summary in the feed',
      content: 'Some **markdown**.',
      summaryType: 'blog_post',
      language: 'EN',
      topicId,
      sourceUrls: ['https://source.example.com/post'],
    },
  });
  admin = await stack.createUser({ email: uniqueEmail('feeds-admin'), role: 'admin' });
  reader = await stack.createUser({ email: uniqueEmail('feeds-pro'), plan: 'pro' });
});
afterAll(async () => {
  await stack?.stop();
});

type HeadLink = { type: string; href: string | null; title: string };
// A string expression: this file is type-checked without the DOM library.
const feedLinks = (page: Page) =>
  page.evaluate(`[...document.head.querySelectorAll('link[rel="alternate"][type]')].map((link) => ({
    type: link.type,
    href: link.getAttribute('href'),
    title: link.title,
  }))`) as Promise<HeadLink[]>;

describe('feed discovery', { timeout: 120_000 }, () => {
  it('the home page lists each topic RSS feed, in the page language', async () => {
    const page = await stack.newPage();
    await page.goto('/');
    await expect
      .poll(async () => (await feedLinks(page)).map((link) => link.href), { timeout: 15_000 })
      .toContain('/feeds/topics/feeds-e2e.rss?lang=en');
    await page.goto('/zh');
    await expect
      .poll(async () => (await feedLinks(page)).find((link) => link.href?.includes('feeds-e2e')), {
        timeout: 15_000,
      })
      .toMatchObject({ href: '/feeds/topics/feeds-e2e.rss?lang=zh', title: '订阅测试 (RSS)' });
    // Once the app has drawn it, each link is there once (the app took the server's over), and after a
    // move to another page and back within the app, they are there again (the app's own).
    await page.getByTestId('topic-card').first().waitFor({ timeout: 15_000 });
    const topicFeeds = async () =>
      (await feedLinks(page))
        .filter((link) => link.href?.startsWith('/feeds/topics/'))
        .map((link) => link.href);
    const served = await topicFeeds();
    expect(served).toContain('/feeds/topics/feeds-e2e.rss?lang=zh');
    expect(new Set(served).size).toBe(served.length);
    await page
      .getByRole('link', { name: /pricing|价格/i })
      .first()
      .click();
    await page.getByTestId('plan-free').waitFor({ timeout: 15_000 });
    expect(await topicFeeds()).toEqual([]);
    await page.goBack();
    await expect
      .poll(async () => (await topicFeeds()).sort(), { timeout: 15_000 })
      .toEqual([...served].sort());
    await page.context().close();
  });

  it('a topic page advertises RSS, Atom and JSON Feed, and the links answer', async () => {
    const page = await stack.newPage();
    const ownTypes = async () =>
      (await feedLinks(page))
        .filter((link) => link.href?.startsWith('/feeds/topics/'))
        .map((link) => link.type)
        .sort();
    const siteFeeds = async () =>
      (await feedLinks(page))
        .filter((link) => !link.href?.startsWith('/feeds/topics/'))
        .map((link) => link.href);
    await page.goto(`/topics/${topicId}`);
    await expect
      .poll(ownTypes, { timeout: 15_000 })
      .toEqual(['application/atom+xml', 'application/feed+json', 'application/rss+xml']);
    for (const link of await feedLinks(page)) {
      const response = await page.request.get(new URL(link.href ?? '', stack.baseUrl).toString());
      expect(response.status()).toBe(200);
      expect(await response.text()).toContain('A summary in the feed');
    }
    const site = ['rss', 'atom', 'json'].map((format) => `/feeds/summaries.${format}?lang=en`);
    expect(await siteFeeds()).toEqual(site);
    // A reader who subscribes by hand finds the site's and the blog's RSS links in the footer.
    expect(await page.getByRole('link', { name: 'Every topic (RSS)' }).getAttribute('href')).toBe(site[0]);
    expect(await page.getByRole('link', { name: 'Blog RSS feed' }).getAttribute('href')).toBe(
      '/feeds/blog.rss?lang=en',
    );
    // Leaving the page takes its links away, and the rest of the head the server wrote for it; the
    // site's feed stays, once.
    await page
      .getByRole('link', { name: /pricing|价格/i })
      .first()
      .click();
    await expect.poll(ownTypes, { timeout: 15_000 }).toEqual([]);
    expect(await page.locator('head [data-page-head]').count()).toBe(0);
    expect(await siteFeeds()).toEqual(site);
    // Back on a topic page in the app once the pricing page is there, its links come again (the app's own).
    await page.getByTestId('plan-free').waitFor({ timeout: 15_000 });
    await page.goBack();
    await expect
      .poll(ownTypes, { timeout: 15_000 })
      .toEqual(['application/atom+xml', 'application/feed+json', 'application/rss+xml']);
    // The blog's pages name the blog's feed too, in the reader's language, and it answers.
    await page.goto('/zh/pricing');
    await page.getByTestId('plan-free').waitFor({ timeout: 15_000 });
    await page.locator('a[href$="/blog"]').first().click();
    const blogFeed = ['rss', 'atom', 'json'].map((format) => `/feeds/blog.${format}?lang=zh`);
    await expect
      .poll(async () => (await siteFeeds()).sort(), { timeout: 15_000 })
      .toEqual([...blogFeed, ...site.map((href) => href.replace('lang=en', 'lang=zh'))].sort());
    const blog = await page.request.get(new URL(blogFeed[0]!, stack.baseUrl).toString());
    expect(blog.status()).toBe(200);
    expect(await blog.text()).toContain('<title>每日精选博客</title>');
    // A topic's landing page names its RSS feed in its banner, for the topic, in the reader's language.
    const engineering = await stack.prisma.topic.upsert({
      where: { slug: 'engineering' },
      update: {},
      create: { slug: 'engineering', name: 'Engineering', nameZh: '工程' },
    });
    await page.goto('/zh/topics/engineering');
    const visible = page.getByRole('link', { name: `${engineering.nameZh ?? engineering.name}的 RSS 订阅` });
    await visible.waitFor({ timeout: 15_000 });
    expect(await visible.getAttribute('href')).toBe('/feeds/topics/engineering.rss?lang=zh');
    await expectAccessible(page, 'zh topic landing page with its feed link');
    await page.context().close();
  });
  it('keeps the page’s head when a move to another page is overtaken by going back', async () => {
    const page = await stack.newPage();
    await page.goto(`/topics/${topicId}`);
    await expect.poll(async () => (await feedLinks(page)).length, { timeout: 15_000 }).toBe(6);
    const head = () =>
      page.evaluate(`({
        canonical: document.head.querySelectorAll('link[rel="canonical"]').length,
        hreflang: document.head.querySelectorAll('link[rel="alternate"][hreflang]').length,
        feeds: [...document.head.querySelectorAll('link[rel="alternate"][type]')].map((link) => link.type).sort(),
      })`) as Promise<{ canonical: number; hreflang: number; feeds: string[] }>;
    const served = await head();
    expect(served).toEqual({
      canonical: 1,
      hreflang: 3,
      // The topic's three, and the site's.
      feeds: [
        'application/atom+xml',
        'application/atom+xml',
        'application/feed+json',
        'application/feed+json',
        'application/rss+xml',
        'application/rss+xml',
      ],
    });
    // The app's first page is the served one, /zh too (the router sees it without its prefix): the head stays.
    for (const path of [`/zh/topics/${topicId}`, `/topics/${topicId}`]) {
      await page.goto(path);
      await page.getByTestId('topic-title').waitFor({ timeout: 15_000 });
      await page.waitForLoadState('networkidle');
      expect(await head(), path).toEqual(served);
    }
    // The pricing page's code is slow to come: the reader goes back before it shows.
    let release = () => {};
    const held = new Promise<void>((resolve) => {
      release = resolve;
    });
    let asked = false;
    await page.route(/\/assets\/.*pricing.*\.js$/i, async (route) => {
      asked = true;
      await held;
      await route.continue();
    });
    await page
      .getByRole('link', { name: /pricing|价格/i })
      .first()
      .click();
    await expect.poll(() => asked, { timeout: 15_000 }).toBe(true);
    expect(await head()).toEqual(served);
    await page.goBack();
    await expect.poll(() => page.evaluate('location.pathname')).toBe(`/topics/${topicId}`);
    release();
    await page.waitForLoadState('networkidle');
    expect(await page.getByTestId('plan-free').count()).toBe(0);
    expect(await head()).toEqual(served);
    await page.context().close();
  });
});

describe('the private favourites feed on the profile page', { timeout: 120_000 }, () => {
  it('is made, copied and replaced; the old URL stops answering', async () => {
    const page = await stack.newPage();
    await stack.signIn(page, reader.email, reader.password);
    await page.goto('/profile');
    const card = page.getByTestId('feed-token-card');
    await card.getByTestId('feed-token-create').click();
    const input = card.getByTestId('feed-token-url');
    await expect.poll(() => input.inputValue()).toMatch(/\/feeds\/favorites\/[\w-]{43}\.rss$/);
    const first = await input.inputValue();
    await expectAccessible(page, 'profile with the feed URL');
    const path = new URL(first).pathname;
    expect((await page.request.get(new URL(path, stack.baseUrl).toString())).status()).toBe(200);

    await card.getByTestId('feed-token-create').click();
    await expect.poll(() => input.inputValue()).not.toBe(first);
    expect((await page.request.get(new URL(path, stack.baseUrl).toString())).status()).toBe(404);

    await page.goto('/zh/profile');
    await page.getByTestId('feed-token-active').waitFor();
    await expectAccessible(page, 'zh profile with the feed on');
    await page.getByTestId('feed-token-revoke').click();
    await expect.poll(() => page.getByTestId('feed-token-active').count()).toBe(0);
    await page.context().close();
  });
});

/** The dialog's content does not stick out sideways at 320 px (WCAG 1.4.10 reflow). */
async function expectDialogFitsAt320(page: Page) {
  const before = page.viewportSize() ?? { width: 1280, height: 720 };
  await page.setViewportSize({ width: 320, height: 640 });
  const overflow = `(() => {
    const body = document.querySelector('[role="dialog"] .mantine-Modal-body');
    return body ? body.scrollWidth - body.clientWidth : -1;
  })()`;
  await expect.poll(() => page.evaluate(overflow) as Promise<number>).toBe(0);
  await page.setViewportSize(before);
}

describe('OPML import and export in the admin area', { timeout: 240_000 }, () => {
  for (const language of [
    {
      path: '/admin',
      tab: 'Data sources',
      folder: 'E2E Imported',
      host: 'imported.example.com',
      willAdd: 'Will be added to the new topic “E2E Imported”.',
      added: 'Added to the new topic “E2E Imported”.',
      private: 'The feed URL points to a private, local or reserved address, which cannot be crawled.',
      present: 'Already present in the topic “E2E Imported”: nothing to do.',
      previewTitle: 'Preview: nothing has been imported yet',
      done: 'Imported',
      broken: 'This file cannot be read as OPML (line 3).',
    },
    {
      path: '/zh/admin',
      tab: '数据源管理',
      folder: 'E2E Imported ZH',
      host: 'zh.example.com',
      willAdd: '将加入新建的主题“E2E Imported ZH”。',
      added: '已加入新建的主题“E2E Imported ZH”。',
      private: '订阅链接指向内网、本机或保留地址，无法抓取。',
      present: '主题“E2E Imported ZH”中已有此订阅源，无需导入。',
      previewTitle: '预览：尚未导入任何内容',
      done: '已导入',
      broken: '无法作为 OPML 读取该文件（第 3 行）。',
    },
  ]) {
    it(`${language.path}: upload a file, preview its lines, import, read the report, export`, async () => {
      const page = await stack.newPage({ viewport: { width: 1280, height: 900 } });
      await stack.signIn(page, admin.email, admin.password);
      await page.goto(language.path);
      await page.getByRole('tab', { name: language.tab }).click();
      await page.getByTestId('opml-import').click();
      await page.getByTestId('opml-preview').waitFor();
      await expectAccessible(page, `${language.path} OPML dialog`);

      const dialog = page.getByRole('dialog');
      const upload = (name: string, text: string) =>
        dialog
          .locator('input[type="file"]')
          .setInputFiles({ name, mimeType: 'text/x-opml', buffer: Buffer.from(text) });
      const lines = page.getByTestId('opml-line');
      const file = feedlyExport(language.folder, language.host);
      await upload('feedly.opml', file);
      await page.getByTestId('opml-unmatched-create').check();
      // Import waits for a preview of this file and these choices.
      expect(await page.getByTestId('opml-submit').isDisabled()).toBe(true);
      await page.getByTestId('opml-preview').focus();
      await page.keyboard.press('Enter');
      await expect.poll(() => lines.count()).toBe(2);
      expect(await page.getByTestId('opml-report').textContent()).toContain(language.previewTitle);
      expect(await lines.nth(0).getAttribute('data-status')).toBe('import');
      expect(await lines.nth(0).textContent()).toMatch(/^9/);
      expect(await lines.nth(0).getByTestId('opml-line-message').textContent()).toBe(language.willAdd);
      expect(await lines.nth(1).getAttribute('data-status')).toBe('refused');
      expect(await lines.nth(1).getByTestId('opml-line-message').textContent()).toBe(language.private);
      await expectAccessible(page, `${language.path} OPML preview at 1280`);
      await page.setViewportSize({ width: 375, height: 740 });
      await expectAccessible(page, `${language.path} OPML preview at 375`);
      await expectDialogFitsAt320(page);

      await page.getByTestId('opml-submit').click();
      await expect.poll(() => page.getByTestId('opml-report').textContent()).toContain(language.done);
      expect(await lines.nth(0).getByTestId('opml-line-message').textContent()).toBe(language.added);
      expect(await lines.nth(1).getAttribute('data-status')).toBe('refused');
      await expectAccessible(page, `${language.path} OPML import report at 375`);
      await page.setViewportSize({ width: 1280, height: 900 });
      await expectAccessible(page, `${language.path} OPML import report at 1280`);

      // The same file again: the feed is already there, so there is nothing to import.
      await upload('again.opml', file);
      await page.getByTestId('opml-preview').click();
      await expect.poll(() => lines.nth(0).getAttribute('data-status')).toBe('present');
      expect(await lines.nth(0).getByTestId('opml-line-message').textContent()).toBe(language.present);
      expect(await page.getByTestId('opml-submit').isDisabled()).toBe(true);

      await upload('broken.opml', BROKEN);
      await page.getByTestId('opml-preview').click();
      await expect.poll(() => page.getByTestId('opml-error').textContent()).toBe(language.broken);
      await expectAccessible(page, `${language.path} OPML error`);
      await page.keyboard.press('Escape');
      await dialog.waitFor({ state: 'detached' });

      const download = page.waitForEvent('download');
      await page.getByTestId('opml-export').click();
      const exported = await download;
      expect(exported.suggestedFilename()).toBe('datasources.opml');
      const stream = await exported.createReadStream();
      const chunks: Buffer[] = [];
      for await (const chunk of stream) chunks.push(chunk as Buffer);
      const text = Buffer.concat(chunks).toString('utf8');
      expect(text).toContain(`text="${language.folder}"`);
      expect(text).toContain(`xmlUrl="https://${language.host}/feed" htmlUrl="https://${language.host}/"`);
      await page.context().close();
    });
  }
});
