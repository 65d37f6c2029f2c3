import { randomUUID } from 'node:crypto';
import { DEFAULT_DIGEST_TIME_ZONE } from '@app/contracts';
import { addDays, localDateTime } from '@app/time';
import type { LightMyRequestResponse } from 'fastify';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { uniqueEmail } from '../support/gateway-harness.ts';
import { type RecordedRoute, takeRecordedRoutes } from './route-recorder.ts';
import { ROLES, type Role, SECRETS, type SecurityStack, startSecurityStack } from './security-harness.ts';

// The authorization matrix: every route the app registers, called as a visitor, a free user, the Pro
// user who owns the fixtures ("pro"), another Pro user ("other") and an admin, each answer checked.
// The route list comes from the app itself, so a route added without a row here fails the first test.
vi.mock('fastify', async (original) =>
  (await import('./route-recorder.ts')).recordRoutes(await original<typeof import('fastify')>()),
);

type Call = {
  url: string;
  payload?: unknown;
  headers?: Record<string, string>;
};
type Expected = Record<Role, number>;
type Row = {
  /** Built per role, so calls that change or delete something get a fresh row each. */
  call: (role: Role) => Call | Promise<Call>;
  expect: Expected;
  /** Extra checks on a role's answer (e.g. another user's list must not contain the owner's rows). */
  check?: (role: Role, response: LightMyRequestResponse) => void;
};

const all = (status: number): Expected => ({
  visitor: status,
  free: status,
  pro: status,
  other: status,
  admin: status,
});
/** Signed in: visitors 401. */
const user = (status: number): Expected => ({ ...all(status), visitor: 401 });
/** Pro plan or admin: visitors 401, free users 403 PRO_REQUIRED. */
const pro = (status: number): Expected => ({ ...user(status), free: 403 });
/** Admin role: 401, then 403 FORBIDDEN for everyone but the admin. */
const admin = (status: number): Expected => ({
  visitor: 401,
  free: 403,
  pro: 403,
  other: 403,
  admin: status,
});
/**
 * The Pro user's own row: only they succeed. Everyone else who passes the route's guard gets 404, as if
 * the row did not exist (no 403 that would confirm it does); admins get no back door on users' rows.
 */
const ownerOnly = (ok: number, freeStatus: 403 | 404 = 404): Expected => ({
  visitor: 401,
  free: freeStatus,
  pro: ok,
  other: 404,
  admin: 404,
});

let stack: SecurityStack;
let routes: RecordedRoute[] = [];
beforeAll(async () => {
  takeRecordedRoutes();
  stack = await startSecurityStack();
  routes = takeRecordedRoutes();
});
afterAll(async () => {
  await stack?.close();
});

/** The digest whose window (the 24 hours before its date's 8 AM) holds the fixtures made just now. */
const digestDateOfNow = () => {
  const local = localDateTime(new Date(), DEFAULT_DIGEST_TIME_ZONE);
  return local.hour < 8 ? local.date : addDays(local.date, 1);
};
const missing = '00000000-0000-4000-8000-000000000000';

