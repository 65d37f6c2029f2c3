import { TOPIC_LANDING_SLUGS, WEB_PAGES } from '@app/contracts';
import { matchWebPage } from '@app/rules';
import { type AnyRoute, createMemoryHistory, createRouter } from '@tanstack/react-router';
import { describe, expect, it } from 'vitest';
import { TOPIC_SLUGS } from '../config/site';
import { languageRewrite } from '../i18n/language-rewrite';
import type { Language } from '../i18n/language';
import { routeTree } from '../router';

// The gateway answers 404 for a path the web app has no page for, from the shared table of pages
// (@app/contracts web-pages.ts) and its matcher (@app/rules web-pages.ts). These tests hold that table
// equal to the router's, and the matcher to the router's own matching, so the status a crawler gets is
// the screen a reader sees.

type RouteNode = { options?: { path?: string }; children?: RouteNode[] | Record<string, RouteNode> };

function routerPaths(): string[] {
  const paths: string[] = [];
  const walk = (route: RouteNode, prefix: string) => {
    const own = route.options?.path ?? '';
    const here = own ? `${prefix}/${own.replace(/^\//, '')}`.replace(/\/+/g, '/') : prefix;
    const list = Array.isArray(route.children) ? route.children : Object.values(route.children ?? {});
    if (own && list.length === 0) paths.push(here || '/');
    for (const child of list) walk(child, here);
  };
  walk(routeTree as unknown as RouteNode, '');
  return paths.sort();
}

function routerFor(language: Language) {
  return createRouter({
    routeTree,
    rewrite: languageRewrite(language),
    history: createMemoryHistory({ initialEntries: ['/'] }),
    context: {} as never,
  });
}
const routers = { en: routerFor('en'), zh: routerFor('zh') };

/** The router's page for `path` (its full path, e.g. '/blog/$slug'), or null for its 404 screen. */
function routerPage(path: string): { page: string; params: Record<string, string> } | null {
  const router = routers[path === '/zh' || path.startsWith('/zh/') ? 'zh' : 'en'];
  const location = router.parseLocation({
    pathname: path,
    search: '',
    hash: '',
    href: path,
    state: {},
  } as never);
  const matches = router.matchRoutes(location);
  // A path that only begins like a page ('/pricing/x') shows the 404 screen of the nearest layout.
  if (matches.some((match) => match._notFound)) return null;
  const leaf = matches.at(-1);
  const route = leaf && (router.routesById as Record<string, AnyRoute>)[leaf.routeId];
  if (!leaf || !route || route.isRoot) return null;
  return { page: route.fullPath === '/' ? '/' : route.fullPath.replace(/\/$/, ''), params: leaf.params };
}

function sharedPage(path: string) {
  const match = matchWebPage(path);
  return match ? { page: WEB_PAGES[match.name].path, params: match.params } : null;
}

describe('the shared table of web pages', () => {
  it('has exactly the router’s pages', () => {
    expect(
      Object.values(WEB_PAGES)
        .map((page) => page.path)
        .sort(),
    ).toEqual(routerPaths());
  });

  it('knows the topics the topic page shows a landing page for', () => {
    expect([...TOPIC_LANDING_SLUGS]).toEqual([...TOPIC_SLUGS]);
  });

  const samePage = [
    '/',
    '/zh',
    '/zh/',
    '/pricing',
    '/pricing/',
    '/Pricing',
    '/zh/pricing',
    '/pri%63ing',
    '/blog',
    '/blog/how-we-pick-sources',
    '/Blog/x',
    '/BLOG/X',
    '/blog/%78',
    '/blog/x%2Fy',
    '/blog/%E4%BD%A0%E5%A5%BD',
    '/zh/blog/x',
    '/topics/engineering',
    '/topics/0f8fad5b-d9cb-469f-a165-70867728950e',
    '/stories/0f8fad5b-d9cb-469f-a165-70867728950e',
    '/zh/Stories/0F8FAD5B-D9CB-469F-A165-70867728950E',
    '/youtube',
    '/youtube/',
    '/youtube/Some%20Channel',
    '/youtube/Fireship.io',
    '/other-youtube-sources',
    '/content-summary',
    '/daily-podcast',
    '/unsubscribe',
    '/newsletter/confirm',
    '/auth',
    '/zh/auth/callback',
    '/auth/reset',
    '/auth/verify',
    '/profile',
    '/content-history',
    '/content-generator',
    '/admin',
    '/ADMIN',
    '/zh/admin',
    '/auth-test',
    '/database-test',
    // No page.
    '/nope',
    '/zh/nope',
    '/zh/zh',
    '/ZH',
    '/ZH/pricing',
    '/zhx',
    '/topics',
    '/topics/',
    '/stories',
    '/stories/x%2Fy/z',
    '/blog%2Fx',
    '/zh%2Fpricing',
    '/pricing/x',
    '/blog/x/y',
    '/admin/users',
  ];

  it.each(samePage)('%s: the same page (or none) as the router', (path) => {
    expect(sharedPage(path)).toEqual(routerPage(path));
  });

  // A browser never asks for these: the router reads them as another path, or ignores a part. No page:
  // a crawler gets a 404 for each.
  it.each([
    '//blog/x',
    '//pricing',
    '/blog//x',
    '/pricing//',
    '/youtube/a/b',
    '/blog/..',
    '/blog/%2e%2e',
    '/blog/%ZZ',
  ])('%s: no page', (path) => {
    expect(matchWebPage(path)).toBeNull();
  });
});
