import fc from 'fast-check';
import { afterAll, describe, expect, it, vi } from 'vitest';
import { takeRecordedRoutes } from './route-recorder.ts';
import { type Role, startSecurityStack } from './security-harness.ts';
import { arbitraryFor, garbage, toJsonSchema } from './schema-arbitrary.ts';

// Property-based fuzzing of every route the app registers: path parameters, query and body built from
// the route's own schemas with garbage mixed in at every level, sent as every kind of caller. Whatever
// arrives, the answer is never a 5xx, errors keep the {error:{code,message}} envelope, and nothing
// internal (stack frames, file paths, SQL or ORM errors, framework codes) reaches the client.
// FUZZ_RUNS and FUZZ_SEED reproduce or deepen a run.
vi.mock('fastify', async (original) =>
  (await import('./route-recorder.ts')).recordRoutes(await original<typeof import('fastify')>()),
);

const RUNS = Number(process.env.FUZZ_RUNS ?? 40);
const SEED = process.env.FUZZ_SEED ? Number(process.env.FUZZ_SEED) : undefined;

takeRecordedRoutes();
const stack = await startSecurityStack();
const routes = takeRecordedRoutes();
afterAll(async () => {
  await stack.close();
});

const { fx } = stack;
// Real ids, so a share of the calls reach rows that exist (everyone's, the owner's, the admin's).
const KNOWN_IDS = [
  fx.topic.id,
  fx.datasource.id,
  fx.youtube.id,
  fx.summary.id,
  fx.post.id,
  fx.publishedPost.id,
  fx.draftPost.id,
  fx.podcast.id,
  fx.submission.id,
  fx.ownTask.id,
  fx.ownResult.id,
  fx.publishedResult.id,
  fx.subscription.id,
];
// Post mode waits up to 90 s for a worker when the post exists: only unknown ids there.
const idsFor = (url: string) => (url === '/api/generate/post' ? [] : KNOWN_IDS);

