import { OPML_MAX_FEEDS } from '@app/contracts';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { bearer, type Gateway, signedInUser, startGateway } from './support/gateway-harness.ts';

// An OPML import looks up the hosts of its feeds before writing anything (the address rule). A file
// of 9,000 outlines did one lookup per outline and ran past five minutes: hosts are now looked up
// once each, a batch at a time, and a file holds at most OPML_MAX_FEEDS feeds.

const lookups: string[] = [];
vi.mock('node:dns/promises', async (original) => {
  const actual = await original<typeof import('node:dns/promises')>();
  return {
    ...actual,
    lookup: async (hostname: string) => {
      lookups.push(hostname);
      // The "internal" host resolves to a private address; every other one to a public one.
      return [{ address: hostname.startsWith('internal.') ? '10.0.0.5' : '93.184.216.34', family: 4 }];
    },
  };
});

let gateway: Gateway;
let token: string;
let inbox: string;
beforeAll(async () => {
  gateway = await startGateway({ CRAWLER_ALLOW_PRIVATE_HOSTS: 'false' });
  token = (await signedInUser(gateway, { role: 'admin' }, 'opml-limits')).accessToken;
  inbox = (await gateway.db.prisma.topic.create({ data: { slug: 'opml-limits', name: 'OPML limits' } })).id;
});
afterAll(async () => gateway?.close());

const opml = (urls: string[]) =>
  `<?xml version="1.0"?>\n<opml version="2.0"><head><title>t</title></head><body>\n${urls
    .map((url, i) => `<outline type="rss" text="Feed ${i}" xmlUrl="${url}"/>`)
    .join('\n')}\n</body></opml>`;
const importOpml = (text: string) =>
  gateway.app.inject({
    method: 'POST',
    url: '/api/admin/opml/import',
    headers: bearer(token),
    payload: { opml: text, mode: 'topic', topic_id: inbox },
  });

describe('OPML import limits', () => {
  it('looks each host up once, however many feeds share it', async () => {
    lookups.length = 0;
    const urls = Array.from(
      { length: 600 },
      (_, i) => `https://${['a', 'b', 'c'][i % 3]}.feeds.test/feed/${i}`,
    );
    const response = await importOpml(opml(urls));
    expect(response.statusCode).toBe(200);
    expect(response.json()).toMatchObject({ datasources_created: 600, counts: { import: 600 } });
    expect(lookups.sort()).toEqual(['a.feeds.test', 'b.feeds.test', 'c.feeds.test']);
  });

  it('still refuses every feed of a host that resolves to a private address, by line', async () => {
    lookups.length = 0;
    const urls = [
      'https://ok.feeds.test/1',
      'https://internal.feeds.test/a',
      'https://internal.feeds.test/b',
    ];
    const response = await importOpml(opml(urls));
    expect(response.json().counts).toEqual({ import: 1, present: 0, refused: 2 });
    expect(
      response
        .json()
        .lines.filter((line: { status: string }) => line.status === 'refused')
        .map((line: { reason: string; url: string }) => [line.reason, line.url]),
    ).toEqual([
      ['private_url', 'https://internal.feeds.test/a'],
      ['private_url', 'https://internal.feeds.test/b'],
    ]);
    expect(lookups.filter((host) => host === 'internal.feeds.test')).toHaveLength(1);
  });

  it(`refuses a file of more than ${OPML_MAX_FEEDS} feeds before any lookup, naming the first one over`, async () => {
    lookups.length = 0;
    const urls = Array.from({ length: OPML_MAX_FEEDS + 1 }, (_, i) => `https://host${i}.feeds.test/feed`);
    const response = await importOpml(opml(urls));
    expect(response.statusCode).toBe(422);
    expect(response.json()).toMatchObject({ datasources_created: 0, counts: { import: 0, refused: 1 } });
    expect(response.json().lines).toEqual([
      expect.objectContaining({
        reason: 'too_many_feeds',
        url: `https://host${OPML_MAX_FEEDS}.feeds.test/feed`,
      }),
    ]);
    expect(lookups).toEqual([]);
    expect(await gateway.db.prisma.datasource.count({ where: { sourceUrl: { contains: 'host1.' } } })).toBe(
      0,
    );
  });
});
