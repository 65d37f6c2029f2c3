import { mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { LightMyRequestResponse } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type Gateway, signedInUser, startGateway } from '../support/gateway-harness.ts';

// Security headers on every kind of answer the gateway gives: the web app's pages and assets, API
// successes and errors (including the router's own rejections), with a CSP strict for scripts.

let gateway: Gateway;
let webDir: string;
let token = '';
let email = '';
beforeAll(async () => {
  // A stand-in web build, so these checks do not depend on `vite build` having run.
  webDir = await mkdtemp(path.join(tmpdir(), 'gw-headers-web-'));
  await mkdir(path.join(webDir, 'assets'));
  await writeFile(
    path.join(webDir, 'index.html'),
    '<!doctype html><html><head><script type="module" src="/assets/app.js"></script></head><body><div id="root"></div></body></html>',
  );
  await writeFile(path.join(webDir, 'assets', 'app.js'), 'console.log(1)');
  await writeFile(path.join(webDir, 'assets', 'app.js.map'), '{"version":3,"sources":["src/secret.ts"]}');
  gateway = await startGateway({ WEB_DIST_DIR: webDir });
  const user = await signedInUser(gateway, {}, 'headers');
  email = user.email;
  token = user.accessToken;
});
afterAll(async () => {
  await gateway?.close();
  await rm(webDir, { recursive: true, force: true });
});

const get = (url: string, headers: Record<string, string> = {}) =>
  gateway.app.inject({ method: 'GET', url, headers });

function directives(response: LightMyRequestResponse): Map<string, string[]> {
  const csp = String(response.headers['content-security-policy'] ?? '');
  return new Map(
    csp
      .split(';')
      .map((part) => part.trim().split(/\s+/))
      .filter((words) => words[0])
      .map(([name, ...values]) => [name!, values]),
  );
}

function expectHardened(response: LightMyRequestResponse, label: string) {
  const h = response.headers;
  expect(h['x-content-type-options'], label).toBe('nosniff');
  expect(h['x-frame-options'], label).toBe('DENY');
  expect(h['x-powered-by'], label).toBeUndefined();
  expect(h.server, label).toBeUndefined();
  const csp = directives(response);
  expect(csp.get('frame-ancestors'), label).toEqual(["'none'"]);
  const scripts = csp.get('script-src') ?? csp.get('default-src') ?? [];
  expect(scripts, label).not.toContain("'unsafe-inline'");
  expect(scripts, label).not.toContain("'unsafe-eval'");
  expect(scripts, label).not.toContain('*');
}

