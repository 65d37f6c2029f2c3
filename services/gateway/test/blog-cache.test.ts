import { waitFor } from '@app/testing';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type Gateway, signedInUser, startGateway, startPeer } from './support/gateway-harness.ts';
import { redisProxy } from './support/redis-proxy.ts';

// The public blog answers kept in each gateway process: served again without reading PostgreSQL,
// keyed by the validated query, gone at the TTL, and cleared in every process by an admin's edit.
// A row changed straight in the database (as no gateway write announces) shows whether an answer
// came from the cache: the database would give the new text.

/** Longer than any test here: an answer changes only through the clearing under test. */
const LONG_TTL_MS = 60_000;
/** How long a peer may take to hear an edit through Redis. */
const DELIVERY_MS = 3_000;

type App = Gateway['app'];
type Summary = { id: string; slug: string; title: string; view_count: number };

let gateway: Gateway;
let peer: App;
let admin: Record<string, string>;

beforeAll(async () => {
  gateway = await startGateway({}, { blogCache: { ttlMs: LONG_TTL_MS } });
  peer = await startPeer(gateway, {}, { blogCache: { ttlMs: LONG_TTL_MS } });
  admin = (await signedInUser(gateway, { role: 'admin' }, 'admin')).headers;
});
afterAll(async () => {
  await peer?.close();
  await gateway?.close();
});

let seq = 0;
/** A category and search word no other test uses, so every test has answers of its own. */
function fresh() {
  seq += 1;
  return { category: `cache-${seq}`, word: `quokka${seq}x`, slug: `cache-post-${seq}` };
}

async function get(app: App, url: string) {
  const response = await app.inject({ method: 'GET', url });
  expect(response.statusCode, `${url}: ${response.body}`).toBe(200);
  return response.json();
}
const titles = async (app: App, url: string) =>
  ((await get(app, url)).data as Summary[]).map((post) => post.title);
const postTitle = async (app: App, url: string) => (await get(app, url)).post.title as string;

/** A published post written straight to the database. */
async function insertPost(data: { slug: string; category: string; title: string; language?: 'EN' | 'ZH' }) {
  return gateway.db.prisma.blogPost.create({
    data: { language: 'EN', content: '<p>Body</p>', status: 'published', publishedAt: new Date(), ...data },
  });
}
/** An edit behind the gateways' backs: nothing announces it. */
const retitle = (id: string, title: string) =>
  gateway.db.prisma.blogPost.update({ where: { id }, data: { title } });

async function adminWrite(app: App, method: 'POST' | 'PATCH', url: string, payload: object) {
  const response = await app.inject({ method, url: `/api/admin/blog/posts${url}`, headers: admin, payload });
  expect(response.statusCode, response.body).toBeLessThan(300);
  return response.json();
}

