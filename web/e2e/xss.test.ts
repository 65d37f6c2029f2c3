import { DEFAULT_DIGEST_TIME_ZONE } from '@app/contracts';
import {
  digestLinks,
  personalizeDigest,
  renderDigestTemplate,
  resolveUnsubscribeSecret,
  signConfirmationToken,
  signUnsubscribeToken,
} from '@app/digest';
import { renderPasswordResetEmail, renderVerificationEmail } from '@app/mailer';
import { addDays, localDateTime } from '@app/time';
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type Stack, startStack, uniqueEmail } from './harness.ts';

/**
 * The digest whose window holds this moment (and so the summaries made at setup) in the default zone:
 * a digest covers the 24 hours before its date's 8 AM, so after 8 AM that is tomorrow's.
 */
function digestDateOfNow(timeZone = DEFAULT_DIGEST_TIME_ZONE): string {
  const local = localDateTime(new Date(), timeZone);
  return local.hour < 8 ? local.date : addDays(local.date, 1);
}

// Stored XSS: script-shaped text that arrives from feeds (headlines, summaries, source names, links),
// from admins (blog posts, topics, datasources) and from users (display names, suggestions) is
// written straight to the database, as if it had slipped past every check on the way in, and every
// page and email that shows it is opened in Chromium. Nothing may run (no handler, no dialog, not even
// an attempt the CSP had to block), no dangerous markup may reach the DOM, and the text still shows.

const payload = (tag: string) =>
  [
    `XSS-${tag}`,
    `<img src=x onerror="window.__xss='${tag}'">`,
    `<script>window.__xss='${tag}'</script>`,
    `<svg onload="window.__xss='${tag}'"></svg>`,
    `"><iframe src="javascript:window.__xss='${tag}'"></iframe>`,
    `<a href="javascript:window.__xss='${tag}'">link</a>`,
  ].join(' ');
/** For columns of 50 characters. */
const shortPayload = (tag: string) => `XSS-${tag}<img src=x onerror=__xss=1>`;
const markdownPayload = (tag: string) =>
  [
    `XSS-${tag} paragraph.`,
    '',
    `[click me](javascript:window.__xss='${tag}-md')`,
    '',
    `![img](x" onerror="window.__xss='${tag}-img')`,
    '',
    `<img src=x onerror="window.__xss='${tag}-raw'">`,
    '',
    `<details open ontoggle="window.__xss='${tag}-toggle'"><summary>s</summary></details>`,
    '',
    `[data](data:text/html;base64,PHNjcmlwdD53aW5kb3cuX194c3M9MTwvc2NyaXB0Pg==)`,
  ].join('\n');
const JS_URL = "javascript:window.__xss='href'";

let stack: Stack;
const ids = {} as Record<'topic' | 'youtubeName' | 'subscriberToken' | 'blogSlug' | 'summary', string>;
const accounts = {} as Record<'reader' | 'admin', { email: string; password: string }>;

