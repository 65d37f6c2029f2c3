import { createSqlRunner, type SqlRunner, type SqlStatement } from '@app/db';
import { createTestDatabase, type TestDatabase } from '@app/testing';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createCrawlStore, loadDatasources } from '../src/crawl-store.ts';
import type { CrawledPost } from '../src/platforms/index.ts';

let db: TestDatabase;
let topicId: string;

beforeAll(async () => {
  db = await createTestDatabase();
  topicId = (await db.prisma.topic.create({ data: { slug: 'store', name: 'Store' } })).id;
});
afterAll(async () => {
  await db?.drop();
});

/** The store on a runner that records each statement's name, as the crawler's would run them. */
function countingStore() {
  const run = createSqlRunner(db.prisma);
  const statements: string[] = [];
  const sql: SqlRunner = <T>(statement: SqlStatement) => {
    statements.push(statement.name ?? statement.text);
    return run<T>(statement);
  };
  return { store: createCrawlStore(sql), statements };
}

let made = 0;
async function sources(n: number): Promise<string[]> {
  const ids: string[] = [];
  for (let i = 0; i < n; i++) {
    made += 1;
    const source = await db.prisma.datasource.create({
      data: { topicId, platform: 'blog', sourceName: `S${made}`, sourceUrl: `https://s${made}.example/feed` },
    });
    ids.push(source.id);
  }
  return ids;
}

const post = (source: number, i: number, content = `<p>Post ${i}</p>`): CrawledPost => ({
  url: `https://s${source}.example/posts/${i}`,
  title: `Post ${i}`,
  content,
  author: null,
  publishedAt: new Date('2026-11-20T12:00:00Z'),
  metadata: {},
});

