import path from 'node:path';
import { fileURLToPath } from 'node:url';
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import adminEn from '../src/features/admin/locales/en.json' with { type: 'json' };
import adminZh from '../src/features/admin/locales/zh.json' with { type: 'json' };
import contentEn from '../src/features/content/locales/en.json' with { type: 'json' };
import contentZh from '../src/features/content/locales/zh.json' with { type: 'json' };
import appEn from '../src/i18n/en.json' with { type: 'json' };
import appZh from '../src/i18n/zh.json' with { type: 'json' };
import { axeViolations, settleAnimations } from './axe.ts';
import { type Stack, startStack, uniqueEmail } from './harness.ts';

// axe-core (WCAG 2.1 A and AA) over every route of the router's table, in English and Chinese, at a
// desktop and a phone width, for one role per test file (a11y-routes-*.test.ts), with the dialogs of
// each page open. The list of routes comes from the router itself: a new route without a row in
// VISITS below fails the 'covers every route' test until it gets one.

export type Role = 'visitor' | 'reader' | 'admin';

const VIEWPORTS = [
  { width: 1280, height: 900 },
  { width: 375, height: 740 },
];

type RouteNode = { options?: { path?: string }; children?: RouteNode[] | Record<string, RouteNode> };

/**
 * Every path of the router's table, e.g. '/topics/$id' (pathless layouts add nothing). The router is
 * loaded at run time (the test runner compiles it), not type-checked with the tests: it is app code.
 */
export async function routerPaths(): Promise<string[]> {
  const router = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../src/router.tsx');
  const { routeTree } = (await import(/* @vite-ignore */ router)) as { routeTree: RouteNode };
  const paths: string[] = [];
  const walk = (route: RouteNode, prefix: string) => {
    const own = route.options?.path ?? '';
    const here = own ? `${prefix}/${own.replace(/^\//, '')}`.replace(/\/+/g, '/') : prefix;
    const list = Array.isArray(route.children) ? route.children : Object.values(route.children ?? {});
    if (own && list.length === 0) paths.push(here || '/');
    for (const child of list) walk(child, here);
  };
  walk(routeTree, '');
  return paths.sort();
}

/** Rows the pages show: a topic with a blog and a YouTube source, summaries, a story, a published post. */
type Seed = { topicId: string; topicSlug: string; channel: string; postSlug: string; storyId: string };

async function seed(stack: Stack): Promise<Seed> {
  const topicSlug = 'a11y-robots';
  const channel = 'Robot Channel';
  const postSlug = 'a11y-welcome';
  const topic = await stack.prisma.topic.create({
    data: {
      slug: topicSlug,
      name: 'A11y Robots',
      nameZh: '机器人',
      description: 'Robots',
      keywords: ['robots'],
    },
  });
  const blog = await stack.prisma.datasource.create({
    data: {
      topicId: topic.id,
      platform: 'blog',
      sourceName: 'Robots blog',
      sourceUrl: 'https://robots.example.com/feed',
    },
  });
  const youtube = await stack.prisma.datasource.create({
    data: {
      topicId: topic.id,
      platform: 'youtube',
      sourceName: channel,
      sourceUrl: 'https://www.youtube.com/feeds/videos.xml?channel_id=UCa11y',
    },
  });
  const now = Date.now();
  // A story of one report (a story of several would show in the admin's list, which this seed keeps empty).
  const story = await stack.prisma.story.create({
    data: {
      headline: 'Robots learn to fold laundry 0',
      language: 'EN',
      summaryCount: 1,
      firstSeenAt: new Date(now),
      lastSeenAt: new Date(now),
    },
  });
  // Twelve per language: more than ten marks the topic 'Popular' on the home page.
  const sources = Array.from({ length: 12 }, (_, n) => (n % 2 ? youtube : blog));
  const rows = (['EN', 'ZH'] as const).flatMap((language) =>
    sources.map((source, n) => ({
      headline: language === 'EN' ? `Robots learn to fold laundry ${n}` : `机器人学会叠衣服 ${n}`,
      content:
        language === 'EN'
          ? 'Researchers showed **robot arms** folding shirts. [Read more](https://robots.example.com/a)'
          : '研究人员展示了**机械臂**叠衬衫。',
      summaryType: source.platform === 'youtube' ? ('youtube_video' as const) : ('blog_post' as const),
      language,
      topicId: topic.id,
      datasourceId: source.id,
      sourceUrls: ['https://robots.example.com/a'],
      metadata: { source_name: source.sourceName, platform: source.platform },
      createdAt: new Date(now - n * 60_000),
      ...(language === 'EN' && n === 0 ? { storyId: story.id } : {}),
    })),
  );
  await stack.prisma.summary.createMany({ data: rows });
  for (const language of ['EN', 'ZH'] as const) {
    await stack.prisma.blogPost.create({
      data: {
        slug: postSlug,
        language,
        title: language === 'EN' ? 'Welcome to the daily digest' : '欢迎阅读每日摘要',
        excerpt: language === 'EN' ? 'What we do.' : '我们做什么。',
        content: '<p>Every morning we read the sources for you.</p><h2>How</h2><p>Carefully.</p>',
        tags: ['news'],
        featured: true,
        status: 'published',
        publishedAt: new Date(now - 86_400_000),
      },
    });
  }
  return { topicId: topic.id, topicSlug, channel, postSlug, storyId: story.id };
}

