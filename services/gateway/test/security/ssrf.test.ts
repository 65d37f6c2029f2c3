import type * as DnsPromises from 'node:dns/promises';
import { ADMIN_MESSAGES, CONTENT_MESSAGES } from '@app/contracts';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import {
  type Gateway,
  insertUser,
  signedInUser,
  startGateway,
  uniqueEmail,
} from '../support/gateway-harness.ts';

// SSRF: the crawler fetches whatever URL a datasource (admin) or an approved suggestion (any user)
// names, from inside our network. The gateway refuses private, loopback, link-local and metadata
// targets when they are entered, in every spelling, and for names that resolve there; the crawler
// checks again at every hop (services/crawler/test/ssrf*.test.ts).

// Names an attacker controls: one resolves to loopback, one to the cloud metadata address.
vi.mock('node:dns/promises', async (importOriginal) => {
  const actual = await importOriginal<typeof DnsPromises>();
  const names: Record<string, { address: string; family: number }[]> = {
    'loopback.attacker.test': [{ address: '127.0.0.1', family: 4 }],
    'metadata.attacker.test': [
      { address: '93.184.216.34', family: 4 },
      { address: '169.254.169.254', family: 4 },
    ],
    'v6.attacker.test': [{ address: '::ffff:10.0.0.7', family: 6 }],
    'public-feed.test': [{ address: '93.184.216.34', family: 4 }],
  };
  const lookup = (async (hostname: string, options?: unknown) =>
    names[hostname] ??
    (actual.lookup as (h: string, o?: unknown) => unknown)(hostname, options)) as typeof actual.lookup;
  return { ...actual, lookup, default: { ...actual, lookup } };
});

const PRIVATE_URLS = [
  'http://127.0.0.1/feed',
  'http://127.1:8080/feed',
  'http://2130706433/feed',
  'http://0x7f000001/feed',
  'http://0177.0.0.1/feed',
  'http://0/feed',
  'http://10.0.0.5/rss',
  'http://172.16.3.4/rss',
  'http://192.168.1.1/rss',
  'http://169.254.169.254/latest/meta-data/',
  'http://2852039166/latest/meta-data/',
  'http://[::1]/feed',
  'http://[::]/feed',
  'http://[::ffff:127.0.0.1]/feed',
  'http://[::ffff:a9fe:a9fe]/latest/meta-data/',
  'http://[fd00::1]/feed',
  'http://[fe80::1]/feed',
  'http://localhost/feed',
  'http://localhost./feed',
  'https://admin.localhost/feed',
  'http://user:pass@127.0.0.1/feed',
  'http://loopback.attacker.test/feed',
  'http://metadata.attacker.test/latest/meta-data/',
  'http://v6.attacker.test/feed',
];
const BAD_SCHEMES = [
  'file:///etc/passwd',
  'gopher://127.0.0.1:6379/_INFO',
  'ftp://example.com/feed',
  'javascript:alert(1)',
];
const PUBLIC_URLS = [
  'https://public-feed.test/rss',
  'https://example.com/feed.xml',
  'http://93.184.216.34/rss',
];

let gateway: Gateway;
let adminHeaders: Record<string, string>;
let userHeaders: Record<string, string>;
let topicId = '';
beforeAll(async () => {
  gateway = await startGateway();
  adminHeaders = (await signedInUser(gateway, { role: 'admin' }, 'ssrf-admin')).headers;
  userHeaders = (await signedInUser(gateway, {}, 'ssrf-user')).headers;
  topicId = (await gateway.db.prisma.topic.create({ data: { name: 'SSRF', slug: 'ssrf' } })).id;
});
afterAll(async () => {
  await gateway?.close();
});

const createSource = (source_url: string, extra: object = {}, g = gateway) =>
  g.app.inject({
    method: 'POST',
    url: '/api/admin/datasources',
    headers: adminHeaders,
    payload: { topic_id: topicId, platform: 'blog', source_name: 'S', source_url, ...extra },
  });
const suggest = (url: string) =>
  gateway.app.inject({
    method: 'POST',
    url: '/api/source-submissions',
    headers: userHeaders,
    payload: { topic: topicId, platform: 'blog', url },
  });