beforeAll(async () => {
  stack = await startStack();
  const prisma = stack.prisma;
  const topic = await prisma.topic.create({
    data: {
      // One of the five slugs with a landing page.
      slug: 'engineering',
      name: payload('topic'),
      nameZh: payload('topic-zh'),
      description: payload('topic-description'),
      keywords: [payload('keyword')],
    },
  });
  ids.topic = topic.id;
  const blog = await prisma.datasource.create({
    data: { topicId: topic.id, platform: 'blog', sourceName: payload('source'), sourceUrl: JS_URL },
  });
  ids.youtubeName = `XSS-tube <img src=x onerror="window.__xss='tube'">`;
  const youtube = await prisma.datasource.create({
    data: { topicId: topic.id, platform: 'youtube', sourceName: ids.youtubeName, sourceUrl: JS_URL },
  });
  const post = await prisma.post.create({
    data: { datasourceId: blog.id, url: JS_URL, urlHash: 'f'.repeat(64), title: payload('post-title') },
  });
  const summary = await prisma.summary.create({
    data: {
      headline: payload('headline'),
      content: markdownPayload('content'),
      summaryType: 'blog_post',
      language: 'EN',
      topicId: topic.id,
      datasourceId: blog.id,
      postId: post.id,
      sourceUrls: [
        JS_URL,
        'data:text/html,<script>window.__xss=1</script>',
        'https://ok.example/a"><script>x</script>',
      ],
      metadata: { platform: 'blog', source_name: payload('meta-source'), topic_name: payload('meta-topic') },
    },
  });
  ids.summary = summary.id;
  await prisma.summary.create({
    data: {
      headline: payload('video'),
      content: markdownPayload('video'),
      summaryType: 'youtube_video',
      language: 'EN',
      topicId: topic.id,
      datasourceId: youtube.id,
      sourceUrls: [JS_URL],
      metadata: { platform: 'youtube', source_name: ids.youtubeName, video_title: payload('video-title') },
    },
  });
  await prisma.summary.create({
    data: {
      headline: '',
      content: markdownPayload('no-headline'),
      summaryType: 'blog_post',
      language: 'EN',
      topicId: topic.id,
    },
  });

  // Blog: a post stored raw (as an old row or a direct edit would be), read through the public routes.
  ids.blogSlug = 'xss-post';
  await prisma.blogPost.create({
    data: {
      slug: ids.blogSlug,
      title: payload('blog-title'),
      excerpt: payload('blog-excerpt'),
      content: `<p>XSS-blog-body</p>${payload('blog-body')}<a href="${JS_URL}" onclick="window.__xss='click'">x</a><form action="${JS_URL}"><button>go</button></form><object data="${JS_URL}"></object><embed src="${JS_URL}"><math><mtext><table><mglyph><style><img src=x onerror="window.__xss='mxss'">`,
      tags: [payload('tag')],
      category: 'xss',
      authorName: payload('author'),
      status: 'published',
      publishedAt: new Date(),
      metaTitle: payload('meta-title'),
      metaDescription: payload('meta-description'),
    },
  });

  // Users: a reader with a hostile display name and a Pro plan (history, podcasts), and an admin.
  const reader = await stack.createUser({ email: uniqueEmail('xss-reader'), plan: 'pro' });
  await prisma.userProfile.update({
    where: { id: reader.id },
    data: { displayName: payload('display-name') },
  });
  accounts.reader = reader;
  accounts.admin = await stack.createUser({ email: uniqueEmail('xss-admin'), role: 'admin' });
  const task = await prisma.contentGenerationQueue.create({
    data: {
      userId: reader.id,
      summaryId: summary.id,
      status: 'completed',
      targetPlatforms: ['twitter'],
      userInput: payload('user-input'),
      progress: 100,
      completedAt: new Date(),
    },
  });
  const result = await prisma.userGeneratedContent.create({
    data: {
      userId: reader.id,
      taskId: task.id,
      summaryId: summary.id,
      postId: post.id,
      targetPlatform: 'twitter',
      content: payload('generated'),
      hashtags: [payload('hashtag')],
      sourceUrls: [JS_URL],
      // Published, so the topic page shows it with the hostile display name as its author.
      publishedAt: new Date(),
    },
  });
  await prisma.contentGenerationQueue.update({ where: { id: task.id }, data: { resultIds: [result.id] } });
  await prisma.podcastTask.create({
    data: {
      topicId: topic.id,
      targetDate: new Date(`${new Date().toISOString().slice(0, 10)}T00:00:00Z`),
      language: 'EN',
      status: 'completed',
      completedAt: new Date(),
      transcript: payload('transcript'),
      metadata: { topic_name: payload('podcast-topic') },
    },
  });
  await prisma.sourceSubmission.create({
    data: {
      userId: reader.id,
      topicCustom: shortPayload('submission-topic'),
      platform: 'other',
      platformCustom: shortPayload('sub-platform'),
      url: JS_URL,
    },
  });
  await prisma.datasource.update({
    where: { id: blog.id },
    data: { lastErrorMessage: payload('crawl-error'), lastErrorClass: 'parse_error', consecutiveFailures: 3 },
  });

  // A newsletter subscriber to the hostile topic (management page, 'view in browser' digest).
  const subscribed = await stack.newPage();
  const response = await subscribed.request.post('/api/newsletter/subscriptions', {
    data: { email: uniqueEmail('xss-news'), topic_ids: [topic.id] },
  });
  expect(response.status()).toBe(200);
  await subscribed.context().close();
  const subscriber = await prisma.newsletterSubscriber.findFirstOrThrow({ orderBy: { createdAt: 'desc' } });
  const newsletterSecret = resolveUnsubscribeSecret({
    JWT_SECRET: 'e2e-secret-that-is-long-enough-0123456789',
  });
  // Double opt-in: the topic is on once the emailed link is used (as the confirm page does).
  const confirmation = await prisma.newsletterConfirmation.findUniqueOrThrow({
    where: { subscriberId: subscriber.id },
  });
  const confirmed = await fetch(`${stack.baseUrl}/api/newsletter/confirm`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ token: signConfirmationToken(newsletterSecret, confirmation) }),
  });
  expect(confirmed.status).toBe(200);
  ids.subscriberToken = signUnsubscribeToken(newsletterSecret, subscriber);
}, 120_000);
afterAll(async () => {
  await stack?.stop();
});