// No admin write in this block: the answers stay until the TTL (announcements from the writes
// further down would clear them).
describe('one process', () => {
  it('answers a repeated list, search and post from memory, without reading the database', async () => {
    const { category, word, slug } = fresh();
    const row = await insertPost({ slug, category, title: `First ${word}` });
    const list = `/api/blog/posts?language=en&category=${category}`;
    const search = `/api/blog/posts?language=en&q=${word}`;
    const post = `/api/blog/posts/${slug}?language=en`;
    expect(await titles(gateway.app, list)).toEqual([`First ${word}`]);
    expect(await titles(gateway.app, search)).toEqual([`First ${word}`]);
    expect(await postTitle(gateway.app, post)).toBe(`First ${word}`);

    await retitle(row.id, 'Changed in the database');
    expect(await titles(gateway.app, list)).toEqual([`First ${word}`]);
    expect(await titles(gateway.app, search)).toEqual([`First ${word}`]);
    expect(await postTitle(gateway.app, post)).toBe(`First ${word}`);
    // Another process has answers of its own, read now.
    expect(await titles(peer, list)).toEqual(['Changed in the database']);
  });

  it('keeps the answers when a view is counted (view counts may be a TTL old)', async () => {
    const { category, slug } = fresh();
    const row = await insertPost({ slug, category, title: 'Viewed' });
    const list = `/api/blog/posts?language=en&category=${category}&sort=popular`;
    expect((await get(gateway.app, list)).data[0].view_count).toBe(0);
    await retitle(row.id, 'Changed in the database');
    const view = await gateway.app.inject({ method: 'POST', url: `/api/blog/posts/${row.id}/view` });
    expect(view.json()).toEqual({ view_count: 1 });
    const again = (await get(gateway.app, list)).data[0];
    expect(again).toMatchObject({ title: 'Viewed', view_count: 0 });
  });

  it('keys a list on the validated query: spellings the schema reads alike share one answer', async () => {
    const { category, slug } = fresh();
    const row = await insertPost({ slug, category, title: '之前', language: 'ZH' });
    expect(await titles(gateway.app, `/api/blog/posts?language=zh&category=${category}`)).toEqual(['之前']);
    await retitle(row.id, '之后');
    const spellings = [
      `/api/blog/posts?language=%7A%68&category=${category}`,
      `/api/blog/posts?category=${category}&language=zh`,
      `/api/blog/posts?language=zh&category=%20${category}%20`,
      `/api/blog/posts?language=zh&category=${category}&sort=newest&q=`,
      `/api/blog/posts?language=zh&category=${category}&utm_source=mail&_=${Date.now()}`,
      `/api/blog/posts/?language=zh&category=${category}`,
      `http://app.test/api/blog/posts?language=zh&category=${category}`,
    ];
    for (const url of spellings) expect(await titles(gateway.app, url), url).toEqual(['之前']);
    // Other queries are other answers: read now.
    expect(await titles(gateway.app, `/api/blog/posts?language=zh&category=${category}&sort=oldest`)).toEqual(
      ['之后'],
    );
  });

  it('keys a post on the decoded slug and the validated language', async () => {
    const { category, slug } = fresh();
    const row = await insertPost({ slug, category, title: 'Before', language: 'ZH' });
    expect(await postTitle(gateway.app, `/api/blog/posts/${slug}?language=zh`)).toBe('Before');
    await retitle(row.id, 'After');
    const encoded = [...slug].map((c) => `%${c.charCodeAt(0).toString(16)}`).join('');
    for (const url of [
      `/api/blog/posts/${encoded}?language=%7A%68`,
      `/api/blog/posts/${slug}/?language=zh&utm_source=x`,
    ]) {
      expect(await postTitle(gateway.app, url), url).toBe('Before');
    }
    expect(await postTitle(gateway.app, `/api/blog/posts/${slug}?language=zh`)).toBe('Before');
  });

  it('answers an invalid query 400 without taking a place in the cache', async () => {
    // One answer of each kind per process: anything else stored would push the kept one out.
    const small = await startPeer(gateway, {}, { blogCache: { ttlMs: LONG_TTL_MS, maxEntries: 1 } });
    try {
      const { category, slug } = fresh();
      const row = await insertPost({ slug, category, title: 'Kept' });
      const list = `/api/blog/posts?language=en&category=${category}`;
      const post = `/api/blog/posts/${slug}?language=en`;
      expect(await titles(small, list)).toEqual(['Kept']);
      expect(await postTitle(small, post)).toBe('Kept');
      await retitle(row.id, 'Changed in the database');
      const cursor = Buffer.from(JSON.stringify({ s: 'newest', t: 1, i: row.id })).toString('base64url');
      for (const url of [
        `/api/blog/posts?language=ZH&category=${category}`,
        `/api/blog/posts?language=en&language=en&category=${category}`,
        `/api/blog/posts?language=en&category=${category}&sort=Newest`,
        `/api/blog/posts?language=en&category=${category}&cursor=not!a!cursor`,
        `/api/blog/posts?language=en&category=${category}&sort=oldest&cursor=${cursor}`,
        `/api/blog/posts?language=en&category=${category}&cursor=${'x'.repeat(300)}`,
        `/api/blog/posts/${slug}?language=fr`,
      ]) {
        const response = await small.inject({ method: 'GET', url });
        expect(response.statusCode, url).toBe(400);
      }
      expect((await small.inject({ method: 'GET', url: '/api/blog/posts/no-such-post' })).statusCode).toBe(
        404,
      );
      expect(await titles(small, list)).toEqual(['Kept']);
      expect(await postTitle(small, post)).toBe('Kept');
    } finally {
      await small.close();
    }
  });

  it('keeps no 404: a post that appears is served at once', async () => {
    const { category, slug } = fresh();
    const url = `/api/blog/posts/${slug}?language=en`;
    expect((await gateway.app.inject({ method: 'GET', url })).statusCode).toBe(404);
    await insertPost({ slug, category, title: 'Appeared' });
    expect(await postTitle(gateway.app, url)).toBe('Appeared');
  });

  it('reads an answer again once its TTL has passed', async () => {
    const ttlMs = 300;
    const quick = await startPeer(gateway, {}, { blogCache: { ttlMs } });
    try {
      const { category, slug } = fresh();
      const row = await insertPost({ slug, category, title: 'Early' });
      const list = `/api/blog/posts?language=en&category=${category}`;
      const post = `/api/blog/posts/${slug}?language=en`;
      expect(await titles(quick, list)).toEqual(['Early']);
      expect(await postTitle(quick, post)).toBe('Early');
      const changedAt = Date.now();
      await retitle(row.id, 'Late');
      expect(await titles(quick, list)).toEqual(['Early']);
      expect(await postTitle(quick, post)).toBe('Early');
      await waitFor(async () => (await titles(quick, list))[0] === 'Late', {
        timeoutMs: 3_000,
        intervalMs: 25,
      });
      // The post's answer was cached after the list's, so it may outlive it by the time between the two
      // reads (long on a loaded machine): it too is read again once its own TTL has passed.
      await waitFor(async () => (await postTitle(quick, post)) === 'Late', {
        timeoutMs: 3_000,
        intervalMs: 25,
      });
      expect(Date.now() - changedAt).toBeLessThan(3_000);
    } finally {
      await quick.close();
    }
  });
});