describe('datasource URLs (admin)', () => {
  it.each(PRIVATE_URLS)('refuses %s', async (url) => {
    const response = await createSource(url);
    expect(response.statusCode).toBe(400);
    expect(response.json().error).toMatchObject({
      code: 'VALIDATION_FAILED',
      fields: { source_url: ADMIN_MESSAGES.sourceUrlPrivate },
    });
    expect(await gateway.db.prisma.datasource.count({ where: { sourceUrl: url } })).toBe(0);
  });

  it.each(BAD_SCHEMES)('refuses the scheme of %s', async (url) => {
    const response = await createSource(url);
    expect(response.statusCode).toBe(400);
    expect(response.json().error.fields).toEqual({ source_url: ADMIN_MESSAGES.sourceUrlScheme });
  });

  it('accepts public URLs, and keywords, handles and ids that are not URLs', async () => {
    for (const url of PUBLIC_URLS) expect((await createSource(url)).statusCode, url).toBe(201);
    expect((await createSource('localhost', { platform: 'twitter', source_name: '' })).statusCode).toBe(201);
    expect((await createSource('UCabc123', { platform: 'youtube', source_name: 'Channel' })).statusCode).toBe(
      201,
    );
  });

  it('refuses private URLs in the config (a podcast rss_url) and on update', async () => {
    const inConfig = await createSource('https://example.com/podcast', {
      platform: 'podcast',
      config: { rss_url: 'http://169.254.169.254/latest/meta-data/', max_episodes: 3 },
    });
    expect(inConfig.statusCode).toBe(400);
    expect(inConfig.json().error.fields).toEqual({ config: ADMIN_MESSAGES.sourceUrlPrivate });

    const created = (await createSource(`https://example.com/${Date.now()}`)).json();
    const patch = (payload: object) =>
      gateway.app.inject({
        method: 'PATCH',
        url: `/api/admin/datasources/${created.id}`,
        headers: adminHeaders,
        payload,
      });
    expect((await patch({ source_url: 'http://[::1]:6379/' })).statusCode).toBe(400);
    expect((await patch({ config: { rss_url: 'http://localhost/x' } })).statusCode).toBe(400);
    expect((await patch({ source_url: 'https://example.com/moved' })).statusCode).toBe(200);
    const row = await gateway.db.prisma.datasource.findUniqueOrThrow({ where: { id: created.id } });
    expect(row.sourceUrl).toBe('https://example.com/moved');

    // A twitter keyword is not a URL, until the platform changes and the crawler would fetch it.
    const keyword = (
      await createSource('http://127.0.0.1/', { platform: 'twitter', source_name: '' })
    ).json();
    const toBlog = await gateway.app.inject({
      method: 'PATCH',
      url: `/api/admin/datasources/${keyword.id}`,
      headers: adminHeaders,
      payload: { platform: 'blog', source_name: 'Now a blog' },
    });
    expect(toBlog.statusCode).toBe(400);
  });
});

describe('suggested URLs (any signed-in user)', () => {
  it.each(PRIVATE_URLS.filter((url) => url.length <= 500))('refuses %s', async (url) => {
    const response = await suggest(url);
    expect(response.statusCode).toBe(400);
    expect(response.json().error.fields).toEqual({ url: CONTENT_MESSAGES.urlNotPublic });
    expect(await gateway.db.prisma.sourceSubmission.count({ where: { url } })).toBe(0);
  });

  it('refuses other schemes and accepts public URLs', async () => {
    for (const url of BAD_SCHEMES) expect((await suggest(url)).statusCode, url).toBe(400);
    for (const url of PUBLIC_URLS) expect((await suggest(url)).statusCode, url).toBe(200);
  });

  it('approving a suggestion stored before the check (or since re-pointed) is refused too', async () => {
    const user = await insertUser(gateway.db.prisma, { email: uniqueEmail('ssrf-legacy') });
    const legacy = await gateway.db.prisma.sourceSubmission.create({
      data: { userId: user.id, topicId, platform: 'blog', url: 'http://loopback.attacker.test/rss' },
    });
    const response = await gateway.app.inject({
      method: 'POST',
      url: `/api/admin/submissions/${legacy.id}/approve`,
      headers: adminHeaders,
      payload: { source_name: 'Legacy' },
    });
    expect(response.statusCode).toBe(400);
    const row = await gateway.db.prisma.sourceSubmission.findUniqueOrThrow({ where: { id: legacy.id } });
    expect(row.status).toBe('pending');
    expect(await gateway.db.prisma.datasource.count({ where: { sourceUrl: legacy.url } })).toBe(0);
  });
});

describe('CRAWLER_ALLOW_PRIVATE_HOSTS=true (tests, intranet deployments)', () => {
  it('accepts private hosts, but still only http(s)', async () => {
    const intranet = await startGateway({ CRAWLER_ALLOW_PRIVATE_HOSTS: 'true' });
    try {
      const { headers } = await signedInUser(intranet, { role: 'admin' }, 'intranet');
      const topic = await intranet.db.prisma.topic.create({ data: { name: 'Intranet', slug: 'intranet' } });
      const create = (source_url: string) =>
        intranet.app.inject({
          method: 'POST',
          url: '/api/admin/datasources',
          headers,
          payload: { topic_id: topic.id, platform: 'blog', source_name: 'S', source_url },
        });
      expect((await create('http://10.0.0.5/rss')).statusCode).toBe(201);
      expect((await create('file:///etc/passwd')).statusCode).toBe(400);
    } finally {
      await intranet.close();
    }
  });
});
