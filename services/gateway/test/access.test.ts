import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { RouteAccess } from '../src/lib/access.ts';
import { bearer, type Gateway, signedInUser, startGateway } from './support/gateway-harness.ts';

// Started while the file is collected: the matrix below is made of the routes it registered.
const gateway: Gateway = await startGateway();
const registered = gateway.app.routeAccess;
const tokens: Record<'free' | 'pro' | 'admin', string> = { free: '', pro: '', admin: '' };
let freeUserId = '';

beforeAll(async () => {
  const free = await signedInUser(gateway, {}, 'free');
  freeUserId = free.id;
  tokens.free = free.accessToken;
  tokens.pro = (await signedInUser(gateway, { plan: 'pro' }, 'pro')).accessToken;
  // The seeded admin has a free plan: admin counts as pro all the same.
  tokens.admin = (await signedInUser(gateway, { role: 'admin' }, 'admin')).accessToken;
});
afterAll(async () => {
  await gateway?.close();
});

// Path parameters get a well-formed id, so the guard (not a 404 or a 400) is what answers.
const concrete = (url: string) => url.replace(/:[^/]+/g, '00000000-0000-4000-8000-000000000000');
const call = (route: RouteAccess, headers: Record<string, string> = {}) =>
  gateway.app.inject({
    method: route.method,
    url: concrete(route.url),
    headers,
    payload: route.method === 'GET' ? undefined : {},
  });

const protectedRoutes = registered.filter((r) => r.access !== 'public');

/**
 * The routes anyone may call, each for its reason (a credential of its own: a signed token, a
 * provider's signature; or content that is public). Levels are declared beside the routes; this list
 * makes a route that becomes public a change someone reviews here.
 */
const PUBLIC_ROUTES = [
  'POST /api/auth/register',
  'POST /api/auth/login',
  'POST /api/auth/refresh',
  'POST /api/auth/logout',
  'GET /api/auth/verify',
  'POST /api/auth/verify',
  'POST /api/auth/verify/resend',
  'POST /api/auth/password-reset',
  'POST /api/auth/password-reset/confirm',
  'GET /api/auth/google/start',
  'GET /api/auth/google/callback',
  'GET /api/config',
  'GET /api/topics',
  'GET /api/topics/stats',
  'GET /api/topics/:idOrSlug',
  'GET /api/topics/:idOrSlug/generated-content',
  'GET /api/topics/:idOrSlug/filter-options',
  'GET /api/datasources',
  'GET /api/sources/tree',
  'GET /api/summaries',
  'GET /api/summaries/:id',
  'GET /api/stories/:id',
  'GET /api/youtube/sources',
  'GET /api/youtube/:sourceName/summaries',
  'POST /api/newsletter/subscriptions',
  'GET /api/newsletter/unsubscribe',
  'POST /api/newsletter/unsubscribe',
  'POST /api/newsletter/preferences',
  'POST /api/newsletter/one-click',
  'GET /api/newsletter/one-click',
  'POST /api/newsletter/mail-events',
  'POST /api/newsletter/confirm',
  'GET /api/newsletter/confirm',
  'GET /api/newsletter/digest',
  'GET /api/blog/posts',
  'GET /api/blog/posts/:slug',
  'POST /api/blog/posts/:id/view',
  'POST /api/billing/webhook',
  'GET /api/podcasts/:id/audio',
  'GET /api/podcasts/artwork.png',
  'GET /api/podcasts/feed/:token',
  'GET /api/podcasts/feed/:token/episodes/:id/audio.mp3',
  'GET /api/podcasts/feed/:token/episodes/:id/transcript.txt',
  'GET /api/podcasts/feed/:token/episodes/:id/chapters.json',
  'GET /api/social-cards/card.png',
  ...['GET', 'POST', 'PUT', 'PATCH', 'DELETE'].map((method) => `${method} /api/*`),
];

