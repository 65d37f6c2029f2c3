import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createFetcher } from '../src/fetch/http-fetcher.ts';

// SSRF: every spelling of a loopback address is refused, before any connection (the ranges and
// spellings themselves are checked in @app/url-guard's tests).

let server: Server;
let port = 0;
let hits = 0;
beforeAll(async () => {
  server = createServer((_req, res) => {
    hits += 1;
    res.writeHead(200, { 'content-type': 'application/rss+xml' }).end('<rss version="2.0"><channel/></rss>');
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  port = (server.address() as AddressInfo).port;
});
afterAll(async () => {
  await new Promise((resolve) => server.close(resolve));
});

describe('the fetcher without CRAWLER_ALLOW_PRIVATE_HOSTS', () => {
  it('refuses every spelling of a loopback address before connecting', async () => {
    const fetcher = createFetcher({ allowPrivateHosts: false, defaultTimeoutMs: 3000 });
    const before = hits;
    try {
      for (const host of [
        '127.0.0.1',
        '127.1',
        '2130706433',
        '0x7f000001',
        '0177.0.0.1',
        '[::ffff:127.0.0.1]',
        '[::ffff:7f00:1]',
        '[::1]',
        'localhost',
        'localhost.',
        'feed.localhost',
      ]) {
        await expect(fetcher.fetch(`http://${host}:${port}/feed.xml`), host).rejects.toMatchObject({
          errorClass: 'blocked',
        });
      }
    } finally {
      await fetcher.close();
    }
    expect(hits).toBe(before);
  });

  it('still fetches them when private hosts are allowed (tests, intranets)', async () => {
    const fetcher = createFetcher({ allowPrivateHosts: true, defaultTimeoutMs: 3000 });
    try {
      const result = await fetcher.fetch(`http://127.0.0.1:${port}/feed.xml`);
      expect(result.notModified).toBe(false);
    } finally {
      await fetcher.close();
    }
  });
});