// Browser-side code as source text (this project's e2e files are type-checked without DOM types).
/** Traps in every page before its scripts run: what a payload would set, and what the CSP blocked. */
const TRAPS = `
  window.__csp = [];
  document.addEventListener('securitypolicyviolation', (event) => {
    window.__csp.push(event.violatedDirective + ' ' + event.blockedURI + ' ' + event.sample);
  });
`;

/** Markup that can run script, or load a document, found anywhere in the DOM. */
const SCAN = `(() => {
  const found = [];
  const urlAttributes = ['href', 'src', 'action', 'formaction', 'data', 'xlink:href', 'poster', 'background'];
  for (const el of document.querySelectorAll('*')) {
    const tag = el.tagName.toLowerCase();
    for (const attr of el.attributes) {
      const name = attr.name.toLowerCase();
      const value = attr.value.replace(/[\\s\\u0000-\\u001f]+/g, '').toLowerCase();
      if (name.startsWith('on')) found.push('<' + tag + ' ' + name + '>');
      if (name === 'srcdoc') found.push('<' + tag + ' srcdoc>');
      // An SVG inside <img> cannot run script; as a document (a link, an object) it can.
      const isScriptUrl = /^(javascript|vbscript|data:text\\/html)/.test(value);
      const isSvgDocument = value.startsWith('data:image/svg') && tag !== 'img';
      if (urlAttributes.includes(name) && (isScriptUrl || isSvgDocument)) {
        found.push('<' + tag + ' ' + name + '="' + attr.value.slice(0, 60) + '">');
      }
    }
    // The app renders no frames, plugins or <base>, and no form that posts elsewhere.
    if (['iframe', 'frame', 'object', 'embed', 'base'].includes(tag)) found.push('<' + tag + '>');
    if (tag === 'form' && el.hasAttribute('action')) found.push('<form action>');
    if (tag === 'meta' && (el.getAttribute('http-equiv') || '').toLowerCase() === 'refresh') found.push('<meta refresh>');
    if (tag === 'script') {
      const type = el.getAttribute('type') || '';
      const src = el.getAttribute('src') || '';
      const isApp = type === 'module' && src.startsWith('/assets/');
      if (!isApp && type !== 'application/ld+json') found.push('<script type="' + type + '" src="' + src + '">');
    }
  }
  return found;
})()`;

async function dangerousMarkup(page: Page): Promise<string[]> {
  return page.evaluate(SCAN);
}

async function expectInert(page: Page, label: string, dialogs: string[]) {
  // Give image errors, loads and toggles time to fire.
  await page.waitForTimeout(400);
  const state: { xss: string | null; csp: string[] } = await page.evaluate(
    '({ xss: window.__xss ?? null, csp: window.__csp ?? [] })',
  );
  expect(state.xss, `${label}: a payload ran`).toBeNull();
  // zod probes whether eval is allowed (to pick its JIT) with Function(''): that one block is expected.
  const blocked = state.csp.filter((violation) => !/^script-src eval\b/.test(violation));
  expect(blocked, `${label}: the CSP had to block something`).toEqual([]);
  expect(dialogs, `${label}: a dialog opened`).toEqual([]);
  expect(await dangerousMarkup(page), `${label}: dangerous markup in the DOM`).toEqual([]);
}

async function openPage(options: { signInAs?: 'reader' | 'admin' } = {}) {
  const page = await stack.newPage();
  await page.addInitScript({ content: TRAPS });
  const dialogs: string[] = [];
  page.on('dialog', (dialog) => {
    dialogs.push(dialog.message());
    void dialog.dismiss();
  });
  if (options.signInAs) {
    const account = accounts[options.signInAs];
    await stack.signIn(page, account.email, account.password);
  }
  return { page, dialogs };
}

/** Waits until `text` shows; on failure the message says what the page showed instead. */
async function seeText(page: Page, text: string) {
  let shown = '';
  await expect
    .poll(
      async () => {
        // What a person sees (tooltips included), not the text of hidden nodes.
        // biome-ignore lint/performance/useDomNodeTextContent: visible text is the point.
        shown = await page.locator('body').innerText();
        return shown.includes(text);
      },
      {
        timeout: 15_000,
        message: `"${text}" not on ${page.url()}; the page shows:\n${shown.slice(0, 1500)}`,
      },
    )
    .toBe(true)
    .catch((error: Error) => {
      throw new Error(`"${text}" not on ${page.url()}; the page shows:\n${shown.slice(0, 1500)}`, {
        cause: error,
      });
    });
}