describe('access matrix (every registered /api route)', () => {
  it('lists the routes with their levels, and only the reviewed ones are public', () => {
    expect(registered.length).toBeGreaterThan(100);
    const publicRoutes = registered.filter((r) => r.access === 'public').map((r) => `${r.method} ${r.url}`);
    expect(publicRoutes.sort()).toEqual([...PUBLIC_ROUTES].sort());
    // The admin area is admin's alone, Pro's routes need Pro.
    for (const route of registered) {
      if (route.url.startsWith('/api/admin/')) expect(route.access, route.url).toBe('admin');
      if (/^\/api\/(pro|favorites)\//.test(route.url)) expect(route.access, route.url).toBe('pro');
      expect(gateway.app.hasRoute({ method: route.method, url: route.url }), route.url).toBe(true);
    }
  });

  it.each(protectedRoutes.map((r) => [`${r.method} ${r.url}`, r] as const))(
    '%s: visitors get 401',
    async (_, route) => {
      for (const headers of [{}, bearer('not-a-jwt'), { authorization: 'Basic abc' }]) {
        const response = await call(route, headers);
        expect(response.statusCode).toBe(401);
        expect(response.json()).toEqual({
          error: { code: 'UNAUTHENTICATED', message: 'User not authenticated' },
        });
      }
    },
  );

  const wrongRole = protectedRoutes.filter((r) => r.access === 'pro' || r.access === 'admin');
  it.each(wrongRole.map((r) => [`${r.method} ${r.url}`, r] as const))(
    '%s: the wrong role gets 403',
    async (_, route) => {
      const [token, code] =
        route.access === 'pro' ? [tokens.free, 'PRO_REQUIRED'] : [tokens.pro, 'FORBIDDEN'];
      const response = await call(route, bearer(token));
      expect(response.statusCode).toBe(403);
      expect(response.json().error.code).toBe(code);
      if (route.access === 'admin') expect((await call(route, bearer(tokens.free))).statusCode).toBe(403);
    },
  );

  it('refuses to register an /api route that declares no access level', async () => {
    const { buildApp } = await import('../src/app.ts');
    const app = await buildApp({
      config: gateway.config,
      prisma: gateway.db.prisma,
      producer: gateway.producer,
      transport: { ping: async () => {} },
      logger: gateway.app.log as never,
    });
    try {
      expect(() => app.get('/api/unlisted', async () => ({}))).toThrow(/declares no access level/);
      expect(() =>
        app.get('/api/misspelt', { config: { access: 'everyone' as never } }, async () => ({})),
      ).toThrow(/declares no access level/);
    } finally {
      await app.close();
    }
  });

  it('lets the right roles through', async () => {
    const pro = { method: 'GET' as const, url: '/api/pro/ping' };
    expect((await gateway.app.inject({ ...pro, headers: bearer(tokens.pro) })).json()).toEqual({
      ok: true,
      plan: 'pro',
    });
    expect((await gateway.app.inject({ ...pro, headers: bearer(tokens.admin) })).statusCode).toBe(200);
    const admin = await gateway.app.inject({
      method: 'GET',
      url: '/api/admin/ping',
      headers: bearer(tokens.admin),
    });
    expect(admin.json()).toEqual({ ok: true, role: 'admin' });
  });

  it('reads the plan from user_profiles on every request, so an upgrade applies at once', async () => {
    const user = await signedInUser(gateway, {}, 'upgrade');
    const ping = () => gateway.app.inject({ method: 'GET', url: '/api/pro/ping', headers: user.headers });
    expect((await ping()).statusCode).toBe(403);
    await gateway.db.prisma.userProfile.update({ where: { id: user.id }, data: { subscriptionType: 'pro' } });
    expect((await ping()).statusCode).toBe(200);
  });

  it('refuses other JWTs signed with the same key (e.g. OAuth state) as access tokens', async () => {
    const state = gateway.app.jwt.sign({ sub: freeUserId, typ: 'google_state' });
    const response = await gateway.app.inject({ method: 'GET', url: '/api/me', headers: bearer(state) });
    expect(response.statusCode).toBe(401);
  });
});

describe('/api/me', () => {
  it('returns the user and profile, and creates a missing profile as user/free', async () => {
    await gateway.db.prisma.userProfile.delete({ where: { id: freeUserId } });
    const response = await gateway.app.inject({
      method: 'GET',
      url: '/api/me',
      headers: bearer(tokens.free),
    });
    expect(response.statusCode).toBe(200);
    expect(response.json().profile).toEqual({
      id: freeUserId,
      role: 'user',
      subscription_type: 'free',
      display_name: null,
    });
    expect(await gateway.db.prisma.userProfile.count({ where: { id: freeUserId } })).toBe(1);
  });

  it('saves a display name, and an empty one as null', async () => {
    const patch = (display_name: string | null) =>
      gateway.app.inject({
        method: 'PATCH',
        url: '/api/me',
        headers: bearer(tokens.free),
        payload: { display_name },
      });
    const named = await patch('  Ann  ');
    expect(named.statusCode).toBe(200);
    expect(named.json().profile.display_name).toBe('Ann');
    const cleared = await patch('   ');
    expect(cleared.json().profile.display_name).toBeNull();
    const row = await gateway.db.prisma.userProfile.findUniqueOrThrow({ where: { id: freeUserId } });
    expect(row.displayName).toBeNull();
    expect((await patch(null)).json().profile.display_name).toBeNull();
  });

  it('answers visitors with "User not authenticated"', async () => {
    const response = await gateway.app.inject({
      method: 'PATCH',
      url: '/api/me',
      payload: { display_name: 'x' },
    });
    expect(response.statusCode).toBe(401);
    expect(response.json().error.message).toBe('User not authenticated');
  });

  it('treats a token of a deleted account as signed out', async () => {
    const user = await signedInUser(gateway, {}, 'gone');
    await gateway.db.prisma.user.delete({ where: { id: user.id } });
    for (const url of ['/api/me', '/api/pro/ping']) {
      const response = await gateway.app.inject({ method: 'GET', url, headers: user.headers });
      expect(response.statusCode, url).toBe(401);
    }
  });
});
