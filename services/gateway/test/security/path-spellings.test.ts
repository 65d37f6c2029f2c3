import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { RouteAccess } from '../../src/lib/access.ts';
import { type Gateway, signedInUser, startGateway } from '../support/gateway-harness.ts';

// Every protected route the gateway registers, reached by the spellings of its path that a router or
// a proxy may read as the same route, sent over a real socket exactly as written (no client tidies
// them up). Whatever the spelling, a visitor or a free user must never get a 2xx API answer: access is
// decided by the route the router matched, not by the text of the URL.

const INDEX_HTML = '<!doctype html><html><body><div id="root"></div></body></html>';
const ID = '00000000-0000-4000-8000-000000000000';

// A web build is present, as in production: unknown page paths then answer index.html, which is fine.
// Started while the file is collected: the table below is made of the routes it registered.
const webDir = await mkdtemp(path.join(tmpdir(), 'gw-spellings-web-'));
await writeFile(path.join(webDir, 'index.html'), INDEX_HTML);
const gateway: Gateway = await startGateway({ WEB_DIST_DIR: webDir });
let port = 0;
let freeToken = '';

beforeAll(async () => {
  await gateway.app.listen({ host: '127.0.0.1', port: 0 });
  port = (gateway.app.server.address() as AddressInfo).port;
  freeToken = (await signedInUser(gateway, {}, 'spellings')).accessToken;
});
afterAll(async () => {
  await gateway?.close();
  await rm(webDir, { recursive: true, force: true });
});

/** status 0: Node's HTTP parser refused the request line and closed the connection without an answer. */
type Answer = { status: number; contentType: string; cacheControl: string; body: string };
const REFUSED: Answer = { status: 0, contentType: '', cacheControl: '', body: '' };

/**
 * Sends the request target verbatim (Node's client writes `path` as given, absolute form included), on
 * a connection of its own so a refused request line cannot disturb the next request.
 */
function send(method: string, target: string, token?: string): Promise<Answer> {
  const body = method === 'GET' || method === 'DELETE' ? undefined : '{}';
  return new Promise((resolve, reject) => {
    const request = http.request(
      {
        agent: false,
        host: '127.0.0.1',
        port,
        method,
        path: target,
        headers: {
          host: `127.0.0.1:${port}`,
          ...(body ? { 'content-type': 'application/json', 'content-length': '2' } : {}),
          ...(token ? { authorization: `Bearer ${token}` } : {}),
        },
      },
      (response) => {
        const chunks: Buffer[] = [];
        response.on('data', (chunk: Buffer) => chunks.push(chunk));
        response.on('end', () =>
          resolve({
            status: response.statusCode ?? 0,
            contentType: String(response.headers['content-type'] ?? ''),
            cacheControl: String(response.headers['cache-control'] ?? ''),
            body: Buffer.concat(chunks).toString('utf8'),
          }),
        );
        response.on('error', reject);
      },
    );
    request.on('error', (error: NodeJS.ErrnoException) =>
      error.code === 'ECONNRESET' ? resolve(REFUSED) : reject(error),
    );
    request.end(body);
  });
}

const concrete = (url: string) => url.replace(/:[^/]+/g, ID);

const encodeChar = (c: string) => `%${c.charCodeAt(0).toString(16).toUpperCase().padStart(2, '0')}`;
const encodeAll = (segment: string) => [...segment].map(encodeChar).join('');