describe('the detector', () => {
  it('notices markup that would run, on an app page (CSP) and on a bare page (no CSP)', async () => {
    const { page, dialogs } = await openPage();
    await page.goto('/pricing');
    await seeText(page, 'Pro');
    await expectInert(page, 'pricing', dialogs);
    await page.evaluate(
      `document.body.insertAdjacentHTML('beforeend', '<img src=x onerror="window.__xss=1">')`,
    );
    await expect(expectInert(page, 'injected', dialogs)).rejects.toThrow(/CSP had to block|dangerous markup/);
    const bare = await stack.newPage();
    await bare.addInitScript({ content: TRAPS });
    await bare.setContent('<p>x</p><img src=x onerror="window.__xss=1">');
    await expect(expectInert(bare, 'bare', [])).rejects.toThrow(/a payload ran/);
  });
});

describe('stored XSS stays inert in the web app', () => {
  it('home, topic cards, the summary list with every card expanded, topic pages', async () => {
    const { page, dialogs } = await openPage();
    await page.goto('/');
    await seeText(page, 'XSS-topic');
    await expectInert(page, 'home', dialogs);

    await page.goto(`/content-summary?topic=${ids.topic}`);
    await seeText(page, 'XSS-headline');
    const toggles = page.getByTestId('summary-toggle');
    for (let i = 0; i < (await toggles.count()); i++) await toggles.nth(i).click();
    await seeText(page, 'XSS-content paragraph.');
    // The headline shows as text, markup and all.
    await seeText(page, `<img src=x onerror="window.__xss='headline'">`);
    await expectInert(page, 'content summary', dialogs);
    // Links from hostile data are not followable script.
    for (const link of await page.getByRole('link', { name: 'click me' }).all()) {
      expect(await link.getAttribute('href')).not.toMatch(/^\s*javascript:/i);
    }

    await page.goto(`/topics/${ids.topic}`);
    await seeText(page, 'XSS-content paragraph.');
    await expectInert(page, 'topic detail: summaries', dialogs);
    await page.getByRole('tab').nth(1).click();
    await seeText(page, 'XSS-generated');
    await seeText(page, 'XSS-display-name');
    await expectInert(page, 'topic detail: generated content', dialogs);

    await page.goto('/topics/engineering');
    await seeText(page, 'XSS-topic');
    await expectInert(page, 'topic landing', dialogs);

    await page.goto('/zh/topics/engineering');
    await seeText(page, 'XSS-topic-zh');
    await expectInert(page, 'topic landing (zh)', dialogs);
  });

  it('YouTube source pages', async () => {
    const { page, dialogs } = await openPage();
    await page.goto('/other-youtube-sources');
    await seeText(page, 'XSS-tube');
    await expectInert(page, 'youtube sources', dialogs);
    await page.goto(`/youtube/${encodeURIComponent(ids.youtubeName)}`);
    await seeText(page, 'XSS-video');
    await expectInert(page, 'youtube source', dialogs);
  });

  it('the blog list and a blog post', async () => {
    const { page, dialogs } = await openPage();
    await page.goto('/blog');
    await seeText(page, 'XSS-blog-title');
    await expectInert(page, 'blog list', dialogs);
    await page.goto(`/blog/${ids.blogSlug}`);
    await seeText(page, 'XSS-blog-body');
    await expectInert(page, 'blog post', dialogs);
  });

  it('a display name in the header and on the profile; history and podcasts of that user', async () => {
    const { page, dialogs } = await openPage({ signInAs: 'reader' });
    await page.goto('/profile');
    await seeText(page, 'XSS-display-name');
    await expectInert(page, 'profile', dialogs);
    await page.goto('/content-history');
    await seeText(page, 'XSS-headline');
    await page.getByTestId('history-task').first().click();
    await seeText(page, 'XSS-generated');
    await expectInert(page, 'content history', dialogs);
    await page.goto('/daily-podcast');
    await seeText(page, 'XSS-topic');
    await expectInert(page, 'daily podcast', dialogs);
  });

  it('the admin area: topics, datasources, source health, submissions, blog posts', async () => {
    const { page, dialogs } = await openPage({ signInAs: 'admin' });
    await page.goto('/zh/admin');
    await seeText(page, 'XSS-topic');
    await expectInert(page, 'admin topics', dialogs);
    for (const [tab, text] of [
      ['数据源管理', 'XSS-source'],
      ['数据源健康', 'XSS-source'],
      ['来源提交', 'XSS-submission-topic'],
      ['博客文章', 'XSS-blog-title'],
    ] as const) {
      await page.getByRole('tab', { name: tab }).click();
      await seeText(page, text);
      if (tab === '数据源健康') {
        // The crawl error shows in a tooltip.
        await page.getByText('无法读取订阅内容').first().hover();
        await seeText(page, 'XSS-crawl-error');
      }
      await expectInert(page, `admin ${tab}`, dialogs);
    }
  });

  it("the newsletter management page and the digest's 'view in browser' page", async () => {
    const { page, dialogs } = await openPage();
    await page.goto(`/unsubscribe?token=${encodeURIComponent(ids.subscriberToken)}&action=view`);
    await seeText(page, 'XSS-topic');
    await expectInert(page, 'unsubscribe management', dialogs);
    const response = await page.goto(
      `/api/newsletter/digest?token=${encodeURIComponent(ids.subscriberToken)}&date=${digestDateOfNow()}`,
    );
    expect(response?.status()).toBe(200);
    await seeText(page, 'XSS-headline');
    await expectInert(page, 'digest view in browser', dialogs);
  });
});