const REPO_ROOT = new URL('../../../../', import.meta.url).pathname;
const LEAKS: [string, RegExp][] = [
  ['stack frame', /\bat (?:async )?[\w.<>$[\]]+ \((?:\/|file:|node:)|\n\s+at [^\n]+:\d+:\d+/],
  ['file path', new RegExp(`${REPO_ROOT.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}|node_modules/`)],
  ['ORM error', /PrismaClient|Invalid `[^`]*` invocation|\bP20\d\d\b/],
  [
    'SQL error',
    /syntax error at or near|violates [\w ]+ constraint|duplicate key value|invalid input syntax for/,
  ],
  ['framework code', /\bFST_[A-Z_]+|\bERR_[A-Z_]{4,}|ECONNREFUSED|ZodError/],
  ['JS error', /\b(?:TypeError|ReferenceError|RangeError)\b|Cannot read propert|is not a function/],
];

const ROLE: fc.Arbitrary<Role> = fc.constantFrom('admin', 'admin', 'pro', 'free', 'visitor');
const RAW_BODIES = [
  '{',
  '{"a":',
  'null',
  '[]',
  '[1,2]',
  '"x"',
  '0',
  'true',
  '{"__proto__":{"admin":true}}',
  '\u0000',
];

/** encodeURIComponent, which throws on an unpaired surrogate: send what a browser would (U+FFFD). */
function encodeSegment(value: string): string {
  return encodeURIComponent(
    value.replace(/[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/g, '\uFFFD'),
  );
}

const RAW_SEGMENTS = ['%', '%E0%A4%A', '%zz', '..', '%2e%2e', '%2F', 'x'.repeat(150), '%C0%AE'];

type Input = {
  role: Role;
  params: Record<string, string>;
  query: Record<string, unknown>;
  body: { kind: 'none' } | { kind: 'json'; value: unknown } | { kind: 'raw'; text: string };
};

/** A generated value as path text: JSON garbage can carry a `toString` key that String() cannot call. */
function textOf(value: unknown): string {
  try {
    return String(value);
  } catch {
    return JSON.stringify(value);
  }
}

function inputFor(
  method: string,
  url: string,
  schema: Record<string, unknown> | undefined,
): fc.Arbitrary<Input> {
  const ids = idsFor(url);
  const paramNames = [...url.matchAll(/:(\w+)/g)].map((m) => m[1]!);
  const paramSchema = toJsonSchema(schema?.params);
  // Path segments go in encoded, except a share of raw ones that the router itself must reject.
  const segment = (name: string) =>
    fc.oneof(
      {
        arbitrary: arbitraryFor(paramSchema?.properties?.[name], ids).map((v) => encodeSegment(textOf(v))),
        weight: 9,
      },
      { arbitrary: fc.constantFrom(...RAW_SEGMENTS), weight: 1 },
    );
  const params = fc.record(Object.fromEntries(paramNames.map((name) => [name, segment(name)] as const)));
  const querySchema = toJsonSchema(schema?.querystring);
  const query = fc.oneof(
    { arbitrary: arbitraryFor(querySchema, ids), weight: 3 },
    { arbitrary: fc.dictionary(fc.string({ maxLength: 12 }), garbage, { maxKeys: 4 }), weight: 1 },
  ) as fc.Arbitrary<Record<string, unknown>>;
  const bodySchema = toJsonSchema(schema?.body);
  const body: fc.Arbitrary<Input['body']> =
    method === 'GET'
      ? fc.constant({ kind: 'none' as const })
      : fc.oneof(
          {
            arbitrary: arbitraryFor(bodySchema, ids).map((value) => ({ kind: 'json' as const, value })),
            weight: 6,
          },
          {
            arbitrary: fc.constantFrom(...RAW_BODIES).map((text) => ({ kind: 'raw' as const, text })),
            weight: 1,
          },
          { arbitrary: fc.constant({ kind: 'none' as const }), weight: 1 },
        );
  return fc.record({ role: ROLE, params, query, body });
}

function urlOf(template: string, input: Input): string {
  const path = template.replace(/:(\w+)/g, (_, name: string) => input.params[name] ?? '');
  const search = new URLSearchParams();
  const query =
    input.query && typeof input.query === 'object' && !Array.isArray(input.query) ? input.query : {};
  for (const [key, value] of Object.entries(query)) {
    const values = Array.isArray(value) ? value : [value];
    for (const item of values)
      search.append(key, typeof item === 'object' ? JSON.stringify(item) : String(item));
  }
  const qs = search.toString();
  return qs ? `${path}?${qs}` : path;
}

async function send(method: string, template: string, input: Input) {
  const url = urlOf(template, input);
  const headers: Record<string, string> = { ...stack.headers(input.role) };
  let payload: string | undefined;
  if (input.body.kind !== 'none') {
    headers['content-type'] = 'application/json';
    payload = input.body.kind === 'raw' ? input.body.text : JSON.stringify(input.body.value);
  }
  const response = await stack.gateway.app.inject({
    method: method as 'GET',
    url,
    headers,
    ...(payload !== undefined ? { payload } : {}),
  });
  return { url, payload, response };
}

/**
 * Whether the route documents an HTML answer for this status (a page opened from a mail, whose
 * error is a page too): the route's own response schema decides, not the URL.
 */
function declaresHtml(schema: unknown, status: number): boolean {
  const responses = (schema as { response?: Record<string, { content?: Record<string, unknown> }> })
    ?.response;
  return Object.keys(responses?.[String(status)]?.content ?? {}).includes('text/html');
}

function assertSafe(
  method: string,
  { url, payload, response }: Awaited<ReturnType<typeof send>>,
  schema?: unknown,
) {
  const context = `${method} ${url} ${payload?.slice(0, 200) ?? ''} → ${response.statusCode} ${response.body.slice(0, 300)}`;
  expect(response.statusCode, context).toBeLessThan(500);
  expect(response.headers['x-powered-by'], context).toBeUndefined();
  const contentType = String(response.headers['content-type'] ?? '');
  const isJson = contentType.includes('application/json');
  const isDeclaredPage = contentType.startsWith('text/html') && declaresHtml(schema, response.statusCode);
  if (response.statusCode >= 400 && url.startsWith('/api/') && !isDeclaredPage) {
    expect(isJson, context).toBe(true);
    const error = response.json().error;
    expect(error, context).toEqual(
      expect.objectContaining({ code: expect.any(String), message: expect.any(String) }),
    );
  }
  // The API document describes the routes; it is the one body allowed to name framework internals.
  if (url.startsWith('/docs')) return;
  for (const [what, pattern] of LEAKS)
    expect(pattern.test(response.body), `${what} leaked: ${context}`).toBe(false);
}

describe('fuzzing every route (no 5xx, no internals in answers)', () => {
  it('finds the routes in the app', () => {
    expect(routes.length).toBeGreaterThan(80);
  });

  it.each(routes.map((route) => [`${route.method} ${route.url}`, route] as const))(
    '%s',
    async (_, route) => {
      const arbitrary = inputFor(
        route.method,
        route.url,
        route.schema as Record<string, unknown> | undefined,
      );
      await fc.assert(
        fc.asyncProperty(arbitrary, async (input) => {
          assertSafe(route.method, await send(route.method, route.url, input), route.schema);
        }),
        { numRuns: RUNS, seed: SEED, endOnFailure: true },
      );
    },
    30_000,
  );

  it.each([
    ['a NUL byte', '\u0000'],
    ['an unpaired surrogate', '\uD800'],
  ])('answers %s in any parameter, query field or body field with a 4xx', async (_, bad) => {
    for (const route of routes) {
      const schema = route.schema as Record<string, unknown> | undefined;
      const fields = (part: unknown) => Object.keys(toJsonSchema(part)?.properties ?? { x: {} });
      const path = route.url.replace(/:\w+/g, encodeSegment(`a${bad}`).replace('%EF%BF%BD', '%ED%A0%80'));
      const query = fields(schema?.querystring)
        .map(
          (key) =>
            `${key}=${encodeURIComponent(bad === '\u0000' ? bad : 'x')}${bad === '\u0000' ? '' : '%ED%A0%80'}`,
        )
        .join('&');
      const body = Object.fromEntries(fields(schema?.body).map((key) => [key, [`a${bad}b`]]));
      const flat = Object.fromEntries(fields(schema?.body).map((key) => [key, `a${bad}b`]));
      for (const [url, payload] of [
        [path, flat],
        [`${route.url.replace(/:\w+/g, 'x')}?${query}`, body],
        [route.url.replace(/:\w+/g, 'x'), flat],
      ] as const) {
        const response = await stack.gateway.app.inject({
          method: route.method as 'GET',
          url,
          headers: stack.headers('admin'),
          ...(route.method === 'GET' ? {} : { payload }),
        });
        expect(response.statusCode, `${route.method} ${url} ${JSON.stringify(payload)}`).toBeLessThan(500);
      }
    }
  });

  it('left no prototype polluted', () => {
    expect(({} as Record<string, unknown>).admin).toBeUndefined();
    expect(({} as Record<string, unknown>).polluted).toBeUndefined();
  });
});
