import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bearer, signedInUser } from '../support/gateway-harness.ts';
import { type SecurityStack, startSecurityStack } from './security-harness.ts';

// The private podcast feed: podcast apps send no header, so the token in the path is the only
// credential of the feed, its MP3s, transcripts and chapters. Every token that is not a live podcast
// feed token — revoked by a new URL or turned off, of another user, of a deleted account, unknown, a
// favourites feed token, a signed audio URL token, an access token — in every spelling below (as is,
// percent-encoded, upper/lower-cased, doubled and trailing slashes, an encoded slash, a NUL, a suffix),
// sent over a real socket exactly as written, must get a 404 that says nothing more, on every route.
// The live token, in the spellings that still mean it, opens them all: the refusals come from the check.

let stack: SecurityStack;
let port = 0;
const tokens = {} as Record<
  | 'live'
  | 'otherLive'
  | 'replaced'
  | 'turnedOff'
  | 'otherReplaced'
  | 'deletedAccount'
  | 'favourites'
  | 'audioUrl'
  | 'access',
  string
>;
const tokenOf = (feedUrl: string) => new URL(feedUrl).pathname.split('/').at(-1) as string;

async function makeFeed(headers: Record<string, string>) {
  const res = await stack.gateway.app.inject({ method: 'POST', url: '/api/podcasts/feed-token', headers });
  expect(res.statusCode).toBe(200);
  return tokenOf(res.json().feed_url);
}

beforeAll(async () => {
  // Hundreds of guesses from one address: above the per-address feed limit (which would answer 429).
  stack = await startSecurityStack({ FEEDS_IP_RATE_LIMIT: '100000' });
  // The fixture podcast gets its chapters, so every route has something to open.
  await stack.prisma.podcastTask.update({
    where: { id: stack.fx.podcast.id },
    data: {
      metadata: { duration_seconds: 3, chapters: [{ title: 'One', start_seconds: 0, end_seconds: 3 }] },
    },
  });
  await stack.gateway.app.listen({ host: '127.0.0.1', port: 0 });
  port = (stack.gateway.app.server.address() as AddressInfo).port;
  const pro = stack.headers('pro');
  const other = stack.headers('other');
  tokens.replaced = await makeFeed(pro);
  tokens.live = await makeFeed(pro);
  tokens.otherReplaced = await makeFeed(other);
  tokens.otherLive = await makeFeed(other);
  tokens.turnedOff = await makeFeed(stack.headers('free'));
  await stack.gateway.app.inject({
    method: 'DELETE',
    url: '/api/podcasts/feed-token',
    headers: stack.headers('free'),
  });
  const doomed = await signedInUser(stack.gateway, {}, 'sec-feed-deleted');
  tokens.deletedAccount = await makeFeed(doomed.headers);
  await stack.prisma.user.delete({ where: { id: doomed.id } });
  // The Pro owner's favourites feed token: live, but of the other kind.
  const favourites = await stack.gateway.app.inject({
    method: 'POST',
    url: '/api/me/feed-token',
    headers: pro,
  });
  tokens.favourites = tokenOf(favourites.json().urls.rss).replace(/\.rss$/, '');
  const list = await stack.gateway.app.inject({ method: 'GET', url: '/api/podcasts', headers: pro });
  const audioUrl = list.json().data.find((p: { id: string }) => p.id === stack.fx.podcast.id).audio_url;
  tokens.audioUrl = decodeURIComponent(new URL(audioUrl, 'http://x').searchParams.get('token') as string);
  tokens.access = stack.users.pro.token;
});
afterAll(async () => {
  await stack?.close();
});

type Answer = { status: number; contentType: string; body: string };
/** The request target verbatim over a socket of its own (no client tidies it up). */
function send(method: 'GET' | 'HEAD', target: string, headers: Record<string, string> = {}): Promise<Answer> {
  return new Promise((resolve, reject) => {
    const request = http.request(
      {
        agent: false,
        host: '127.0.0.1',
        port,
        method,
        path: target,
        headers: { host: `127.0.0.1:${port}`, ...headers },
      },
      (response) => {
        const chunks: Buffer[] = [];
        response.on('data', (chunk: Buffer) => chunks.push(chunk));
        response.on('end', () =>
          resolve({
            status: response.statusCode ?? 0,
            contentType: String(response.headers['content-type'] ?? ''),
            body: Buffer.concat(chunks).toString('latin1'),
          }),
        );
      },
    );
    request.on('error', (error: NodeJS.ErrnoException) =>
      error.code === 'ECONNRESET' ? resolve({ status: 0, contentType: '', body: '' }) : reject(error),
    );
    request.end();
  });
}

const encodeAll = (text: string) =>
  [...text].map((c) => `%${c.charCodeAt(0).toString(16).toUpperCase().padStart(2, '0')}`).join('');
const swapCase = (text: string) =>
  [...text].map((c) => (c === c.toUpperCase() ? c.toLowerCase() : c.toUpperCase())).join('');