describe('admin writes', () => {
  it('show a create, an edit, an unpublish and a publish at once in the list, search and post', async () => {
    const { category, word, slug } = fresh();
    const list = `/api/blog/posts?language=en&category=${category}`;
    const search = `/api/blog/posts?language=en&q=${word}`;
    const post = `/api/blog/posts/${slug}?language=en`;
    // The language's stat tiles, as served and as the database counts them.
    const stats = async () =>
      [
        (await get(gateway.app, list)).stats.total as number,
        await gateway.db.prisma.blogPost.count({ where: { language: 'EN', status: 'published' } }),
      ] as const;
    expect(await titles(gateway.app, list)).toEqual([]);
    expect(await titles(gateway.app, search)).toEqual([]);

    const created = await adminWrite(gateway.app, 'POST', '', {
      slug,
      language: 'en',
      category,
      title: `Created ${word}`,
      content: 'x',
      status: 'published',
    });
    expect(await titles(gateway.app, list)).toEqual([`Created ${word}`]);
    expect(await titles(gateway.app, search)).toEqual([`Created ${word}`]);
    expect(await postTitle(gateway.app, post)).toBe(`Created ${word}`);
    const [served, counted] = await stats();
    expect(served).toBe(counted);

    await adminWrite(gateway.app, 'PATCH', `/${created.id}`, { title: `Edited ${word}` });
    expect(await titles(gateway.app, list)).toEqual([`Edited ${word}`]);
    expect(await titles(gateway.app, search)).toEqual([`Edited ${word}`]);
    expect(await postTitle(gateway.app, post)).toBe(`Edited ${word}`);

    await adminWrite(gateway.app, 'PATCH', `/${created.id}`, { status: 'draft' });
    expect(await titles(gateway.app, list)).toEqual([]);
    expect(await titles(gateway.app, search)).toEqual([]);
    expect((await gateway.app.inject({ method: 'GET', url: post })).statusCode).toBe(404);
    expect(await stats()).toEqual([counted - 1, counted - 1]);

    await adminWrite(gateway.app, 'PATCH', `/${created.id}`, { status: 'published' });
    expect(await titles(gateway.app, list)).toEqual([`Edited ${word}`]);
    expect(await titles(gateway.app, search)).toEqual([`Edited ${word}`]);
    expect(await postTitle(gateway.app, post)).toBe(`Edited ${word}`);
  });

  it("clear the other processes' answers through Redis", async () => {
    const { category, word, slug } = fresh();
    const list = `/api/blog/posts?language=en&category=${category}`;
    const search = `/api/blog/posts?language=en&q=${word}`;
    expect(await titles(peer, list)).toEqual([]);
    expect(await titles(peer, search)).toEqual([]);

    const created = await adminWrite(gateway.app, 'POST', '', {
      slug,
      language: 'en',
      category,
      title: `Published ${word}`,
      content: 'x',
      status: 'published',
    });
    await waitFor(async () => (await titles(peer, list)).length === 1, {
      timeoutMs: DELIVERY_MS,
      intervalMs: 20,
    });
    expect(await titles(peer, search)).toEqual([`Published ${word}`]);
    expect(await postTitle(peer, `/api/blog/posts/${slug}?language=en`)).toBe(`Published ${word}`);

    // And the other way round, the post answer included.
    await adminWrite(peer, 'PATCH', `/${created.id}`, { status: 'draft' });
    expect(await titles(peer, list)).toEqual([]);
    await waitFor(async () => (await titles(gateway.app, list)).length === 0, {
      timeoutMs: DELIVERY_MS,
      intervalMs: 20,
    });
    await adminWrite(gateway.app, 'PATCH', `/${created.id}`, { status: 'published', title: `Back ${word}` });
    await waitFor(
      async () =>
        (await peer.inject({ method: 'GET', url: `/api/blog/posts/${slug}?language=en` })).statusCode === 200,
      { timeoutMs: DELIVERY_MS, intervalMs: 20 },
    );
    expect(await postTitle(peer, `/api/blog/posts/${slug}?language=en`)).toBe(`Back ${word}`);
  });

  it('clear the answers of a process without Redis (REDIS_URL unset)', async () => {
    const alone = await startPeer(gateway, { REDIS_URL: undefined }, { blogCache: { ttlMs: LONG_TTL_MS } });
    try {
      const { category, slug } = fresh();
      const row = await insertPost({ slug, category, title: 'Original' });
      const post = `/api/blog/posts/${slug}?language=en`;
      expect(await postTitle(alone, post)).toBe('Original');
      await retitle(row.id, 'Changed in the database');
      expect(await postTitle(alone, post)).toBe('Original');
      await adminWrite(alone, 'PATCH', `/${row.id}`, { title: 'Edited' });
      expect(await postTitle(alone, post)).toBe('Edited');
    } finally {
      await alone.close();
    }
  });

  it('keep working in a process cut off from Redis, which catches up when Redis is back', async () => {
    const proxy = await redisProxy(gateway.config.REDIS_URL!);
    const cutOff = await startPeer(gateway, { REDIS_URL: proxy.url }, { blogCache: { ttlMs: LONG_TTL_MS } });
    try {
      const { category, slug } = fresh();
      const row = await insertPost({ slug, category, title: 'Original' });
      const list = `/api/blog/posts?language=en&category=${category}`;
      expect(await titles(cutOff, list)).toEqual(['Original']);
      await retitle(row.id, 'Changed in the database');
      expect(await titles(cutOff, list)).toEqual(['Original']);

      // Its own edits still clear its own answers, and the admin gets an answer.
      await adminWrite(cutOff, 'PATCH', `/${row.id}`, { title: 'Edited while cut off' });
      expect(await titles(cutOff, list)).toEqual(['Edited while cut off']);
      // Another process's edit does not reach it...
      await adminWrite(gateway.app, 'PATCH', `/${row.id}`, { title: 'Edited elsewhere' });
      expect(await titles(cutOff, list)).toEqual(['Edited while cut off']);

      // ...until Redis answers again: what it missed is dropped, and the next edits reach it.
      await proxy.open();
      await waitFor(async () => (await titles(cutOff, list))[0] === 'Edited elsewhere', {
        timeoutMs: 10_000,
        intervalMs: 50,
        message: 'the reconnected process to drop what it missed',
      });
      await adminWrite(gateway.app, 'PATCH', `/${row.id}`, { title: 'Edited after' });
      await waitFor(async () => (await titles(cutOff, list))[0] === 'Edited after', {
        timeoutMs: DELIVERY_MS,
        intervalMs: 20,
      });
    } finally {
      await cutOff.close();
      await proxy.close();
    }
  }, 30_000);
});
