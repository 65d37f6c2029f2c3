import { API_ROUTES, type ApiRouteContract } from '@app/contracts';
import { afterAll, describe, expect, it, vi } from 'vitest';
import { z } from 'zod';
import { takeRecordedRoutes } from './security/route-recorder.ts';
import { startGateway } from './support/gateway-harness.ts';

// The contracts' route table (API_ROUTES) is what the web's client takes its types from. Each entry
// must be the registered route's own schemas, and every JSON route must have an entry: a route whose
// answer changes without its entry, or a new route without one, fails here.
vi.mock('fastify', async (original) =>
  (await import('./security/route-recorder.ts')).recordRoutes(await original<typeof import('fastify')>()),
);

/** Routes that answer no JSON to a client of the API, each with why. */
const NOT_JSON: Record<string, string> = {
  'GET /api/auth/verify': 'redirects to the web app',
  'GET /api/auth/google/start': 'redirects to Google',
  'GET /api/auth/google/callback': 'redirects to the web app',
  'GET /api/newsletter/confirm': 'redirects to the web app',
  'GET /api/newsletter/digest': 'an HTML page (the digest in a browser)',
  'GET /api/newsletter/one-click': 'an HTML page (mail clients link here)',
  'GET /api/admin/opml/export': 'an OPML document',
  'GET /api/admin/ping': 'an access probe for the security tests',
  'GET /api/pro/ping': 'an access probe for the security tests',
  'GET /api/podcasts/artwork.png': 'an image',
  'GET /api/podcasts/feed/:token': 'an RSS document for podcast apps',
  'GET /api/podcasts/feed/:token/episodes/:id/audio.mp3': 'audio for podcast apps',
  'GET /api/podcasts/feed/:token/episodes/:id/transcript.txt': 'text for podcast apps',
  'GET /api/podcasts/feed/:token/episodes/:id/chapters.json': 'podcast apps’ chapters format',
  'GET /api/podcasts/:id/audio': 'audio',
  'GET /api/social-cards/card.png': 'an image',
};

takeRecordedRoutes();
const gateway = await startGateway();
const registered = new Map(
  takeRecordedRoutes()
    .filter((route) => route.url.startsWith('/api/') && !route.url.endsWith('/*'))
    .map((route) => [`${route.method} ${route.url}`, route.schema as Record<string, unknown> | undefined]),
);
afterAll(() => gateway.close());

/** A route's `.default({})` body is the contract's schema with a default for an empty request. */
const unwrapped = (schema: unknown) => (schema instanceof z.ZodDefault ? schema.unwrap() : schema);

describe('the contracts route table', () => {
  const table = Object.entries(API_ROUTES) as [string, ApiRouteContract][];

  it.each(table)('%s is the registered route, schema for schema', (key, entry) => {
    const schema = registered.get(key);
    expect(schema, `${key} is not a registered route`).toBeDefined();
    const response = (schema?.response ?? {}) as Record<string, unknown>;
    const success = Object.keys(response)
      .filter((code) => code.startsWith('2'))
      .sort()[0];
    expect(Number(success)).toBe(entry.status ?? 200);
    if (entry.status !== 204) expect(response[success ?? ''], 'answer').toBe(entry.answer);
    expect(schema?.params, 'params').toBe(entry.params);
    expect(unwrapped(schema?.querystring), 'query').toBe(entry.query);
    expect(unwrapped(schema?.body), 'body').toBe(entry.body);
  });

  it('has an entry for every JSON route the gateway registers', () => {
    const missing = [...registered.keys()].filter((key) => !(key in API_ROUTES) && !(key in NOT_JSON));
    expect(missing).toEqual([]);
    const gone = Object.keys(NOT_JSON).filter((key) => !registered.has(key));
    expect(gone).toEqual([]);
  });
});