describe('crawl store', () => {
  it('loads the sources of concurrent crawls with one statement per 8 crawls, missing ones as null', async () => {
    const ids = await sources(9);
    const { store, statements } = countingStore();
    const missing = crypto.randomUUID();
    const loaded = await Promise.all([...ids, missing].map((id) => store.loadDatasource(id)));
    expect(loaded.map((d) => d?.id ?? null)).toEqual([...ids, null]);
    expect(loaded[0]).toMatchObject({ id: ids[0], platform: 'blog', topicId, isActive: true });
    expect(statements).toEqual(['crawler_load_datasources', 'crawler_load_datasources']);
  });

  it('stores concurrent crawls’ posts in one statement; a second crawl of one source waits for the first', async () => {
    const [a, b, c] = await sources(3);
    const { store, statements } = countingStore();
    const [first, second, third, again] = await Promise.all([
      store.storePosts(a!, [post(0, 1), post(0, 2)]),
      store.storePosts(b!, [post(1, 1)]),
      store.storePosts(c!, []),
      // The same source in the same turn (an admin crawl beside a scheduled one): same posts, changed content.
      store.storePosts(a!, [post(0, 1), post(0, 2, '<p>Edited</p>')]),
    ]);
    expect(first!.map((p) => [p.inserted, p.written, p.pending])).toEqual([
      [true, true, true],
      [true, true, true],
    ]);
    expect(second).toHaveLength(1);
    expect(third).toEqual([]);
    // Run after the first: nothing new, one row rewritten, both still waiting for their summary.
    const byHash = new Map(again!.map((p) => [p.urlHash, p]));
    expect(again).toHaveLength(2);
    expect(byHash.get(first![0]!.urlHash)).toMatchObject({
      id: first![0]!.id,
      inserted: false,
      written: false,
    });
    expect(byHash.get(first![1]!.urlHash)).toMatchObject({
      id: first![1]!.id,
      inserted: false,
      written: true,
    });
    expect(statements).toEqual(['crawler_store_posts', 'crawler_store_posts']);
    expect(await db.prisma.post.count({ where: { datasourceId: a! } })).toBe(2);
    const edited = await db.prisma.post.findUniqueOrThrow({ where: { id: first![1]!.id } });
    expect(edited.content).toBe('<p>Edited</p>');
  });

  it('stores every post of a statement whose posts span all its JSON parameters, a long post and Chinese text included', async () => {
    const [a, b, c] = await sources(3);
    const { store, statements } = countingStore();
    // About 1.3 M characters: more than the 16 parameters of 60,000 hold, so the last takes the rest.
    const english = (i: number) => `<p>${`Post ${i} of many. `.repeat(1_000)}</p>`;
    const chinese = (i: number) => `<p>${`第${i}篇：独立开发者的产品笔记。`.repeat(2_000)}</p>`;
    const long = `<p>${'A post longer than one parameter. '.repeat(5_000)}</p>`;
    const crawls = [
      { id: a!, posts: Array.from({ length: 40 }, (_, i) => post(0, i, english(i))) },
      { id: b!, posts: Array.from({ length: 20 }, (_, i) => post(1, i, chinese(i))) },
      { id: c!, posts: [post(2, 1), post(2, 2, long), post(2, 3)] },
    ];
    const stored = await Promise.all(crawls.map(({ id, posts }) => store.storePosts(id, posts)));
    expect(statements).toEqual(['crawler_store_posts']);
    expect(stored.map((s) => s.filter((p) => p.inserted).length)).toEqual([40, 20, 3]);
    for (const { id, posts } of crawls) {
      const rows = await db.prisma.post.findMany({
        where: { datasourceId: id },
        select: { url: true, content: true },
      });
      const content = new Map(rows.map((r) => [r.url, r.content]));
      expect(content.size).toBe(posts.length);
      for (const p of posts) expect(content.get(p.url)).toBe(p.content);
    }
  });

  it('fails only the crawl whose posts cannot be stored; the others in its statement are stored', async () => {
    const [a, b] = await sources(2);
    const { store } = countingStore();
    const gone = crypto.randomUUID(); // a source deleted meanwhile: its posts break the foreign key
    const settled = await Promise.allSettled([
      store.storePosts(a!, [post(0, 7)]),
      store.storePosts(gone, [post(9, 7)]),
      store.storePosts(b!, [post(1, 7)]),
    ]);
    expect(settled.map((s) => s.status)).toEqual(['fulfilled', 'rejected', 'fulfilled']);
    expect(await db.prisma.post.count({ where: { datasourceId: { in: [a!, b!] } } })).toBe(2);
  });

  it('records concurrent successes in one statement: task by id, or the day’s row', async () => {
    const [a, b] = await sources(2);
    const now = new Date('2026-11-24T08:00:00Z');
    const task = await db.prisma.processingTask.create({
      data: { datasourceId: a!, targetDate: new Date('2026-11-24T00:00:00Z'), status: 'processing' },
    });
    await db.prisma.datasource.update({ where: { id: b! }, data: { etag: '"old"', consecutiveFailures: 3 } });
    const { store, statements } = countingStore();
    await Promise.all([
      store.recordSuccess({
        datasourceId: a!,
        now,
        intervalSeconds: 3600,
        validators: { etag: '"v2"', lastModified: 'Tue, 24 Nov 2026 07:00:00 GMT' },
        task: { id: task.id, targetDate: '2026-11-24', postsFound: 5, metadata: { inserted: 5 } },
      }),
      store.recordSuccess({
        datasourceId: b!,
        now,
        intervalSeconds: 600,
        validators: null,
        task: { targetDate: '2026-11-24', postsFound: 0, metadata: { not_modified: true } },
      }),
    ]);
    expect(statements).toEqual(['crawler_record_successes']);
    const [sa, sb] = await Promise.all([
      db.prisma.datasource.findUniqueOrThrow({ where: { id: a! } }),
      db.prisma.datasource.findUniqueOrThrow({ where: { id: b! } }),
    ]);
    expect(sa).toMatchObject({
      etag: '"v2"',
      lastModified: 'Tue, 24 Nov 2026 07:00:00 GMT',
      lastSuccessAt: now,
      nextCheckAt: new Date(now.getTime() + 3600_000),
    });
    // A 304 keeps the stored validators and clears the failure count.
    expect(sb).toMatchObject({
      etag: '"old"',
      consecutiveFailures: 0,
      nextCheckAt: new Date(now.getTime() + 600_000),
    });
    expect(await db.prisma.processingTask.findUniqueOrThrow({ where: { id: task.id } })).toMatchObject({
      status: 'completed',
      postsFound: 5,
      metadata: { inserted: 5 },
    });
    const day = await db.prisma.processingTask.findFirstOrThrow({ where: { datasourceId: b! } });
    expect(day).toMatchObject({ status: 'completed', attempts: 1, metadata: { not_modified: true } });
  });
});

describe('loading a datasource', () => {
  it('reads every column the model has, as Prisma would, platform ids included', async () => {
    const source = await db.prisma.datasource.create({
      data: {
        topicId,
        platform: 'twitter_rss',
        sourceName: 'twitter_rss feed.xml',
        sourceUrl: 'https://bridge.example/feed.xml',
        language: 'ZH',
        config: { rss_mode: true },
      },
    });
    await db.prisma.datasource.update({
      where: { id: source.id },
      data: { etag: '"v1"', lastErrorClass: 'timeout', lastSuccessAt: new Date(), consecutiveFailures: 2 },
    });
    const expected = await db.prisma.datasource.findUniqueOrThrow({ where: { id: source.id } });
    // A column added to the model but not to the crawler's SELECT fails here.
    const missing = crypto.randomUUID();
    expect(await loadDatasources(createSqlRunner(db.prisma), [missing, source.id])).toEqual([null, expected]);
  });
});