/** Each route the token opens, for a token as it appears in the path. */
const routes = (t: string) => {
  const id = stack.fx.podcast.id;
  return [
    `/api/podcasts/feed/${t}`,
    `/api/podcasts/feed/${t}?lang=en,zh`,
    `/api/podcasts/feed/${t}/episodes/${id}/audio.mp3`,
    `/api/podcasts/feed/${t}/episodes/${id}/transcript.txt`,
    `/api/podcasts/feed/${t}/episodes/${id}/chapters.json`,
  ];
};

/** Spellings that name the same token (the router decodes the path segment). */
const sameToken = (t: string) => [
  t,
  encodeAll(t),
  `${t.slice(0, 10)}${encodeAll(t.slice(10, 12))}${t.slice(12)}`,
];
/** Spellings of the path that differ in the token's bytes or in the path's shape. */
const otherSpellings = (t: string) => [
  t.toUpperCase(),
  t.toLowerCase(),
  swapCase(t),
  `${t}x`,
  t.slice(1),
  `${t}%00`,
  `${t}.rss`,
  `%2F${t}`,
  `${t}%2F`,
  encodeAll(t.toUpperCase()),
];
/** The same routes with doubled or trailing slashes around the token. */
const slashed = (t: string) => [
  `/api/podcasts/feed//${t}`,
  `/api/podcasts//feed/${t}`,
  `//api/podcasts/feed/${t}`,
  `/api/podcasts/feed/${t}/`,
  `/api/podcasts/feed/${t}//episodes/${stack.fx.podcast.id}/audio.mp3`,
  `/api/podcasts/feed/${t}/episodes//${stack.fx.podcast.id}/audio.mp3`,
];

const NOT_FOUND = { error: { code: 'NOT_FOUND', message: 'Not found' } };
const ROUTE_NOT_FOUND = { error: { code: 'NOT_FOUND', message: 'Route not found' } };
/**
 * Nothing of the feed, the MP3, the transcript or the chapters: a 404, or a 400 for a path the router
 * cannot decode (a NUL), or a request line Node's parser refused.
 */
function expectRefused(answer: Answer, label: string) {
  expect([0, 400, 404], label).toContain(answer.status);
  expect(answer.contentType, label).not.toMatch(/rss|audio|text\/plain|chapters/);
  expect(answer.body, label).not.toContain('<rss');
  expect(answer.body, label).not.toContain('Transcript');
  // The bare 404 of the feed routes whatever the reason (or the API's catch-all for a path they miss).
  if (answer.status === 404 && answer.body && answer.contentType.startsWith('application/json'))
    expect([NOT_FOUND, ROUTE_NOT_FOUND], label).toContainEqual(JSON.parse(answer.body));
}

describe('the podcast feed token is the only credential', () => {
  it('opens the feed and what it links with the live token, spelt as the router reads it', async () => {
    for (const t of [...sameToken(tokens.live), ...sameToken(tokens.otherLive)]) {
      for (const target of routes(t)) {
        const answer = await send('GET', target);
        expect(answer.status, target).toBe(200);
      }
      expect((await send('HEAD', routes(t)[2] as string)).status).toBe(200);
      expect((await send('GET', routes(t)[2] as string, { range: 'bytes=0-9' })).status).toBe(206);
    }
  });

  it('refuses every other token in every spelling with a 404 that says nothing more', async () => {
    const bad = Object.entries(tokens).filter(([name]) => name !== 'live' && name !== 'otherLive');
    expect(bad).toHaveLength(7);
    for (const [name, t] of bad) {
      const targets = [...sameToken(t), ...otherSpellings(t)].flatMap(routes).concat(slashed(t));
      for (const target of targets) {
        expectRefused(await send('GET', target), `${name}: GET ${target}`);
      }
      expectRefused(await send('HEAD', routes(t)[2] as string), `${name}: HEAD`);
      expectRefused(await send('GET', routes(t)[2] as string, { range: 'bytes=0-9' }), `${name}: range`);
      // A Bearer header does not stand in for the path's token.
      expectRefused(await send('GET', routes(t)[0] as string, bearer(tokens.access)), `${name}: bearer`);
    }
  });

  it('refuses the live token misspelt, and an unknown one, exactly as a revoked one', async () => {
    const unknown = 'A'.repeat(43);
    const answers = await Promise.all(
      [unknown, ...otherSpellings(tokens.live)].flatMap(routes).map((target) => send('GET', target)),
    );
    for (const answer of answers) expectRefused(answer, 'misspelt live token');
    const revoked = await send('GET', routes(tokens.replaced)[0] as string);
    expect(revoked).toEqual(answers[0]);
    expect(JSON.parse(revoked.body)).toEqual(NOT_FOUND);
  });

  it('keeps the two kinds apart: a podcast token never opens the favourites feed', async () => {
    for (const t of [tokens.live, tokens.otherLive]) {
      const answer = await send('GET', `/feeds/favorites/${t}.rss`);
      expect(answer.status).toBe(404);
      expect(answer.body).not.toContain('<rss');
    }
    // …while the favourites token still opens its own feed (so the refusal above is the kind check).
    expect((await send('GET', `/feeds/favorites/${tokens.favourites}.rss`)).status).toBe(200);
  });
});
