import { execFile } from 'node:child_process';
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { createRequire } from 'node:module';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type Gateway, PUBLIC_URL, signedInUser, startGateway } from './support/gateway-harness.ts';

// The document at /docs/json as API clients and code generators read it: Redocly's own linter (the npm
// package, run offline) with its recommended rules, and the rules it only warns about that the document
// keeps all the same (an operationId, a 2xx and a 4xx answer, required properties that exist).

type Operation = {
  operationId?: string;
  summary?: string;
  security?: Record<string, string[]>[];
  responses: Record<string, { content?: Record<string, unknown> }>;
};
type Document = {
  servers?: { url: string }[];
  paths: Record<string, Record<string, Operation>>;
};
type Problem = {
  ruleId: string;
  severity: 'error' | 'warn';
  message: string;
  location: { pointer: string }[];
};

const REDOCLY = path.join(
  path.dirname(createRequire(import.meta.url).resolve('@redocly/cli/package.json')),
  'bin/cli.js',
);

/** Warnings of the recommended set the document may keep, each with why. */
const ACCEPTED_WARNINGS: Record<string, string> = {
  // The project publishes no licence.
  'info-license': 'no licence to name',
  // /api/podcasts/{id}/transcript and /api/podcasts/feed/{token}: the router prefers the static segment.
  'no-ambiguous-paths': 'routes already published',
};

let gateway: Gateway;
let dir = '';
let doc: Document;
let operations: { method: string; path: string; operation: Operation }[];

/** Runs the real CLI on the file; it exits 1 when it finds an error, and prints its JSON report either way. */
function redoclyLint(file: string): Promise<Problem[]> {
  return new Promise((resolve, reject) => {
    execFile(
      process.execPath,
      [REDOCLY, 'lint', '--extends=recommended', '--format=json', '--max-problems=1000', file],
      {
        cwd: dir,
        timeout: 25_000,
        maxBuffer: 16 * 1024 * 1024,
        env: { ...process.env, REDOCLY_TELEMETRY: 'off', REDOCLY_SUPPRESS_UPDATE_NOTICE: 'true' },
      },
      (error, stdout, stderr) => {
        try {
          resolve((JSON.parse(stdout) as { problems: Problem[] }).problems);
        } catch {
          reject(new Error(`redocly lint gave no report (${error?.message}): ${stderr}`));
        }
      },
    );
  });
}

beforeAll(async () => {
  gateway = await startGateway();
  dir = await mkdtemp(path.join(tmpdir(), 'gateway-openapi-'));
  const response = await gateway.app.inject({ method: 'GET', url: '/docs/json' });
  expect(response.statusCode).toBe(200);
  doc = response.json();
  operations = Object.entries(doc.paths).flatMap(([p, methods]) =>
    Object.entries(methods).map(([method, operation]) => ({ method, path: p, operation })),
  );
});
afterAll(async () => {
  await gateway?.close();
  if (dir) await rm(dir, { recursive: true, force: true });
});

const where = (op: { method: string; path: string }) => `${op.method.toUpperCase()} ${op.path}`;
const statuses = (operation: Operation) => Object.keys(operation.responses);
const isRedirectOnly = (operation: Operation) =>
  statuses(operation).some((status) => /^3/.test(status)) &&
  !statuses(operation).some((status) => /^2/.test(status));
const operationAt = (method: string, url: string) => {
  const operation = doc.paths[url.replace(/:(\w+)/g, '{$1}')]?.[method.toLowerCase()];
  if (!operation) throw new Error(`${method} ${url} is not in the document`);
  return operation;
};