describe('stored XSS stays inert in emails', () => {
  async function openEmail(html: string) {
    // A bare page with no CSP: only the template's escaping stands between the payload and a script.
    const page = await stack.newPage();
    await page.addInitScript({ content: TRAPS });
    const dialogs: string[] = [];
    page.on('dialog', (dialog) => {
      dialogs.push(dialog.message());
      void dialog.dismiss();
    });
    await page.setContent(html, { waitUntil: 'load' });
    return { page, dialogs };
  }

  it('the digest, rendered from hostile topics, headlines, excerpts, source names and links', async () => {
    const publicUrl = stack.baseUrl;
    const template = await renderDigestTemplate(
      {
        language: 'en',
        date: '2026-02-02',
        summaryCount: 2,
        topics: [
          {
            id: `${ids.topic}"><script>window.__xss='topic-id'</script>`,
            name: payload('digest-topic'),
            summaries: [
              {
                id: ids.summary,
                headline: payload('digest-headline'),
                excerpt: payload('digest-excerpt'),
                sourceUrl: JS_URL,
                sourceName: payload('digest-source'),
                sources: [
                  { name: payload('digest-outlet'), url: JS_URL },
                  { name: 'Outlet', url: `https://ok.example/"onmouseover="window.__xss='outlet'` },
                ],
              },
              {
                id: ids.summary,
                headline: 'Plain',
                excerpt: 'Plain',
                sourceUrl: `https://ok.example/"onmouseover="window.__xss='attr'`,
                sourceName: null,
                sources: [],
              },
            ],
          },
        ],
      },
      publicUrl,
    );
    const email = personalizeDigest(
      template,
      digestLinks(publicUrl, 'en', `token"><script>window.__xss='token'</script>`, '2026-02-02'),
      'UTC',
    );
    expect(email.subject).not.toMatch(/<script/i);
    const { page, dialogs } = await openEmail(email.html);
    await seeText(page, 'XSS-digest-headline');
    await seeText(page, 'XSS-digest-outlet');
    await expectInert(page, 'digest email', dialogs);
  });

  it("the digest an admin previews, built from the database's hostile rows", async () => {
    const { page: admin } = await openPage({ signInAs: 'admin' });
    const refreshed = await admin.request.post('/api/auth/refresh');
    const token: string = (await refreshed.json()).access_token;
    const preview = await admin.request.post('/api/admin/digest/preview', {
      headers: { authorization: `Bearer ${token}` },
      data: { language: 'en', topic_ids: [ids.topic], date: digestDateOfNow() },
    });
    expect(preview.status()).toBe(200);
    const { html } = await preview.json();
    const { page, dialogs } = await openEmail(html);
    await seeText(page, 'XSS-headline');
    await expectInert(page, 'digest preview', dialogs);
  });

  it('the verification email, whatever the link holds', async () => {
    const email = await renderVerificationEmail({
      verifyUrl: `${stack.baseUrl}/api/auth/verify?token="><img src=x onerror="window.__xss='verify'">`,
      language: 'en',
    });
    const { page, dialogs } = await openEmail(email.html);
    await seeText(page, 'Confirm your email address');
    await expectInert(page, 'verification email', dialogs);
  });

  it('the password reset email, whatever the link holds', async () => {
    const email = await renderPasswordResetEmail({
      resetUrl: `${stack.baseUrl}/auth/reset?token="><img src=x onerror="window.__xss='reset'">`,
      language: 'en',
    });
    const { page, dialogs } = await openEmail(email.html);
    await seeText(page, 'Choose a new password');
    await expectInert(page, 'password reset email', dialogs);
  });
});