/** A feature's message from its compiled Lingui catalog (the messages these checks name have no placeholders). */
const catalogText =
  (feature: string, catalog: { messages: Record<string, unknown> }) =>
  (key: string): string => {
    const tokens = catalog.messages[`${feature}.${key}`];
    if (!Array.isArray(tokens) || !tokens.every((token) => typeof token === 'string'))
      throw new Error(`no plain ${feature} message ${key}`);
    return tokens.join('');
  };
type Strings = {
  admin: (key: string) => string;
  content: (key: string) => string;
  shared: (key: string) => string;
};
const STRINGS: Record<'' | '/zh', Strings> = {
  '': {
    admin: catalogText('admin', adminEn),
    content: catalogText('content', contentEn),
    shared: catalogText('shared', appEn),
  },
  '/zh': {
    admin: catalogText('admin', adminZh),
    content: catalogText('content', contentZh),
    shared: catalogText('shared', appZh),
  },
};

/** A state to check besides the page as it opens (a dialog), then undone. */
type Extra = {
  name: string;
  roles: Role[];
  open(page: Page, strings: Strings): Promise<void>;
  close(page: Page): Promise<void>;
};

type Visit = {
  /** Where to go (paths with parameters filled in); several for a route with different screens. */
  urls(seed: Seed): string[];
  /** What a visitor must see instead of the page (protected routes), checked before axe runs. */
  visitorSees?: 'sign-in';
  readerSees?: 'access-denied' | 'pro-required';
  extras?: Extra[];
};

async function closeDialog(page: Page) {
  await page.keyboard.press('Escape');
  await page.getByRole('dialog').waitFor({ state: 'detached' });
}

function dialogOpener(name: string, roles: Role[], button: (s: Strings) => string, first = false): Extra {
  return {
    name,
    roles,
    async open(page, strings) {
      const target = page.getByRole('button', { name: button(strings), exact: true });
      await (first ? target.first() : target).click();
      await page.getByRole('dialog').waitFor();
    },
    close: closeDialog,
  };
}

const SIGNED_IN: Role[] = ['reader', 'admin'];

