import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { expectAccessible } from './axe.ts';
import { type Stack, startStack, uniqueEmail } from './harness.ts';

// Feeds out and OPML in the browser: the home and topic pages advertise their feeds with
// <link rel="alternate">, a Pro reader makes, copies and replaces the private favourites feed URL on the
// profile page, and an admin imports an OPML file (with its per-line report) and exports one; each screen
// passes axe-core in English and Chinese.

let stack: Stack;
let topicId = '';
let admin: { email: string; password: string };
let reader: { email: string; password: string };

const OPML_GOOD = `<?xml version="1.0" encoding="UTF-8"?>
<opml version="1.0">
  <head><title>Subscriptions in feedly Cloud</title></head>
  <body>
    <outline text="E2E Imported" title="E2E Imported">
      <outline type="rss" text="Imported blog" title="Imported blog" xmlUrl="https://imported.example.com/feed" htmlUrl="https://imported.example.com/"/>
    </outline>
  </body>
</opml>
`;
const OPML_BAD = `<?xml version="1.0" encoding="UTF-8"?>
<opml version="2.0">
  <head><title>Bad</title></head>
  <body>
    <outline text="E2E Imported">
      <outline type="rss" text="Again" xmlUrl="https://imported.example.com/feed"/>
      <outline type="rss" text="Local" xmlUrl="http://127.0.0.1/feed"/>
    </outline>
  </body>
</opml>
`;

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
  page.evaluate(`[...document.head.querySelectorAll('link[rel="alternate"]')].map((link) => ({
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
    await page.context().close();
  });

  it('a topic page advertises RSS, Atom and JSON Feed, and the links answer', async () => {
    const page = await stack.newPage();
    await page.goto(`/topics/${topicId}`);
    await expect
      .poll(async () => (await feedLinks(page)).map((link) => link.type).sort(), { timeout: 15_000 })
      .toEqual(['application/atom+xml', 'application/feed+json', 'application/rss+xml']);
    for (const link of await feedLinks(page)) {
      const response = await page.request.get(new URL(link.href ?? '', stack.baseUrl).toString());
      expect(response.status()).toBe(200);
      expect(await response.text()).toContain('A summary in the feed');
    }
    // Leaving the page takes its links away.
    await page
      .getByRole('link', { name: /pricing|价格/i })
      .first()
      .click();
    await expect.poll(async () => (await feedLinks(page)).length).toBe(0);
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

describe('OPML import and export in the admin area', { timeout: 180_000 }, () => {
  for (const language of [
    { path: '/admin', tab: 'Data sources', done: 'Imported', refused: 'Nothing was imported' },
    { path: '/zh/admin', tab: '数据源管理', done: '已导入', refused: '未导入任何内容' },
  ]) {
    it(`${language.path}: import with a report, then export`, async () => {
      const page = await stack.newPage({ viewport: { width: 375, height: 740 } });
      await stack.signIn(page, admin.email, admin.password);
      await page.goto(language.path);
      await page.getByRole('tab', { name: language.tab }).click();
      await page.getByTestId('opml-import').click();
      await page.getByTestId('opml-submit').waitFor();
      await expectAccessible(page, `${language.path} OPML dialog`);

      const dialog = page.getByRole('dialog');
      const good =
        language.path === '/admin'
          ? OPML_GOOD
          : OPML_GOOD.replaceAll('imported.example.com', 'zh.example.com');
      await dialog.locator('input[type="file"]').setInputFiles({
        name: 'feedly.opml',
        mimeType: 'text/x-opml',
        buffer: Buffer.from(good),
      });
      await page.getByTestId('opml-submit').click();
      await expect.poll(() => page.getByTestId('opml-report').textContent()).toContain(language.done);
      await expectAccessible(page, `${language.path} OPML import done`);

      await dialog.locator('input[type="file"]').setInputFiles({
        name: 'bad.opml',
        mimeType: 'text/x-opml',
        buffer: Buffer.from(
          language.path === '/admin'
            ? OPML_BAD
            : OPML_BAD.replaceAll('imported.example.com', 'zh.example.com'),
        ),
      });
      await page.getByTestId('opml-submit').click();
      await expect.poll(() => page.getByTestId('opml-issue').count()).toBe(2);
      expect(await page.getByTestId('opml-report').textContent()).toContain(language.refused);
      expect(await page.getByTestId('opml-issue').first().textContent()).toMatch(/^6/);
      await expectAccessible(page, `${language.path} OPML import report`);
      await page.keyboard.press('Escape');
      await dialog.waitFor({ state: 'detached' });

      const download = page.waitForEvent('download');
      await page.getByTestId('opml-export').click();
      const file = await download;
      expect(file.suggestedFilename()).toBe('datasources.opml');
      const stream = await file.createReadStream();
      const chunks: Buffer[] = [];
      for await (const chunk of stream) chunks.push(chunk as Buffer);
      const text = Buffer.concat(chunks).toString('utf8');
      expect(text).toContain('text="E2E Imported"');
      expect(text).toContain('https://imported.example.com/feed');
      await page.context().close();
    });
  }
});