describe('the OpenAPI document', () => {
  it('passes `redocly lint --extends=recommended` with no error, and no warning but the accepted ones', async () => {
    const file = path.join(dir, 'openapi.json');
    await writeFile(file, JSON.stringify(doc));
    const problems = await redoclyLint(file);
    const report = (list: Problem[]) =>
      list.map((p) => `${p.severity} ${p.ruleId} ${p.location[0]?.pointer}: ${p.message}`);
    expect(report(problems.filter((p) => p.severity === 'error'))).toEqual([]);
    const unexpected = problems.filter((p) => {
      if (p.ruleId in ACCEPTED_WARNINGS) return false;
      // A route that only redirects (an emailed or OAuth link) has no 2xx to declare.
      if (p.ruleId === 'operation-2xx-response') {
        const [, , url = '', method = ''] = (p.location[0]?.pointer ?? '').split('/');
        const operation = doc.paths[url.replaceAll('~1', '/').replaceAll('~0', '~')]?.[method];
        return !operation || !isRedirectOnly(operation);
      }
      return true;
    });
    expect(report(unexpected)).toEqual([]);
  });

  it('names the public URL as its server', () => {
    expect(doc.servers).toEqual([{ url: PUBLIC_URL }]);
  });

  it('gives every operation a unique camelCase operationId derived from its route, and a summary', () => {
    expect(operations.length).toBeGreaterThan(90);
    const ids = operations.map(({ operation }) => operation.operationId);
    for (const [index, op] of operations.entries()) {
      expect(ids[index], where(op)).toMatch(/^[a-z][a-zA-Z0-9]*$/);
      expect(op.operation.summary?.trim(), where(op)).toBeTruthy();
    }
    expect(new Set(ids).size).toBe(ids.length);
    expect(operationAt('GET', '/api/topics/:idOrSlug').operationId).toBe('getTopicsByIdOrSlug');
    expect(operationAt('POST', '/api/admin/opml/import').operationId).toBe('postAdminOpmlImport');
    expect(operationAt('GET', '/api/podcasts/feed/:token/episodes/:id/audio.mp3').operationId).toBe(
      'getPodcastsFeedByTokenEpisodesByIdAudioMp3',
    );
    expect(operationAt('GET', '/healthz').operationId).toBe('getHealthz');
  });

  it("states each route's security from the level it declares", () => {
    const listed = gateway.app.routeAccess.filter((route) => route.url !== '/api/*');
    expect(listed.length).toBeGreaterThan(90);
    for (const route of listed) {
      const { security } = operationAt(route.method, route.url);
      const name = `${route.method} ${route.url}`;
      if (route.access === 'public') {
        expect(Array.isArray(security), name).toBe(true);
        // A public route asks for no Bearer token (it may name the credential it checks itself).
        expect(security, name).not.toEqual([{ bearerAuth: [] }]);
      } else {
        expect(security, name).toEqual([{ bearerAuth: [] }]);
      }
    }
    expect(operationAt('GET', '/api/topics').security).toEqual([]);
    expect(operationAt('POST', '/api/auth/refresh').security).toEqual([{ refreshCookie: [] }]);
    expect(operationAt('GET', '/metrics').security).toEqual([{ metricsToken: [] }]);
    expect(operationAt('GET', '/feeds/topics/:file').security).toEqual([]);
    expect(operationAt('GET', '/feeds/:file').security).toEqual([]);
  });

  it('gives every operation a 4xx answer and a 2xx one (a 3xx for the links that only redirect)', () => {
    for (const op of operations) {
      const codes = statuses(op.operation);
      expect(
        codes.some((status) => /^4/.test(status)),
        where(op),
      ).toBe(true);
      expect(
        codes.some((status) => /^[23]/.test(status)),
        where(op),
      ).toBe(true);
    }
    // Hooks' answers come from the route: 401/403 from the level, 429 from a rate limit.
    expect(statuses(operationAt('GET', '/api/admin/usage'))).toEqual(expect.arrayContaining(['401', '403']));
    expect(statuses(operationAt('GET', '/feeds/topics/:file'))).toEqual(
      expect.arrayContaining(['404', '429']),
    );
  });

  it('documents each answer with the media type it is sent as', () => {
    const types = (method: string, url: string, status = '200') =>
      Object.keys(operationAt(method, url).responses[status]?.content ?? {});
    expect(types('GET', '/api/admin/opml/export')).toEqual(['text/x-opml']);
    for (const url of ['/feeds/:file', '/feeds/topics/:file', '/feeds/favorites/:file']) {
      expect(types('GET', url)).toEqual([
        'application/rss+xml',
        'application/atom+xml',
        'application/feed+json',
      ]);
      expect(types('GET', url, '304')).toEqual([]);
    }
    expect(types('GET', '/api/podcasts/feed/:token')).toEqual(['application/rss+xml']);
    expect(types('GET', '/api/podcasts/:id/audio', '206')).toEqual(['audio/mpeg']);
    expect(types('GET', '/api/podcasts/feed/:token/episodes/:id/transcript.txt')).toEqual(['text/plain']);
    expect(types('GET', '/api/podcasts/artwork.png')).toEqual(['image/png']);
    expect(types('GET', '/metrics')).toEqual(['text/plain']);
    expect(types('GET', '/api/newsletter/digest')).toEqual(['text/html']);
    expect(types('GET', '/api/topics')).toEqual(['application/json']);
    // No body, no media type: 204s, 304s and redirects.
    for (const op of operations) {
      for (const [status, answer] of Object.entries(op.operation.responses)) {
        if (/^(204|304|3\d\d)$/.test(status))
          expect(answer.content, `${where(op)} ${status}`).toBeUndefined();
      }
    }
  });

  it('matches what the routes send: the OPML export is text/x-opml, an unknown feed a JSON 404', async () => {
    const { headers } = await signedInUser(gateway, { role: 'admin' }, 'openapi-admin');
    const opml = await gateway.app.inject({
      method: 'GET',
      url: '/api/admin/opml/export',
      headers,
    });
    expect(opml.statusCode).toBe(200);
    const documented = Object.keys(
      operationAt('GET', '/api/admin/opml/export').responses['200']?.content ?? {},
    );
    expect(documented).toEqual([opml.headers['content-type']?.toString().split(';')[0]]);
    const missing = await gateway.app.inject({ method: 'GET', url: '/feeds/topics/no-such-topic.rss' });
    expect(missing.statusCode).toBe(404);
    expect(missing.headers['content-type']).toMatch(/^application\/json/);
    expect(Object.keys(operationAt('GET', '/feeds/topics/:file').responses['404']?.content ?? {})).toEqual([
      'application/json',
    ]);
  });
});