function matrix(s: () => SecurityStack): Record<string, Row> {
  const fx = () => s().fx;
  const fresh = () => s().fresh;
  const onlyOwnerSees = (key: () => string) => (role: Role, response: LightMyRequestResponse) => {
    if (role === 'pro' || response.statusCode !== 200) return;
    expect(JSON.stringify(response.json()), `${role} sees the owner's rows`).not.toContain(key());
  };
  return {
    // ── ops and the API document: public by design, but for /metrics ──
    'GET /healthz': { call: () => ({ url: '/healthz' }), expect: all(200) },
    'GET /readyz': { call: () => ({ url: '/readyz' }), expect: all(200) },
    // Off on the public port without METRICS_TOKEN (ops.test.ts checks the token itself).
    'GET /metrics': { call: () => ({ url: '/metrics' }), expect: all(404) },
    'GET /docs': { call: () => ({ url: '/docs' }), expect: all(200) },
    'GET /docs/json': { call: () => ({ url: '/docs/json' }), expect: all(200) },
    'GET /docs/yaml': { call: () => ({ url: '/docs/yaml' }), expect: all(200) },
    'GET /docs/static/index.html': { call: () => ({ url: '/docs/static/index.html' }), expect: all(302) },
    'GET /docs/static/swagger-initializer.js': {
      call: () => ({ url: '/docs/static/swagger-initializer.js' }),
      expect: all(200),
    },
    'GET /docs/static/*': { call: () => ({ url: '/docs/static/swagger-ui.css' }), expect: all(200) },
    // ── the API's catch-all: the JSON 404 for anyone, in every method ──
    ...Object.fromEntries(
      ['GET', 'POST', 'PUT', 'PATCH', 'DELETE'].map((method) => [
        `${method} /api/*`,
        {
          call: () => ({ method, url: '/api/no/such/route', payload: method === 'GET' ? undefined : {} }),
          expect: all(404),
        },
      ]),
    ),

    // ── auth: public; a Bearer token neither helps nor hurts ──
    'POST /api/auth/register': {
      call: () => ({
        url: '/api/auth/register',
        payload: { email: uniqueEmail('reg'), password: 'long-enough' },
      }),
      expect: all(201),
    },
    'POST /api/auth/login': {
      call: () => ({
        url: '/api/auth/login',
        payload: { email: s().users.free.email, password: 'correct-horse' },
      }),
      expect: all(200),
    },
    // The refresh cookie is the only credential here: an access token is not one.
    'POST /api/auth/refresh': { call: () => ({ url: '/api/auth/refresh' }), expect: all(401) },
    'POST /api/auth/logout': { call: () => ({ url: '/api/auth/logout' }), expect: all(204) },
    'GET /api/auth/verify': {
      call: () => ({ url: '/api/auth/verify?token=en.not-a-real-verification-token' }),
      expect: all(302),
    },
    // Accounts: the emailed token is the credential; an unknown one is 400 for everyone.
    'POST /api/auth/verify': {
      call: () => ({
        url: '/api/auth/verify',
        payload: { token: 'en.not-a-real-verification-token', password: 'correct-horse' },
      }),
      expect: all(400),
    },
    'POST /api/auth/verify/resend': {
      call: () => ({ url: '/api/auth/verify/resend', payload: { email: uniqueEmail('resend') } }),
      expect: all(202),
    },
    'POST /api/auth/password-reset': {
      call: () => ({ url: '/api/auth/password-reset', payload: { email: uniqueEmail('reset') } }),
      expect: all(202),
    },
    'POST /api/auth/password-reset/confirm': {
      call: () => ({
        url: '/api/auth/password-reset/confirm',
        payload: { token: 'not-a-real-reset-token-0123456789', password: 'long-enough' },
      }),
      expect: all(400),
    },
    // A wrong current password: signed-in callers reach the check (400), visitors never do.
    'POST /api/auth/password': {
      call: () => ({
        url: '/api/auth/password',
        payload: { current_password: 'not-the-password', new_password: 'long-enough' },
      }),
      expect: user(400),
    },
    // Ends the matrix users' refresh sessions only; the access tokens the matrix uses run until they expire.
    'POST /api/auth/logout-all': { call: () => ({ url: '/api/auth/logout-all' }), expect: user(204) },
    'GET /api/auth/google/start': { call: () => ({ url: '/api/auth/google/start' }), expect: all(302) },
    'GET /api/auth/google/callback': {
      call: () => ({ url: '/api/auth/google/callback?code=forged&state=forged' }),
      expect: all(302),
    },
    'GET /api/config': { call: () => ({ url: '/api/config' }), expect: all(200) },
    'GET /api/me': { call: () => ({ url: '/api/me' }), expect: user(200) },
    'PATCH /api/me': {
      call: () => ({ url: '/api/me', payload: { display_name: 'Matrix' } }),
      expect: user(200),
    },
    'GET /api/pro/ping': { call: () => ({ url: '/api/pro/ping' }), expect: pro(200) },
    // The private favourites feed's token (favourites are Pro); each role's own.
    'GET /api/me/feed-token': { call: () => ({ url: '/api/me/feed-token' }), expect: pro(200) },
    'POST /api/me/feed-token': { call: () => ({ url: '/api/me/feed-token' }), expect: pro(200) },
    'DELETE /api/me/feed-token': { call: () => ({ url: '/api/me/feed-token' }), expect: pro(204) },
    // The reader's own digest subscription: these accounts have none, which the PATCH says with a 404.
    'GET /api/me/newsletter': {
      call: () => ({ url: '/api/me/newsletter' }),
      expect: user(200),
      check: (role, response) => {
        if (role !== 'visitor') expect(response.json(), role).toEqual({ subscription: null });
      },
    },
    'PATCH /api/me/newsletter': {
      call: () => ({ url: '/api/me/newsletter', payload: { follows_my_feed: true } }),
      expect: user(404),
    },
    // Follows and read state: every signed-in reader, each their own.
    'GET /api/me/follows': { call: () => ({ url: '/api/me/follows' }), expect: user(200) },
    'POST /api/me/follows': {
      call: () => ({ url: '/api/me/follows', payload: { topic_id: fx().topic.id } }),
      expect: user(200),
    },
    'DELETE /api/me/follows': {
      call: () => ({ url: '/api/me/follows', payload: { topic_id: fx().topic.id } }),
      expect: user(200),
    },
    'POST /api/me/reads': {
      call: () => ({ url: '/api/me/reads', payload: { summary_ids: [fx().summary.id] } }),
      expect: user(200),
    },
    'DELETE /api/me/reads': {
      call: () => ({ url: '/api/me/reads', payload: { summary_ids: [fx().summary.id] } }),
      expect: user(200),
    },
    'POST /api/me/reads/all': { call: () => ({ url: '/api/me/reads/all', payload: {} }), expect: user(200) },
    'GET /api/me/unread-counts': { call: () => ({ url: '/api/me/unread-counts' }), expect: user(200) },
    'GET /api/me/reading-settings': { call: () => ({ url: '/api/me/reading-settings' }), expect: user(200) },
    'PATCH /api/me/reading-settings': {
      call: () => ({ url: '/api/me/reading-settings', payload: { mark_read_on_scroll: false } }),
      expect: user(200),
    },
    // ── feeds out: public; the favourites feed's token in the path is its only credential ──
    'GET /feeds/topics/:file': {
      call: () => ({ url: '/feeds/topics/security-matrix.json?lang=en' }),
      expect: all(200),
    },
    'GET /feeds/:file': { call: () => ({ url: '/feeds/summaries.atom?lang=zh' }), expect: all(200) },
    'GET /feeds/favorites/:file': {
      call: () => ({ url: `/feeds/favorites/${'x'.repeat(43)}.rss` }),
      expect: all(404),
    },
    // Any other /feeds path: the JSON 404, not the web app.
    'GET /feeds/*': { call: () => ({ url: '/feeds/topics/x/podcasts.rss' }), expect: all(404) },
    // ── for search engines: public, the same for everyone ──
    'GET /robots.txt': { call: () => ({ url: '/robots.txt' }), expect: all(200) },
    'GET /sitemap.xml': { call: () => ({ url: '/sitemap.xml' }), expect: all(200) },
    'GET /sitemaps/:file': { call: () => ({ url: '/sitemaps/en.xml' }), expect: all(200) },
    'GET /api/admin/ping': { call: () => ({ url: '/api/admin/ping' }), expect: admin(200) },

    // ── reading: public (the free window is applied inside) ──
    'GET /api/topics': { call: () => ({ url: '/api/topics' }), expect: all(200) },
    'GET /api/topics/stats': { call: () => ({ url: '/api/topics/stats' }), expect: all(200) },
    'GET /api/topics/:idOrSlug': {
      call: () => ({ url: `/api/topics/${fx().topic.slug}` }),
      expect: all(200),
    },
    // Public by the spec (the topic page's "generated content" tab), but published items only, for
    // everyone (the admin and the author too): a private draft and any task's instructions never show.
    // Visitors and free users get the items of yesterday's and today's summaries, as with summaries.
    'GET /api/topics/:idOrSlug/generated-content': {
      call: () => ({ url: `/api/topics/${fx().topic.slug}/generated-content` }),
      expect: all(200),
      check: (role, response) => {
        const ids = response.json().data.map((item: { id: string }) => item.id);
        expect(ids, role).toContain(fx().publishedResult.id);
        expect(ids, `${role} sees the private draft`).not.toContain(fx().ownResult.id);
        expect(ids.includes(fx().oldPublishedResult.id), `${role}: outside the free window`).toBe(
          role === 'pro' || role === 'other' || role === 'admin',
        );
        for (const secret of Object.values(SECRETS)) expect(response.body, role).not.toContain(secret);
        expect(response.body).not.toContain('user_input');
      },
    },
    'GET /api/topics/:idOrSlug/filter-options': {
      call: () => ({ url: `/api/topics/${fx().topic.slug}/filter-options` }),
      expect: all(200),
    },
    'GET /api/datasources': { call: () => ({ url: '/api/datasources' }), expect: all(200) },
    'GET /api/sources/tree': { call: () => ({ url: '/api/sources/tree' }), expect: all(200) },
    'GET /api/summaries': { call: () => ({ url: '/api/summaries' }), expect: all(200) },
    'GET /api/summaries/:id': {
      call: () => ({ url: `/api/summaries/${fx().summary.id}` }),
      expect: all(200),
    },
    'GET /api/youtube/sources': { call: () => ({ url: '/api/youtube/sources' }), expect: all(200) },
    'GET /api/youtube/:sourceName/summaries': {
      call: () => ({ url: `/api/youtube/${encodeURIComponent(fx().youtube.sourceName)}/summaries` }),
      expect: all(200),
    },
    'POST /api/source-submissions': {
      call: () => ({
        url: '/api/source-submissions',
        payload: {
          topic: fx().topic.id,
          platform: 'blog',
          url: `https://suggest.example.com/${randomUUID()}`,
        },
      }),
      expect: user(200),
    },

    // ── favourites: Pro, and each user only ever sees or changes their own ──
    'GET /api/favorites/datasources': {
      call: () => ({ url: '/api/favorites/datasources' }),
      expect: pro(200),
      check: onlyOwnerSees(() => fx().favorites[0].id),
    },
    'POST /api/favorites/datasources': {
      call: () => ({ url: '/api/favorites/datasources', payload: { datasource_id: fx().youtube.id } }),
      expect: pro(200),
    },
    'DELETE /api/favorites/datasources': {
      call: () => ({ url: '/api/favorites/datasources', payload: { datasource_id: fx().youtube.id } }),
      expect: pro(200),
    },
    'GET /api/favorites/summaries': {
      call: () => ({ url: '/api/favorites/summaries' }),
      expect: pro(200),
      check: onlyOwnerSees(() => fx().favorites[1].id),
    },
    'POST /api/favorites/summaries': {
      call: () => ({ url: '/api/favorites/summaries', payload: { summary_id: fx().summary.id } }),
      expect: pro(200),
    },
    'DELETE /api/favorites/summaries': {
      call: (role) => ({
        url: '/api/favorites/summaries',
        // The owner keeps theirs: the cross-user block below checks that others' deletes did not touch it.
        payload: { summary_id: role === 'pro' ? missing : fx().summary.id },
      }),
      expect: pro(200),
    },

    // ── newsletter: public; the signed token is the credential ──
    'POST /api/newsletter/subscriptions': {
      call: () => ({
        url: '/api/newsletter/subscriptions',
        payload: { email: uniqueEmail('news'), topic_ids: [fx().topic.id] },
      }),
      expect: all(200),
    },
    'GET /api/newsletter/unsubscribe': {
      call: () => ({ url: `/api/newsletter/unsubscribe?token=${encodeURIComponent(fx().unsubscribeToken)}` }),
      expect: all(200),
    },
    'POST /api/newsletter/unsubscribe': {
      call: () => ({
        url: '/api/newsletter/unsubscribe',
        payload: { token: fx().unsubscribeToken, topic: missing },
      }),
      expect: all(200),
    },
    // The zone the subscriber already has: the digest row below reads the subscriber's local date.
    'POST /api/newsletter/preferences': {
      call: () => ({
        url: '/api/newsletter/preferences',
        payload: { token: fx().unsubscribeToken, time_zone: fx().subscriber.timeZone },
      }),
      expect: all(200),
    },
    'POST /api/newsletter/one-click': {
      call: () => ({
        url: `/api/newsletter/one-click?token=${encodeURIComponent(`${fx().subscriber.id}.forged`)}`,
      }),
      expect: all(400),
    },
    // The link opened in a browser: a page for whoever holds the token, which changes nothing.
    'GET /api/newsletter/one-click': {
      call: () => ({ url: `/api/newsletter/one-click?token=${encodeURIComponent(fx().unsubscribeToken)}` }),
      expect: all(200),
    },
    // Authenticated by the email provider's webhook signature, which nobody here has.
    'POST /api/newsletter/mail-events': {
      call: () => ({ url: '/api/newsletter/mail-events', payload: { type: 'email.complained' } }),
      expect: all(401),
    },
    'GET /api/newsletter/confirm': {
      call: () => ({ url: `/api/newsletter/confirm?token=${encodeURIComponent(fx().unsubscribeToken)}` }),
      expect: all(303),
    },
    // An unsubscribe token (in every digest) is not a confirmation token, whoever sends it.
    'POST /api/newsletter/confirm': {
      call: () => ({ url: '/api/newsletter/confirm', payload: { token: fx().unsubscribeToken } }),
      expect: all(400),
    },
    'GET /api/newsletter/digest': {
      call: () => ({
        url: `/api/newsletter/digest?token=${encodeURIComponent(fx().unsubscribeToken)}&date=${digestDateOfNow()}`,
      }),
      expect: all(200),
    },
    'POST /api/admin/digest/preview': {
      call: () => ({
        url: '/api/admin/digest/preview',
        payload: { language: 'en', topic_ids: [fx().topic.id] },
      }),
      expect: admin(200),
    },
    'POST /api/admin/digest/send': {
      call: () => ({ url: '/api/admin/digest/send', payload: { email: 'nobody-subscribed@example.com' } }),
      expect: admin(404),
    },

    // ── blog: published posts are public, drafts are not (not even to admins, on the public route) ──
    'GET /api/blog/posts': {
      call: () => ({ url: '/api/blog/posts' }),
      expect: all(200),
      check: (_role, response) => expect(response.body).not.toContain(fx().draftPost.slug),
    },
    'GET /api/blog/posts/:slug': {
      call: () => ({ url: `/api/blog/posts/${fx().draftPost.slug}` }),
      expect: all(404),
    },
    'POST /api/blog/posts/:id/view': {
      call: () => ({ url: `/api/blog/posts/${fx().publishedPost.id}/view` }),
      expect: all(200),
    },

    // ── admin area ──
    'GET /api/admin/topics': { call: () => ({ url: '/api/admin/topics' }), expect: admin(200) },
    'POST /api/admin/topics': {
      call: () => ({
        url: '/api/admin/topics',
        payload: { name: `Matrix ${randomUUID()}`, description: 'd' },
      }),
      expect: admin(201),
    },
    'PATCH /api/admin/topics/:id': {
      call: async () => ({
        url: `/api/admin/topics/${(await fresh().topic()).id}`,
        payload: { description: 'x' },
      }),
      expect: admin(200),
    },
    'DELETE /api/admin/topics/:id': {
      call: async () => ({ url: `/api/admin/topics/${(await fresh().topic()).id}` }),
      expect: admin(200),
    },
    'POST /api/admin/topics/batch-status': {
      call: async () => ({
        url: '/api/admin/topics/batch-status',
        payload: { ids: [(await fresh().topic()).id], is_active: false },
      }),
      expect: admin(200),
    },
    'GET /api/admin/datasources': { call: () => ({ url: '/api/admin/datasources' }), expect: admin(200) },
    'GET /api/admin/opml/export': { call: () => ({ url: '/api/admin/opml/export' }), expect: admin(200) },
    // A file without feeds: the admin gets the (empty) report, 422 as nothing could be imported.
    'POST /api/admin/opml/import': {
      call: () => ({
        url: '/api/admin/opml/import',
        payload: { opml: '<opml version="2.0"><body/></opml>', mode: 'folders' },
      }),
      expect: admin(422),
    },
    'POST /api/admin/datasources': {
      call: () => ({
        url: '/api/admin/datasources',
        payload: {
          topic_id: fx().topic.id,
          platform: 'blog',
          source_name: 'Matrix',
          source_url: `https://matrix.example.com/${randomUUID()}`,
        },
      }),
      expect: admin(201),
    },
    'PATCH /api/admin/datasources/:id': {
      call: async () => ({
        url: `/api/admin/datasources/${(await fresh().datasource(fx().topic.id)).id}`,
        payload: { source_name: 'Renamed' },
      }),
      expect: admin(200),
    },
    'DELETE /api/admin/datasources/:id': {
      call: async () => ({ url: `/api/admin/datasources/${(await fresh().datasource(fx().topic.id)).id}` }),
      expect: admin(200),
    },
    'POST /api/admin/datasources/batch-status': {
      call: async () => ({
        url: '/api/admin/datasources/batch-status',
        payload: { ids: [(await fresh().datasource(fx().topic.id)).id], is_active: false },
      }),
      expect: admin(200),
    },
    'GET /api/admin/submissions': { call: () => ({ url: '/api/admin/submissions' }), expect: admin(200) },
    'POST /api/admin/submissions/:id/approve': {
      call: async () => ({
        url: `/api/admin/submissions/${(await fresh().submission()).id}/approve`,
        payload: { topic_id: fx().topic.id, source_name: 'Approved' },
      }),
      expect: admin(200),
    },
    'POST /api/admin/submissions/:id/reject': {
      call: async () => ({
        url: `/api/admin/submissions/${(await fresh().submission()).id}/reject`,
        payload: {},
      }),
      expect: admin(200),
    },
    'GET /api/admin/queues': { call: () => ({ url: '/api/admin/queues' }), expect: admin(200) },
    'POST /api/admin/queues/:queue/jobs/:id/retry': {
      call: () => ({ url: '/api/admin/queues/crawl/jobs/no-such-job/retry' }),
      expect: admin(404),
    },
    'GET /api/admin/blog/posts': { call: () => ({ url: '/api/admin/blog/posts' }), expect: admin(200) },
    'POST /api/admin/blog/posts': {
      call: () => ({
        url: '/api/admin/blog/posts',
        payload: { slug: `matrix-${Date.now()}`, language: 'en', category: 'news', title: 'T', content: 'C' },
      }),
      expect: admin(201),
    },
    'PATCH /api/admin/blog/posts/:id': {
      call: () => ({ url: `/api/admin/blog/posts/${fx().publishedPost.id}`, payload: { title: 'Renamed' } }),
      expect: admin(200),
    },
    'POST /api/admin/crawl': {
      call: () => ({ url: '/api/admin/crawl', payload: { datasourceIds: [missing] } }),
      expect: admin(200),
    },
    'POST /api/admin/process-pending': {
      call: () => ({ url: '/api/admin/process-pending', payload: { limit: 1 } }),
      expect: admin(200),
    },
    'POST /api/admin/cleanup/data': {
      call: () => ({ url: '/api/admin/cleanup/data', payload: { confirm: true, olderThanDays: 3650 } }),
      expect: admin(200),
    },
    'POST /api/admin/cleanup/posts': {
      call: () => ({ url: '/api/admin/cleanup/posts', payload: { confirm: true, olderThanDays: 3650 } }),
      expect: admin(200),
    },
    'GET /api/admin/source-health': { call: () => ({ url: '/api/admin/source-health' }), expect: admin(200) },
    'GET /api/admin/subscribers': { call: () => ({ url: '/api/admin/subscribers' }), expect: admin(200) },
    'GET /api/admin/podcasts': { call: () => ({ url: '/api/admin/podcasts' }), expect: admin(200) },
    // A topic that does not exist: the admin gets 404 and nothing is queued.
    'POST /api/admin/podcasts/generate': {
      call: () => ({ url: '/api/admin/podcasts/generate', payload: { topic_id: missing } }),
      expect: admin(404),
    },
    'GET /api/admin/digest/due': { call: () => ({ url: '/api/admin/digest/due' }), expect: admin(200) },
    // An unknown key: refused after the role check, so nothing is sent.
    'POST /api/admin/digest/send-due': {
      call: () => ({ url: '/api/admin/digest/send-due', payload: { everyone: true } }),
      expect: admin(400),
    },
    'GET /api/admin/stories': { call: () => ({ url: '/api/admin/stories' }), expect: admin(200) },
    'GET /api/admin/stories/clustering': {
      call: () => ({ url: '/api/admin/stories/clustering' }),
      expect: admin(200),
    },
    'POST /api/admin/stories/clustering': {
      call: () => ({ url: '/api/admin/stories/clustering' }),
      expect: admin(200),
    },
    'POST /api/admin/stories/:id/split': {
      call: () => ({ url: `/api/admin/stories/${missing}/split`, payload: { summary_ids: [missing] } }),
      expect: admin(404),
    },
    'POST /api/admin/stories/:id/merge': {
      call: () => ({
        url: `/api/admin/stories/${missing}/merge`,
        payload: { story_id: '00000000-0000-4000-8000-000000000001' },
      }),
      expect: admin(404),
    },
    'GET /api/admin/usage': {
      call: () => ({ url: '/api/admin/usage?from=2026-01-01&to=2026-01-31' }),
      expect: admin(200),
    },

    // ── social content generation: create/history/retry need Pro; a task is its owner's alone ──
    'POST /api/generation-tasks': {
      call: () => ({
        url: '/api/generation-tasks',
        payload: { summary_id: fx().summary.id, target_platforms: ['twitter'] },
      }),
      expect: pro(200),
    },
    'GET /api/generation-tasks': {
      call: () => ({ url: '/api/generation-tasks' }),
      expect: pro(200),
      check: onlyOwnerSees(() => fx().ownTask.id),
    },
    'GET /api/generation-tasks/:taskId': {
      call: () => ({ url: `/api/generation-tasks/${fx().ownTask.id}` }),
      expect: ownerOnly(200),
    },
    'POST /api/generation-tasks/:taskId/retry': {
      call: async () => ({ url: `/api/generation-tasks/${(await fresh().task('failed')).id}/retry` }),
      expect: ownerOnly(200, 403),
    },
    'POST /api/generation-tasks/:taskId/cancel': {
      call: async () => ({ url: `/api/generation-tasks/${(await fresh().task('pending')).id}/cancel` }),
      expect: ownerOnly(200),
    },
    // A list read by ids: someone else's ids simply match nothing.
    'GET /api/generated-content': {
      call: () => ({ url: `/api/generated-content?ids=${fx().ownResult.id}` }),
      expect: user(200),
      check: (role, response) => {
        if (role !== 'visitor') expect(response.json().data.length, role).toBe(role === 'pro' ? 1 : 0);
      },
    },
    // Publishing is the author's alone: anyone else meets a 404, and the row stays private.
    'PATCH /api/generated-content/:id': {
      call: async () => ({
        url: `/api/generated-content/${(await fresh().result()).id}`,
        payload: { published: true },
      }),
      expect: ownerOnly(200),
    },
    'DELETE /api/generated-content/:id': {
      call: async () => ({ url: `/api/generated-content/${(await fresh().result()).id}` }),
      expect: ownerOnly(200),
    },
    // Post mode waits for the worker; an unknown post answers at once, after the guard.
    'POST /api/generate/post': {
      call: () => ({
        url: '/api/generate/post',
        payload: { post_id: missing, target_platforms: ['twitter'] },
      }),
      expect: pro(404),
    },

    // ── billing ──
    'POST /api/billing/checkout': {
      call: () => ({ url: '/api/billing/checkout', payload: { plan: 'monthly' } }),
      // The owner already has an active subscription.
      expect: { ...user(200), pro: 409 },
    },
    'GET /api/billing/subscription': {
      call: () => ({ url: '/api/billing/subscription' }),
      expect: user(200),
      check: onlyOwnerSees(() => fx().subscription.id),
    },
    'POST /api/billing/subscription': {
      call: async () => ({
        url: '/api/billing/subscription',
        payload: { action: 'cancel', subscription_id: (await fresh().subscription()).id },
      }),
      expect: ownerOnly(200),
    },
    // Authenticated by Stripe's signature, which nobody here has.
    'POST /api/billing/webhook': {
      call: () => ({ url: '/api/billing/webhook', payload: { type: 'customer.subscription.updated' } }),
      expect: all(400),
    },
    // The demo checkout is off beside Stripe keys (as here): signed in, 404. Its own session checks
    // (another account's link, a forged one) are in billing-demo.test.ts.
    'GET /api/billing/demo/session': {
      call: () => ({ url: '/api/billing/demo/session?session=x' }),
      expect: user(404),
    },
    'POST /api/billing/demo/pay': {
      call: () => ({ url: '/api/billing/demo/pay', payload: { session: 'x' } }),
      expect: user(404),
    },
    'POST /api/billing/demo/end-period': {
      call: () => ({ url: '/api/billing/demo/end-period' }),
      expect: user(404),
    },

    // ── podcasts: signed-in users; the audio also takes its own signed ?token= ──
    // Stories are public, like the summaries they group.
    'GET /api/stories/:id': { call: () => ({ url: `/api/stories/${missing}` }), expect: all(404) },

    'GET /api/podcasts': { call: () => ({ url: '/api/podcasts' }), expect: user(200) },
    'GET /api/podcasts/:id/transcript': {
      call: () => ({ url: `/api/podcasts/${fx().podcast.id}/transcript` }),
      expect: user(200),
    },
    'GET /api/podcasts/:id/audio': {
      call: () => ({ url: `/api/podcasts/${fx().podcast.id}/audio` }),
      expect: user(200),
    },
    // The private podcast feed: each caller makes or revokes their own; the feed's routes answer the
    // path's token only, and a Bearer header is no substitute (podcast-feed-token.test.ts goes further).
    'POST /api/podcasts/feed-token': { call: () => ({ url: '/api/podcasts/feed-token' }), expect: user(200) },
    'DELETE /api/podcasts/feed-token': {
      call: () => ({ url: '/api/podcasts/feed-token' }),
      expect: user(204),
    },
    'GET /api/podcasts/artwork.png': { call: () => ({ url: '/api/podcasts/artwork.png' }), expect: all(200) },
    'GET /api/social-cards/card.png': {
      call: () => ({ url: '/api/social-cards/card.png?page=/pricing' }),
      expect: all(200),
    },
    'GET /api/podcasts/feed/:token': {
      call: () => ({ url: `/api/podcasts/feed/${'x'.repeat(43)}` }),
      expect: all(404),
    },
    ...Object.fromEntries(
      ['audio.mp3', 'transcript.txt', 'chapters.json'].map((file) => [
        `GET /api/podcasts/feed/:token/episodes/:id/${file}`,
        {
          call: () => ({ url: `/api/podcasts/feed/${'x'.repeat(43)}/episodes/${fx().podcast.id}/${file}` }),
          expect: all(404),
        },
      ]),
    ),
  };
}