/** One row per router path. */
const VISITS: Record<string, Visit> = {
  '/': { urls: () => ['/'] },
  '/auth': { urls: () => ['/auth'] },
  '/auth/callback': { urls: () => ['/auth/callback'] },
  '/auth/reset': { urls: () => ['/auth/reset', '/auth/reset?token=not-a-real-token'] },
  '/auth/verify': { urls: () => ['/auth/verify?token=not-a-real-token'] },
  '/content-summary': {
    urls: () => ['/content-summary'],
    extras: [
      dialogOpener('suggest source dialog', SIGNED_IN, (s) => s.content('summary.suggestSource')),
      {
        name: 'generate dialog (admin) or upgrade dialog (reader)',
        roles: SIGNED_IN,
        async open(page, strings) {
          const toggle = page.getByTestId('summary-toggle').first();
          if ((await toggle.getAttribute('aria-expanded')) !== 'true') await toggle.click();
          await page
            .getByRole('button', { name: strings.content('summary.generate') })
            .first()
            .click();
          await page.getByRole('dialog').waitFor();
        },
        close: closeDialog,
      },
    ],
  },
  '/daily-podcast': { urls: () => ['/daily-podcast'] },
  '/pricing': { urls: () => ['/pricing'] },
  '/blog': { urls: () => ['/blog'] },
  '/blog/$slug': { urls: (s) => [`/blog/${s.postSlug}`] },
  '/unsubscribe': { urls: () => ['/unsubscribe', '/unsubscribe?token=forged.token'] },
  '/newsletter/confirm': { urls: () => ['/newsletter/confirm', '/newsletter/confirm?token=forged.token'] },
  // A slug shows the topic's landing page, its id the detail page.
  '/topics/$id': {
    urls: (s) => [`/topics/${s.topicSlug}`, `/topics/${s.topicId}`, '/topics/no-such-topic'],
  },
  // An unknown channel, and no channel's name ("Invalid source name"): each with the ways back.
  '/youtube/{-$sourceName}': {
    urls: (s) => [`/youtube/${encodeURIComponent(s.channel)}`, '/youtube/No%20Such%20Channel', '/youtube/'],
  },
  '/other-youtube-sources': { urls: () => ['/other-youtube-sources'] },
  // A story, and an id that is no story's (its not-found box).
  '/stories/$id': {
    urls: (s) => [`/stories/${s.storyId}`, '/stories/00000000-0000-4000-8000-000000000000'],
  },
  '/auth-test': { urls: () => ['/auth-test'] },
  '/data-test': { urls: () => ['/data-test'] },
  '/simple-test': { urls: () => ['/simple-test'] },
  '/language-filter-test': { urls: () => ['/language-filter-test'] },
  '/database-test': { urls: () => ['/database-test'] },
  '/profile': {
    urls: () => ['/profile'],
    visitorSees: 'sign-in',
    extras: [
      {
        name: 'sign out everywhere dialog',
        roles: SIGNED_IN,
        async open(page) {
          await page.getByTestId('sign-out-everywhere').click();
          await page.getByTestId('sign-out-everywhere-confirm').waitFor();
        },
        close: closeDialog,
      },
    ],
  },
  '/content-history': {
    urls: () => ['/content-history'],
    visitorSees: 'sign-in',
    readerSees: 'pro-required',
  },
  '/content-generator': {
    urls: () => ['/content-generator'],
    visitorSees: 'sign-in',
    readerSees: 'pro-required',
  },
  '/admin': {
    urls: () => ['/admin'],
    visitorSees: 'sign-in',
    readerSees: 'access-denied',
    extras: [
      {
        // The current page's link, hovered: its colour on the hover tint.
        name: 'navigation link hovered',
        roles: ['admin'],
        async open(page, strings) {
          const link = page
            .getByRole('banner')
            .getByRole('link', { name: strings.shared('nav.admin'), exact: true });
          if (await link.isVisible()) await link.hover();
        },
        async close(page) {
          await page.mouse.move(0, 0);
        },
      },
      {
        name: 'add topic dialog',
        roles: ['admin'],
        async open(page, strings) {
          await page.getByRole('tab', { name: strings.admin('tabs.topics') }).click();
          await page.getByRole('button', { name: strings.admin('topics.add') }).click();
          await page.getByRole('dialog').waitFor();
        },
        close: closeDialog,
      },
      {
        name: 'add data source dialog',
        roles: ['admin'],
        async open(page, strings) {
          await page.getByRole('tab', { name: strings.admin('tabs.datasources') }).click();
          await page.getByTestId('ds-add').click();
          await page.getByRole('dialog').waitFor();
        },
        close: closeDialog,
      },
      {
        // The seed has no story of several reports: the empty list (its dialogs are in admin-stories.test.ts).
        name: 'stories tab',
        roles: ['admin'],
        async open(page, strings) {
          await page.getByRole('tab', { name: strings.admin('tabs.stories') }).click();
          await page.getByTestId('stories-empty').waitFor();
        },
        async close() {},
      },
      {
        name: 'new blog post dialog',
        roles: ['admin'],
        async open(page, strings) {
          await page.getByRole('tab', { name: strings.admin('tabs.blog') }).click();
          await page.getByRole('button', { name: strings.admin('blog.new') }).click();
          await page.getByRole('dialog').waitFor();
        },
        close: closeDialog,
      },
    ],
  },
};

/** The violations on the settled page, one line each (empty when it passes). */
async function violations(page: Page): Promise<string[]> {
  await settleAnimations(page);
  return axeViolations(page);
}

/** How long no request may start or end before the page counts as settled. */
const QUIET_MS = 200;

/** The requests in flight on a page and when the last one started or ended (see trackNetwork). */
type Network = { inFlight: number; lastChange: number };