describe('security headers', () => {
  it('on pages, assets and API answers, with the full set helmet gives', async () => {
    const answers = {
      page: await get('/'),
      'client route': await get('/content-summary?topic=x'),
      asset: await get('/assets/app.js'),
      'API 200': await get('/api/topics'),
      'API 401': await get('/api/me'),
      'API 404': await get('/api/nope'),
      'API 400': await gateway.app.inject({
        method: 'POST',
        url: '/api/auth/login',
        payload: { email: 'x' },
      }),
      metrics: await get('/metrics'),
    };
    for (const [label, response] of Object.entries(answers)) {
      expect(response.statusCode, label).toBeLessThan(500);
      expectHardened(response, label);
      const h = response.headers;
      expect(h['referrer-policy'], label).toBe('no-referrer');
      expect(String(h['strict-transport-security']), label).toMatch(
        /max-age=(\d{8,}|[2-9]\d{7}|1[5-9]\d{6}); includeSubDomains/,
      );
      expect(h['cross-origin-opener-policy'], label).toBeDefined();
      expect(h['cross-origin-resource-policy'], label).toBe('same-origin');
    }
    const csp = directives(answers.page);
    expect(csp.get('default-src')).toEqual(["'self'"]);
    expect(csp.get('script-src')).toEqual(["'self'"]);
    expect(csp.get('script-src-attr')).toEqual(["'none'"]);
    expect(csp.get('object-src')).toEqual(["'none'"]);
    expect(csp.get('base-uri')).toEqual(["'self'"]);
    expect(csp.get('form-action')).toEqual(["'self'"]);
    expect(csp.get('connect-src')).toEqual(["'self'"]);
    // Mantine injects <style> at run time: inline styles stay allowed (scripts do not).
    expect(csp.get('style-src')).toEqual(["'self'", "'unsafe-inline'"]);
    // Plain-http development keeps working; production upgrades.
    expect(csp.has('upgrade-insecure-requests')).toBe(false);
  });

  it("on the router's own rejections (malformed escapes, over-long parameters)", async () => {
    for (const url of ['/api/topics/%E0%A4%A', `/api/topics/${'x'.repeat(300)}`, '/api/blog/posts/%zz']) {
      const response = await get(url);
      expect(response.statusCode, url).toBeGreaterThanOrEqual(400);
      expect(response.statusCode, url).toBeLessThan(500);
      expect(response.json().error).toEqual(expect.objectContaining({ code: expect.any(String) }));
      expect(response.body, url).not.toContain('FST_');
      expectHardened(response, url);
    }
  });

  it('keep API answers (tokens, personal data) out of caches unless a route says otherwise', async () => {
    const loginAnswer = await gateway.app.inject({
      method: 'POST',
      url: '/api/auth/login',
      payload: { email, password: 'correct-horse' },
    });
    expect(loginAnswer.statusCode).toBe(200);
    expect(loginAnswer.headers['cache-control']).toBe('no-store');
    const me = await get('/api/me', { authorization: `Bearer ${token}` });
    expect(me.headers['cache-control']).toBe('no-store');
    expect((await get('/api/me')).headers['cache-control']).toBe('no-store');
    // The web app's own files keep their caching.
    expect((await get('/assets/app.js')).headers['cache-control']).toContain('immutable');
    expect((await get('/')).headers['cache-control']).toBe('no-cache');
  });

  it('grant no cross-origin reads (no CORS headers for a foreign origin)', async () => {
    const origin = 'https://evil.example';
    const read = await get('/api/topics', { origin });
    expect(read.headers['access-control-allow-origin']).toBeUndefined();
    expect(read.headers['access-control-allow-credentials']).toBeUndefined();
    const preflight = await gateway.app.inject({
      method: 'OPTIONS',
      url: '/api/auth/refresh',
      headers: { origin, 'access-control-request-method': 'POST' },
    });
    expect(preflight.headers['access-control-allow-origin']).toBeUndefined();
    // The one body a cross-site form can send without a preflight is refused.
    const form = await gateway.app.inject({
      method: 'POST',
      url: '/api/auth/refresh',
      headers: { origin, 'content-type': 'text/plain' },
      payload: '{}',
    });
    expect(form.statusCode).toBe(415);
  });

  it('upgrade insecure requests in production', async () => {
    const production = await startGateway({ NODE_ENV: 'production', WEB_DIST_DIR: webDir });
    try {
      const response = await production.app.inject({ method: 'GET', url: '/' });
      expect(directives(response).has('upgrade-insecure-requests')).toBe(true);
      expectHardened(response, 'production page');
    } finally {
      await production.close();
    }
  });

  it('serves source maps on a development site only', async () => {
    expect((await get('/assets/app.js.map')).statusCode).toBe(200);
    // An https site counts as production whatever NODE_ENV says.
    const productionSites: Record<string, string>[] = [
      { NODE_ENV: 'production' },
      { PUBLIC_URL: 'https://app.test' },
    ];
    for (const env of productionSites) {
      const production = await startGateway({ ...env, WEB_DIST_DIR: webDir });
      try {
        expect((await production.app.inject({ method: 'GET', url: '/assets/app.js' })).statusCode).toBe(200);
        for (const url of [
          '/assets/app.js.map',
          '/assets/app.js%2Emap',
          '/assets/app.js%2emap',
          '//assets/app.js.map',
        ]) {
          const response = await production.app.inject({ method: 'GET', url });
          expect(response.statusCode, `${JSON.stringify(env)} ${url}`).toBe(404);
          expect(response.body).not.toContain('secret.ts');
        }
      } finally {
        await production.close();
      }
    }
  });
});