const methodOf = (key: string) => key.split(' ')[0] as 'GET' | 'POST' | 'PATCH' | 'DELETE';
const ROWS = matrix(() => stack);

// The owner goes last, so "other" and the admin meet the owner's rows before anything changes them.
const ORDER: Role[] = ['visitor', 'free', 'other', 'admin', 'pro'];

async function send(key: string, row: Row, role: Role) {
  const call = await row.call(role);
  const method = methodOf(key);
  return stack.gateway.app.inject({
    method,
    url: call.url,
    headers: { ...stack.headers(role), ...call.headers },
    ...(call.payload !== undefined ? { payload: call.payload as object } : {}),
  });
}

describe('authorization matrix', () => {
  it('has exactly one row per route the app registers', () => {
    const registered = routes.map((r) => `${r.method} ${r.url}`).sort();
    expect(registered.length).toBeGreaterThan(80);
    expect(registered).toEqual(Object.keys(ROWS).sort());
  });

  it.each(Object.keys(ROWS))('%s', async (key) => {
    const row = ROWS[key]!;
    const seen: Partial<Record<Role, number>> = {};
    for (const role of ORDER) {
      const response = await send(key, row, role);
      seen[role] = response.statusCode;
      if (response.statusCode === 401)
        expect(response.json().error.code, role).toMatch(/UNAUTHENTICATED|INVALID_REFRESH_TOKEN/);
      if (response.statusCode === 403)
        expect(response.json().error.code, role).toMatch(/^(PRO_REQUIRED|FORBIDDEN)$/);
      row.check?.(role, response);
      // Nobody but the owner ever reads their tasks' instructions or their private draft, on any route.
      if (role !== 'pro')
        for (const secret of Object.values(SECRETS))
          expect(response.body, `${role} reads the owner's ${secret}`).not.toContain(secret);
    }
    expect(seen).toEqual(row.expect);
  });

  it('covers every role', () => {
    for (const row of Object.values(ROWS)) expect(Object.keys(row.expect).sort()).toEqual([...ROLES].sort());
  });
});