/**
 * Counts a page's requests as they start and end. Playwright's 'networkidle' waits for half a second
 * without any; this suite waits for QUIET_MS after the last one, about a second less on every visit.
 */
function trackNetwork(page: Page): Network {
  const network = { inFlight: 0, lastChange: Date.now() };
  const ended = () => {
    network.inFlight = Math.max(0, network.inFlight - 1);
    network.lastChange = Date.now();
  };
  page.on('request', () => {
    network.inFlight += 1;
    network.lastChange = Date.now();
  });
  page.on('requestfinished', ended);
  page.on('requestfailed', ended);
  return network;
}

/** Waits until the route's code, strings and first data are in (no pending screen, network quiet). */
async function settled(page: Page, network: Network) {
  await page.waitForLoadState('load');
  await page.getByTestId('route-pending').waitFor({ state: 'detached' });
  const deadline = Date.now() + 15_000;
  while (network.inFlight > 0 || Date.now() - network.lastChange < QUIET_MS) {
    if (Date.now() > deadline) throw new Error(`${page.url()}: the network never went quiet`);
    await page.waitForTimeout(25);
  }
}

async function expectVisitorSees(
  page: Page,
  prefix: string,
  sees: Visit['visitorSees'] | Visit['readerSees'],
) {
  if (sees === 'sign-in') {
    await page.getByTestId('auth-submit').waitFor();
    expect(new URL(page.url()).pathname).toBe(`${prefix}/auth`);
  } else if (sees) {
    await page.getByTestId(sees).waitFor();
  }
}

/**
 * The describe block of one role's file: one product start, one browser page per language. The two
 * languages run at the same time, each on its own page (own browser context, own signed-in user),
 * while each language's routes run one after another on its page.
 */
export function describeRoutesFor(role: Role) {
  let stack: Stack;
  let data: Seed;

  beforeAll(async () => {
    stack = await startStack();
    data = await seed(stack);
  });
  afterAll(async () => {
    await stack?.stop();
  });

  it('covers every route of the router', async () => {
    expect(Object.keys(VISITS).sort()).toEqual(await routerPaths());
  });

  for (const prefix of ['', '/zh'] as const) {
    describe(`${role} in ${prefix ? 'Chinese' : 'English'}`, { timeout: 120_000, concurrent: true }, () => {
      let page: Page;
      let network: Network;
      beforeAll(async () => {
        page = await stack.newPage({ viewport: VIEWPORTS[0] });
        network = trackNetwork(page);
        if (prefix) await page.goto(`${prefix}/`);
        if (role !== 'visitor') {
          const user = await stack.createUser({
            email: uniqueEmail(`a11y-${role}`),
            role: role === 'admin' ? 'admin' : 'user',
          });
          await stack.signIn(page, user.email, user.password);
        }
      });
      afterAll(async () => {
        await page?.context().close();
      });

      it.sequential(`${prefix}/no-such-page (not found)`, async () => {
        const found: string[] = [];
        await page.goto(`${prefix}/no-such-page`);
        await settled(page, network);
        await page.getByTestId('not-found').waitFor();
        for (const viewport of VIEWPORTS) {
          await page.setViewportSize(viewport);
          for (const line of await violations(page)) found.push(`${viewport.width}px: ${line}`);
        }
        expect(found).toEqual([]);
      });

      for (const [path, visit] of Object.entries(VISITS)) {
        it.sequential(`${prefix}${path}`, async () => {
          const found: string[] = [];
          for (const url of visit.urls(data)) {
            await page.setViewportSize(VIEWPORTS[0]!);
            await page.goto(`${prefix}${url === '/' && prefix ? '' : url}`);
            await settled(page, network);
            if (role === 'visitor') await expectVisitorSees(page, prefix, visit.visitorSees);
            if (role === 'reader') await expectVisitorSees(page, prefix, visit.readerSees);
            for (const viewport of VIEWPORTS) {
              await page.setViewportSize(viewport);
              const where = `${prefix}${url} at ${viewport.width}px`;
              for (const line of await violations(page)) found.push(`${where}: ${line}`);
              for (const extra of visit.extras ?? []) {
                if (!extra.roles.includes(role)) continue;
                if (role === 'reader' && visit.readerSees) continue;
                await extra.open(page, STRINGS[prefix]);
                for (const line of await violations(page)) found.push(`${where}, ${extra.name}: ${line}`);
                await extra.close(page);
              }
            }
          }
          expect(found).toEqual([]);
        });
      }
    });
  }
}
