import { existsSync } from 'node:fs';
import { request } from 'node:http';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { startFeedServer } from '../src/feed-server.ts';
import { fixturesDir } from '../src/paths.ts';

const feeds = await startFeedServer({
  dir: fixturesDir(),
  routes: {
    '/custom.xml': { body: '<rss version="2.0"><channel><title>Custom</title></channel></rss>' },
    '/broken': { body: 'oops', status: 503, headers: { 'retry-after': '120' } },
  },
});
afterAll(() => feeds.close());

const FIXTURE = '/rss2-zh-meituan-tech.xml';

describe('startFeedServer', () => {
  it('finds the shared fixtures beside the repository', () => {
    expect(existsSync(path.join(fixturesDir(), FIXTURE))).toBe(true);
  });

  it('serves a fixture with validators, then 304 for If-None-Match and If-Modified-Since', async () => {
    const first = await fetch(`${feeds.url}${FIXTURE}`);
    expect(first.status).toBe(200);
    expect(first.headers.get('content-type')).toBe('application/xml');
    expect(await first.text()).toContain('<rss');
    const etag = first.headers.get('etag')!;
    const lastModified = first.headers.get('last-modified')!;
    expect(etag).toMatch(/^".+"$/);
    expect(Date.parse(lastModified)).not.toBeNaN();

    const byEtag = await fetch(`${feeds.url}${FIXTURE}`, { headers: { 'if-none-match': etag } });
    expect(byEtag.status).toBe(304);
    const byDate = await fetch(`${feeds.url}${FIXTURE}`, { headers: { 'if-modified-since': lastModified } });
    expect(byDate.status).toBe(304);
    const stale = await fetch(`${feeds.url}${FIXTURE}`, { headers: { 'if-none-match': '"other"' } });
    expect(stale.status).toBe(200);
    await stale.arrayBuffer();

    expect(feeds.requests.filter((r) => r.path === FIXTURE).map((r) => r.status)).toEqual([
      200, 304, 304, 200,
    ]);
  });

  it('serves configured routes, and a changed route gets a new ETag', async () => {
    const first = await fetch(`${feeds.url}/custom.xml`);
    expect(await first.text()).toContain('Custom');
    const etag = first.headers.get('etag')!;
    feeds.setRoute('/custom.xml', {
      body: '<rss version="2.0"><channel><title>Changed</title></channel></rss>',
    });
    const second = await fetch(`${feeds.url}/custom.xml`, { headers: { 'if-none-match': etag } });
    expect(second.status).toBe(200);
    expect(await second.text()).toContain('Changed');

    const broken = await fetch(`${feeds.url}/broken`);
    expect(broken.status).toBe(503);
    expect(broken.headers.get('retry-after')).toBe('120');
    await broken.arrayBuffer();
  });

  it('answers 404 for missing files and paths outside the directory', async () => {
    // Raw paths: fetch() would normalise the dot segments away before sending.
    for (const target of [
      '/missing.xml',
      '/../ARCHITECTURE.md',
      '/%2e%2e/%2e%2e/ARCHITECTURE.md',
      '/../feeds/../../ARCHITECTURE.md',
    ]) {
      expect(await rawStatus(target)).toBe(404);
    }
  });
});

function rawStatus(rawPath: string): Promise<number | undefined> {
  return new Promise((resolve, reject) => {
    const req = request({ host: '127.0.0.1', port: feeds.port, path: rawPath }, (res) => {
      res.resume();
      resolve(res.statusCode);
    });
    req.on('error', reject);
    req.end();
  });
}
