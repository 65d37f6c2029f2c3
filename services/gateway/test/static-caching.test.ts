import type { AddressInfo } from 'node:net';
import { mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { brotliCompressSync, gzipSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type Gateway, startGateway } from './support/gateway-harness.ts';
import { type HttpAnswer, httpRequest } from './support/http-get.ts';

// The web build as the gateway serves it: fingerprinted assets cached for a year, index.html and the
// SPA fallback revalidated every time, and the build's brotli or gzip copy of a file picked by the
// request's Accept-Encoding. Requests go over a real socket exactly as written (no client tidies a
// path up), as in the path-spelling tests.

const INDEX_HTML = `<!doctype html><html><head><script type="module" src="/assets/index-Ab12Cd34.js"></script></head><body><div id="root"></div>${'<!-- padding -->'.repeat(80)}</body></html>`;
// The home page's document: index.html plus the script that draws the hero before the app arrives; the
// summaries page's and a blog post's, with the script that draws their first cards or title.
const HOME_HTML = INDEX_HTML.replace(
  '</body>',
  '<script type="module" async src="/assets/first-paint-Ij90Kl12.js"></script></body>',
);
const READING_HTML = INDEX_HTML.replace(
  '</body>',
  '<script type="module" async src="/assets/first-paint-reading-Mn34Op56.js"></script></body>',
);
const APP_JS = `export const app = ${JSON.stringify('x'.repeat(4000))};\n`;
const PLAIN_CSS = 'body{margin:0}';
const SECRET = 'outside-the-web-root-secret';

let gateway: Gateway;
let parentDir: string;
let webDir: string;
let port = 0;

beforeAll(async () => {
  // A stand-in build with its precompressed copies (web/vite-precompress.ts writes them in a real one),
  // and a secret next to the web root, with its own compressed copies, that no path may reach.
  parentDir = await mkdtemp(path.join(tmpdir(), 'gw-static-'));
  webDir = path.join(parentDir, 'web');
  await mkdir(path.join(webDir, 'assets'), { recursive: true });
  const write = async (file: string, body: string, copies: boolean) => {
    await writeFile(file, body);
    if (!copies) return;
    await writeFile(`${file}.br`, brotliCompressSync(body));
    await writeFile(`${file}.gz`, gzipSync(body));
  };
  await write(path.join(webDir, 'index.html'), INDEX_HTML, true);
  await write(path.join(webDir, 'home.html'), HOME_HTML, true);
  await write(path.join(webDir, 'reading.html'), READING_HTML, true);
  await write(path.join(webDir, 'assets', 'index-Ab12Cd34.js'), APP_JS, true);
  await write(path.join(webDir, 'assets', 'plain-Ef56Gh78.css'), PLAIN_CSS, false);
  await write(path.join(webDir, 'favicon.svg'), '<svg xmlns="http://www.w3.org/2000/svg"/>', false);
  await write(path.join(parentDir, 'secret.txt'), SECRET, true);
  await write(path.join(parentDir, 'web-secret.txt'), SECRET, true);
  gateway = await startGateway({ WEB_DIST_DIR: webDir });
  // A channel whose name has a dot: its page is still a page.
  const topic = await gateway.db.prisma.topic.create({ data: { slug: 'static-caching', name: 'Static' } });
  await gateway.db.prisma.datasource.create({
    data: {
      topicId: topic.id,
      platform: 'youtube',
      sourceName: 'Fireship.io',
      sourceUrl: 'https://example.com/feed',
    },
  });
  await gateway.app.listen({ host: '127.0.0.1', port: 0 });
  port = (gateway.app.server.address() as AddressInfo).port;
});
afterAll(async () => {
  await gateway?.close();
  await rm(parentDir, { recursive: true, force: true });
});

type Answer = HttpAnswer;

/** GET `target` verbatim; `body` is decoded by the answer's content-encoding. */
const get = (target: string, acceptEncoding?: string): Promise<Answer> =>
  // Node's parser may refuse a request line outright: that is no leak either.
  httpRequest(port, target, {
    headers: acceptEncoding ? { 'accept-encoding': acceptEncoding } : {},
    resetIsAnswer: true,
  });

const IMMUTABLE = 'public, max-age=31536000, immutable';
const varyTokens = (answer: Answer) =>
  String(answer.headers.vary ?? '')
    .split(',')
    .map((token) => token.trim().toLowerCase());

describe('fingerprinted assets', () => {
  it('are cached for a year, immutable', async () => {
    const answer = await get('/assets/index-Ab12Cd34.js');
    expect(answer.status).toBe(200);
    expect(answer.headers['cache-control']).toBe(IMMUTABLE);
    expect(answer.headers['content-type']).toMatch(/javascript/);
    expect(answer.body).toBe(APP_JS);
    const css = await get('/assets/plain-Ef56Gh78.css', 'br');
    expect(css.headers['cache-control']).toBe(IMMUTABLE);
  });

  it('come as brotli when accepted, else gzip, else as they are, always with Vary: Accept-Encoding', async () => {
    const cases = [
      ['gzip, deflate, br, zstd', 'br'],
      ['br', 'br'],
      ['gzip;q=1, br;q=0.5', 'gzip'],
      ['gzip, deflate', 'gzip'],
      ['deflate', undefined],
      ['identity', undefined],
      [undefined, undefined],
    ] as const;
    for (const [accept, expected] of cases) {
      const answer = await get('/assets/index-Ab12Cd34.js', accept);
      const label = `Accept-Encoding: ${accept ?? '(none)'}`;
      expect(answer.status, label).toBe(200);
      expect(answer.headers['content-encoding'], label).toBe(expected);
      expect(answer.headers['content-type'], label).toMatch(/javascript/);
      expect(answer.headers['cache-control'], label).toBe(IMMUTABLE);
      expect(varyTokens(answer), label).toContain('accept-encoding');
      expect(answer.body, label).toBe(APP_JS);
      if (expected) expect(answer.raw.length, label).toBeLessThan(APP_JS.length);
    }
  });

  it('without a compressed copy come as they are, whatever is accepted', async () => {
    const answer = await get('/assets/plain-Ef56Gh78.css', 'gzip, deflate, br');
    expect(answer.status).toBe(200);
    expect(answer.headers['content-encoding']).toBeUndefined();
    expect(answer.body).toBe(PLAIN_CSS);
  });

  it('a missing asset or a compressed copy asked for by name is a 404, never cached for a year', async () => {
    for (const target of ['/assets/missing-00000000.js', '/assets/index-Ab12Cd34.js.br', '/index.html.gz']) {
      const answer = await get(target, 'br');
      expect(answer.status, target).toBe(404);
      expect(answer.headers['content-type'], target).toMatch(/^application\/json/);
      expect(String(answer.headers['cache-control'] ?? ''), target).not.toContain('immutable');
    }
  });
});

/** `target` answers `document`, revalidated every time, in each encoding the request accepts. */
async function expectDocument(target: string, document: string, accepts: (string | undefined)[]) {
  for (const accept of accepts) {
    const answer = await get(target, accept);
    const label = `${target} ${accept ?? '(none)'}`;
    expect(answer.status, label).toBe(200);
    expect(answer.headers['cache-control'], label).toBe('no-cache');
    expect(answer.headers['content-type'], label).toMatch(/^text\/html/);
    // The brotli copy when accepted, else gzip's, else the file itself.
    const expected = accept?.includes('br') ? 'br' : accept?.includes('gzip') ? 'gzip' : undefined;
    expect(answer.headers['content-encoding'], label).toBe(expected);
    expect(answer.body, label).toBe(document);
  }
}

describe('index.html and the SPA fallback', () => {
  it('index.html is revalidated every time, and precompressed too', async () => {
    await expectDocument('/index.html', INDEX_HTML, ['br', 'gzip', undefined]);
  });

  it('a client-side route answers index.html, revalidated every time', async () => {
    for (const target of ['/pricing', '/zh/blog', '/admin', '/youtube/Fireship.io'])
      await expectDocument(target, INDEX_HTML, ['gzip, deflate, br', undefined]);
  });

  it('the home page, in either language, answers home.html (with its first-paint script), revalidated every time', async () => {
    // As the router matches them: a trailing slash is the same page, an encoded letter the same letter.
    for (const target of ['/', '/zh', '/zh/', '/%7Ah', '/z%68/'])
      await expectDocument(target, HOME_HTML, ['br', 'gzip', undefined]);
  });

  it('the summaries page answers reading.html (with the other first-paint script), revalidated every time', async () => {
    for (const target of [
      '/content-summary',
      '/zh/content-summary',
      '/content-summary/',
      '/content%2Dsummary',
    ])
      await expectDocument(target, READING_HTML, ['br', 'gzip', undefined]);
  });

  it('no other page gets a first-paint script, and home.html and reading.html are no files of their own', async () => {
    // Pages, and paths no page has (a 404 with the app's document, which draws the 404 screen).
    for (const [target, status] of [
      ['/zh/pricing', 200],
      ['/pricing/', 200],
      ['/zhx', 404],
      ['/zh/zh', 404],
      ['/topics/zh', 404],
    ] as const) {
      const answer = await get(target, 'gzip');
      expect(answer.status, target).toBe(status);
      expect(answer.body, target).toBe(INDEX_HTML);
    }
    for (const target of [
      '/home.html',
      '/HOME.html',
      '/home%2Ehtml',
      '/reading.html',
      '/READING.HTML',
      '/reading%2ehtml',
    ]) {
      const answer = await get(target);
      expect(answer.status, target).toBe(404);
      expect(answer.body, target).not.toContain('first-paint');
    }
  });

  it('the build’s other top-level files are revalidated too', async () => {
    const answer = await get('/favicon.svg');
    expect(answer.status).toBe(200);
    expect(answer.headers['cache-control']).toBe('no-cache');
  });
});

describe('paths that try to leave the web root', () => {
  const targets = [
    '/../secret.txt',
    '/assets/../../secret.txt',
    '/%2e%2e/secret.txt',
    '/%2E%2E/secret.txt',
    '/..%2fsecret.txt',
    '/..%2Fsecret.txt',
    '/assets/..%2f..%2fsecret.txt',
    '/assets/%2e%2e%2f%2e%2e%2fsecret.txt',
    '/assets/%2e%2e/%2e%2e/secret.txt',
    // Doubled encoding: %25 is '%', so a second decoding would make these '..' and '/'.
    '/%252e%252e/secret.txt',
    '/assets/%252e%252e%252f%252e%252e%252fsecret.txt',
    '/assets/..%252f..%252fsecret.txt',
    // Doubled dots and slashes, backslashes, and a sibling whose name starts like the root's.
    '/....//secret.txt',
    '/assets/....//....//secret.txt',
    '/assets//..//..//secret.txt',
    '/assets/..\\..\\secret.txt',
    '/assets/%2e%2e%5c%2e%2e%5csecret.txt',
    '/..%5csecret.txt',
    '/../web-secret.txt',
    '/assets/../../web-secret.txt',
    '/%2e%2e/web-secret.txt',
    '/assets/%2e%2e/%2e%2e/web-secret.txt',
  ];

  it.each(targets)('%s never answers the file outside the root', async (target) => {
    for (const accept of ['br', 'gzip', undefined]) {
      const answer = await get(target, accept);
      const label = `${target} ${accept ?? '(none)'}`;
      expect(answer.body, label).not.toContain(SECRET);
      if (answer.status === 200) {
        // At most the app's own page, for a path the router reads as a client-side route.
        expect(answer.body, label).toBe(INDEX_HTML);
        expect(answer.headers['cache-control'], label).toBe('no-cache');
      } else {
        expect([0, 400, 403, 404], `${label} answered ${answer.status}`).toContain(answer.status);
      }
    }
  });
});