describe('another user', () => {
  const as = (role: Role, method: 'GET' | 'POST' | 'PATCH' | 'DELETE', url: string, payload?: object) =>
    stack.gateway.app.inject({ method, url, headers: stack.headers(role), ...(payload ? { payload } : {}) });

  it("never changes the owner's favourites, tasks, results or subscription", async () => {
    const { fx, prisma, users } = stack;
    expect(await prisma.userFavoriteSummary.count({ where: { userId: users.pro.id } })).toBe(1);
    expect(await prisma.userFavoriteDatasource.count({ where: { userId: users.pro.id } })).toBe(1);
    expect(
      (await prisma.contentGenerationQueue.findUniqueOrThrow({ where: { id: fx.ownTask.id } })).status,
    ).toBe('completed');
    expect(await prisma.userGeneratedContent.count({ where: { id: fx.ownResult.id } })).toBe(1);
    expect(
      (await prisma.userGeneratedContent.findUniqueOrThrow({ where: { id: fx.ownResult.id } })).publishedAt,
    ).toBeNull();
    const subscription = await prisma.billingSubscription.findUniqueOrThrow({
      where: { id: fx.subscription.id },
    });
    expect(subscription.cancelAtPeriodEnd).toBe(false);
  });

  it('cannot act on the owner through ids in the body or the query', async () => {
    const { fx, users } = stack;
    // Cancel with the owner's subscription id: as if it did not exist.
    const cancel = await as('other', 'POST', '/api/billing/subscription', {
      action: 'cancel',
      subscription_id: fx.subscription.id,
    });
    expect(cancel.statusCode).toBe(404);
    // Extra fields naming another account or a role are not mass-assigned.
    const patched = await as('other', 'PATCH', '/api/me', {
      display_name: 'Mallory',
      id: users.pro.id,
      user_id: users.pro.id,
      role: 'admin',
      subscription_type: 'pro',
    });
    expect(patched.statusCode).toBe(200);
    expect(patched.json().profile).toMatchObject({ id: users.other.id, role: 'user' });
    const owner = await stack.prisma.userProfile.findUniqueOrThrow({ where: { id: users.pro.id } });
    expect(owner.displayName).not.toBe('Mallory');
    const free = await as('free', 'PATCH', '/api/me', {
      display_name: 'Free',
      subscription_type: 'pro',
      role: 'admin',
    });
    expect(free.json().profile).toMatchObject({ role: 'user', subscription_type: 'free' });
    // A registration cannot choose its role either.
    const email = uniqueEmail('role');
    await stack.gateway.app.inject({
      method: 'POST',
      url: '/api/auth/register',
      payload: { email, password: 'long-enough', role: 'admin', subscription_type: 'pro' },
    });
    const created = await stack.prisma.user.findUniqueOrThrow({
      where: { email },
      include: { profile: true },
    });
    expect(created.profile).toMatchObject({ role: 'user', subscriptionType: 'free' });
  });

  it("a deleted account's unexpired token gets no 5xx from billing", async () => {
    const email = uniqueEmail('deleted');
    const doomed = await stack.prisma.user.create({
      data: { email, passwordHash: 'x', profile: { create: { role: 'user', subscriptionType: 'free' } } },
    });
    const token = stack.gateway.app.jwt.sign({ sub: doomed.id, typ: 'access' }, { expiresIn: '5m' });
    await stack.prisma.user.delete({ where: { id: doomed.id } });
    for (const [method, url, payload] of [
      ['POST', '/api/billing/checkout', { plan: 'monthly' }],
      ['POST', '/api/billing/subscription', { action: 'cancel' }],
      ['GET', '/api/billing/subscription', undefined],
    ] as const) {
      const response = await stack.gateway.app.inject({
        method,
        url,
        headers: { authorization: `Bearer ${token}` },
        ...(payload ? { payload } : {}),
      });
      expect(response.statusCode, `${method} ${url} ${response.body}`).toBeLessThan(500);
    }
  });

  it('the podcast audio token opens that one file only, and never passes as an access token', async () => {
    const list = await as('free', 'GET', '/api/podcasts');
    const audioUrl: string = list
      .json()
      .data.find((p: { id: string }) => p.id === stack.fx.podcast.id).audio_url;
    const token = new URL(audioUrl, 'http://x').searchParams.get('token')!;
    expect((await as('visitor', 'GET', audioUrl)).statusCode).toBe(200);
    const other = await as(
      'visitor',
      'GET',
      `/api/podcasts/${missing}/audio?token=${encodeURIComponent(token)}`,
    );
    expect(other.statusCode).toBe(401);
    const asBearer = await stack.gateway.app.inject({
      method: 'GET',
      url: '/api/me',
      headers: { authorization: `Bearer ${token}` },
    });
    expect(asBearer.statusCode).toBe(401);
  });
});