/** The same path written the ways that have stepped around URL-text checks elsewhere. */
export function spellings(url: string): string[] {
  const segments = url.split('/').slice(1); // ['api', 'admin', 'ping']
  const join = (parts: string[]) => `/${parts.join('/')}`;
  const withSegment = (index: number, value: string) =>
    join(segments.map((s, i) => (i === index ? value : s)));
  const last = segments.length - 1;
  const [first = ''] = segments;
  const lastSegment = segments[last] ?? '';
  return [
    // Percent-encoded letters: the first, the last, a later segment's, every letter, lower-case hex.
    withSegment(0, `%61${first.slice(1)}`),
    withSegment(0, `${first.slice(0, -1)}%69`),
    withSegment(last, `${encodeChar(lastSegment[0] ?? 'x')}${lastSegment.slice(1)}`),
    join(segments.map(encodeAll)),
    join(segments.map((s) => encodeAll(s).toLowerCase())),
    // Double encoding, and an encoded slash between two segments.
    withSegment(0, `%2561${first.slice(1)}`),
    join(segments)
      .replace('/admin/', '/admin%2F')
      .replace(/^\/api\//, '/api%2F'),
    // Case.
    url.toUpperCase(),
    join(segments.map((s) => (s.startsWith(':') ? s : s[0]?.toUpperCase() + s.slice(1)))),
    join(segments).replace(/^\/api/, '/API'),
    // Doubled slashes, a trailing slash, dot segments (plain and encoded).
    `/${join(segments)}`,
    join(segments).replace(/^\/api\//, '/api//'),
    `${join(segments)}/`,
    `${join(segments)}//`,
    `/./${segments.join('/')}`,
    join(segments).replace(/^\/api\//, '/api/./'),
    `/x/../${segments.join('/')}`,
    join(segments).replace(/^\/api\//, '/api/x/../'),
    join(segments).replace(/^\/api\//, '/api/%2e/'),
    join(segments).replace(/^\/api\//, '/api/x/%2e%2e/'),
    // Matrix parameters, backslashes, a query and a fragment.
    `${join(segments)};x=1`,
    join(segments).replace(/^\/api\//, '/api;x=1/'),
    join(segments).replaceAll('/', '\\'),
    `${join(segments)}?x=1`,
    `${join(segments)}#x`,
    // The canonical path itself, and absolute-form request lines with a host of their own.
    join(segments),
    `http://x${join(segments)}`,
    `http://127.0.0.1:1${withSegment(0, `%61${first.slice(1)}`)}`,
    `HTTP://X${join(segments)}`,
  ];
}

/** Not an API answer that leaked: an error, or the web app's own index.html. */
function expectNoLeak(answer: Answer, label: string) {
  if (answer.status >= 200 && answer.status < 300) {
    expect(answer.contentType, `${label} answered ${answer.status}: ${answer.body.slice(0, 200)}`).toMatch(
      /^text\/html/,
    );
    expect(answer.body, label).toBe(INDEX_HTML);
    return;
  }
  expect([0, 400, 401, 403, 404, 405], `${label} answered ${answer.status}`).toContain(answer.status);
}

const protectedRoutes = gateway.app.routeAccess.filter((route) => route.access !== 'public');
const byRole = (route: RouteAccess) => (route.access === 'user' ? [undefined] : [undefined, 'free']);

describe('protected routes under every spelling of their path', () => {
  it('the table has routes of every protected level', () => {
    const levels = new Set(protectedRoutes.map((route) => route.access));
    expect([...levels].sort()).toEqual(['admin', 'pro', 'user']);
  });

  it.each(protectedRoutes.map((route) => [`${route.method} ${route.url}`, route] as const))(
    '%s: no 2xx API answer without the right role',
    async (_, route) => {
      const url = concrete(route.url);
      for (const target of spellings(url)) {
        for (const who of byRole(route)) {
          const answer = await send(route.method, target, who === 'free' ? freeToken : undefined);
          expectNoLeak(answer, `${who ?? 'visitor'} ${route.method} ${target}`);
        }
      }
    },
  );

  // The spellings the router reads as the route itself must meet the guard, not a 404: these are the
  // ones a check on the URL text let through.
  // The third column is what a free user gets: 403 where the level is above theirs, else the handler's
  // own answer (their profile; no such podcast).
  it.each([
    ['GET', '/%61pi/admin/ping', 403],
    ['GET', '/ap%69/admin/queues', 403],
    ['GET', '/api/admin/%70ing', 403],
    ['GET', '/%61pi/admin/submissions', 403],
    ['POST', '/%61pi/admin/blog/posts', 403],
    ['GET', '/api/admin/ping/', 403],
    ['GET', 'http://x/api/admin/queues', 403],
    ['GET', 'http://x/%61pi/admin/queues', 403],
    ['GET', '/%61pi/favorites/summaries', 403],
    ['GET', `/%61pi/podcasts/${ID}/transcript`, 404],
    ['GET', '/%61pi/me', 200],
  ] as const)('%s %s meets the guard', async (method, target, freeStatus) => {
    expect((await send(method, target)).status).toBe(401);
    const free = await send(method, target, freeToken);
    expect(free.status, free.body).toBe(freeStatus);
  });

  it('an unknown API path answers the JSON 404 wherever the router reads /api, and pages get the app', async () => {
    // The router decides: what it reads as /api/… meets the API's catch-all, in every method.
    for (const method of ['GET', 'POST', 'PUT', 'PATCH', 'DELETE']) {
      for (const target of ['/api/nope', '/%61pi/nope', '/ap%69/a/b', 'http://x/ap%69/nope']) {
        const answer = await send(method, target);
        expect(answer.status, `${method} ${target}`).toBe(404);
        expect(answer.contentType, target).toMatch(/^application\/json/);
        expect(answer.cacheControl, target).toBe('no-store');
      }
    }
    // Spellings the router does not read as /api are pages of the web app (its own 404 screen).
    for (const target of ['/API/nope', '//api/nope', '/x/../api/nope']) {
      expectNoLeak(await send('GET', target), target);
    }
    // A missing file is a JSON 404, not the app; a page path with a dot is still a page.
    expect((await send('GET', '/assets/missing.js')).status).toBe(404);
    expect((await send('GET', '/youtube/Fireship.io')).body).toBe(INDEX_HTML);
    const page = await send('GET', '/content-summary');
    expect(page.status).toBe(200);
    expect(page.body).toBe(INDEX_HTML);
  });

  it('a public route reached by an encoded spelling still answers no-store', async () => {
    const answer = await send('GET', '/%61pi/topics');
    expect(answer.status).toBe(200);
    expect(answer.cacheControl).toBe('no-store');
  });
});
