import type * as Dns from 'node:dns';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { createFetcher } from '../src/fetch/http-fetcher.ts';

// Crawl-time SSRF: a feed on an allowed host that redirects to a private address, or a DNS name that
// resolves to one, is refused at that hop. No public host exists in a test, so 127.0.0.1 stands in for
// one (the mock below calls it public) and 127.0.0.2 is the "internal service" that must never be hit.
vi.mock('@app/url-guard/private-address', async (importOriginal) => {
  const actual = await importOriginal<typeof import('@app/url-guard/private-address')>();
  const standsInForPublic = (address: string) => ['127.0.0.1', '::ffff:127.0.0.1'].includes(address);
  return {
    ...actual,
    isPrivateAddress: (address: string) => !standsInForPublic(address) && actual.isPrivateAddress(address),
  };
});
// Two names: one for the "public" host, one that an attacker's DNS points at the internal address.
vi.mock('node:dns', async (importOriginal) => {
  const actual = await importOriginal<typeof Dns>();
  const names: Record<string, string> = { 'public.test': '127.0.0.1', 'rebind.test': '127.0.0.2' };
  const lookup = ((hostname: string, options: unknown, callback: unknown) => {
    const address = names[hostname];
    if (!address) return (actual.lookup as (...args: unknown[]) => void)(hostname, options, callback);
    const done = (typeof options === 'function' ? options : callback) as (...args: unknown[]) => void;
    const all = typeof options === 'object' && (options as { all?: boolean }).all;
    return all ? done(null, [{ address, family: 4 }]) : done(null, address, 4);
  }) as typeof Dns.lookup;
  return { ...actual, lookup, default: { ...actual, lookup } };
});

type Listening = { server: Server; port: number; hits: string[] };
async function listen(host: string, handler: (path: string) => [number, Record<string, string>]) {
  const hits: string[] = [];
  const server = createServer((req, res) => {
    hits.push(req.url ?? '/');
    const [status, headers] = handler(req.url ?? '/');
    res.writeHead(status, headers).end(status === 200 ? '<rss version="2.0"><channel/></rss>' : '');
  });
  await new Promise<void>((resolve) => server.listen(0, host, resolve));
  return { server, port: (server.address() as AddressInfo).port, hits } satisfies Listening;
}

let internal: Listening;
let feed: Listening;
beforeAll(async () => {
  internal = await listen('127.0.0.2', () => [200, { 'content-type': 'application/rss+xml' }]);
  // /to?u=<target> answers 302 to the target; anything else is a feed.
  feed = await listen('127.0.0.1', (path) => {
    const target = new URL(path, 'http://x').searchParams.get('u');
    return target ? [302, { location: target }] : [200, { 'content-type': 'application/rss+xml' }];
  });
});
afterAll(async () => {
  for (const { server } of [internal, feed]) await new Promise((resolve) => server.close(resolve));
});

describe('redirects and DNS answers are checked at every hop', () => {
  it('fetches the stand-in public host, by address and by name', async () => {
    const fetcher = createFetcher({ allowPrivateHosts: false, defaultTimeoutMs: 3000 });
    try {
      expect((await fetcher.fetch(`http://127.0.0.1:${feed.port}/feed.xml`)).notModified).toBe(false);
      expect((await fetcher.fetch(`http://public.test:${feed.port}/feed.xml`)).notModified).toBe(false);
    } finally {
      await fetcher.close();
    }
  });

  it('refuses a redirect to an internal address, whatever its spelling', async () => {
    const fetcher = createFetcher({ allowPrivateHosts: false, defaultTimeoutMs: 3000 });
    const p = internal.port;
    try {
      for (const target of [
        `http://127.0.0.2:${p}/admin`,
        `http://2130706434:${p}/admin`,
        `http://0x7f.0.0.2:${p}/admin`,
        `http://[::ffff:127.0.0.2]:${p}/admin`,
        `http://[::ffff:7f00:2]:${p}/admin`,
        `http://localhost:${p}/admin`,
        `http://[::1]:${p}/admin`,
        `http://rebind.test:${p}/admin`,
        `file:///etc/passwd`,
      ]) {
        const start = `http://public.test:${feed.port}/to?u=${encodeURIComponent(target)}`;
        await expect(fetcher.fetch(start), target).rejects.toMatchObject({ errorClass: 'blocked' });
      }
    } finally {
      await fetcher.close();
    }
    expect(internal.hits).toEqual([]);
    expect(feed.hits.filter((hit) => hit.startsWith('/to?')).length).toBe(9);
  });

  it('refuses a feed whose host name resolves to an internal address (DNS rebinding)', async () => {
    const fetcher = createFetcher({ allowPrivateHosts: false, defaultTimeoutMs: 3000 });
    try {
      await expect(fetcher.fetch(`http://rebind.test:${internal.port}/feed.xml`)).rejects.toMatchObject({
        errorClass: 'blocked',
      });
    } finally {
      await fetcher.close();
    }
    expect(internal.hits).toEqual([]);
  });
});
