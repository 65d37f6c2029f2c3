import { loadConfig } from '@app/config';
import { createLogger } from '@app/logger';
import {
  createProducer,
  createQueueTransport,
  type Producer,
  type QueueTransport,
  type RunningService,
} from '@app/queue';
import {
  cleanupPrefix,
  createTestDatabase,
  type FakeOpenAI,
  startFakeOpenAI,
  type TestDatabase,
  testTransportOptions,
  waitFor,
} from '@app/testing';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { summarizerConfigSchema } from '../src/config.ts';
import { startService } from '../src/service.ts';

let db: TestDatabase;
let openai: FakeOpenAI;
let transport: QueueTransport;
let producer: Producer;
const options = () => testTransportOptions(db.url);

/** The fake provider's embeddings: texts about the same event point the same way, in any language. */
const EVENT_WORDS: [RegExp, number][] = [
  [/orbitdb/i, 0],
  [/rust/i, 1],
];
function eventEmbedding(text: string): number[] {
  const vector = new Array<number>(8).fill(0.01);
  for (const [pattern, axis] of EVENT_WORDS) if (pattern.test(text)) vector[axis] = 1;
  return vector;
}

beforeAll(async () => {
  db = await createTestDatabase();
  openai = await startFakeOpenAI({
    // Summaries come back as the post's own title so the test controls the text clustered.
    chat: (request) => {
      const user = String(request.messages.at(-1)?.content ?? '');
      const title = /Title: (.*)/.exec(user)?.[1] ?? 'Untitled';
      return { headline: title, content: user.slice(0, 400) };
    },
    embedding: (text) => eventEmbedding(text),
  });
  transport = createQueueTransport(options());
  producer = createProducer(transport);
});

afterAll(async () => {
  await producer?.close();
  await transport?.close();
  await cleanupPrefix(options().prefix);
  await openai?.close();
  await db?.drop();
});

async function start(env: Record<string, string>): Promise<RunningService> {
  const config = loadConfig(summarizerConfigSchema, {
    NODE_ENV: 'test',
    DATABASE_URL: db.url,
    REDIS_URL: options().redisUrl,
    HEALTH_PORT: '0',
    ...env,
  });
  return startService(config, {
    prisma: db.prisma,
    prefix: options().prefix,
    logger: createLogger('summarizer', { level: process.env.TEST_LOG_LEVEL ?? 'silent' }),
  });
}

let counter = 0;
async function post(language: 'EN' | 'ZH', title: string, content: string, publishedAt: string) {
  counter += 1;
  const topic = await db.prisma.topic.upsert({
    where: { slug: 'tech' },
    create: { slug: 'tech', name: 'Tech', description: '' },
    update: {},
  });
  const datasource = await db.prisma.datasource.create({
    data: {
      topicId: topic.id,
      platform: 'blog',
      sourceName: `Outlet ${counter}`,
      sourceUrl: `https://outlet${counter}.example/feed`,
      language,
    },
  });
  return db.prisma.post.create({
    data: {
      datasourceId: datasource.id,
      url: `https://outlet${counter}.example/p/${counter}`,
      urlHash: `story-hash-${counter}`,
      title,
      content,
      publishedAt: new Date(publishedAt),
    },
  });
}

const storyOf = async (postId: string) =>
  (await db.prisma.summary.findFirst({ where: { postId }, select: { storyId: true } }))?.storyId ?? null;

describe('story clustering in the summarizer', () => {
  it('offline: a stored summary is clustered by its own job; other outlets join, cross-language stays apart', async () => {
    const service = await start({});
    try {
      const a = await post(
        'EN',
        'Cloudscale acquires OrbitDB for $420 million',
        '<p>Cloudscale has agreed to buy the database startup OrbitDB for $420 million in cash and stock. OrbitDB makes a serverless Postgres service.</p>',
        '2026-06-01T10:00:00Z',
      );
      const b = await post(
        'EN',
        'OrbitDB sold to Cloudscale in $420M deal',
        '<p>The serverless Postgres startup OrbitDB is being acquired by Cloudscale in a $420 million cash and stock deal.</p>',
        '2026-06-01T15:00:00Z',
      );
      const c = await post(
        'EN',
        'Rust 2030 edition released',
        '<p>The Rust team ships the 2030 edition with stable async closures.</p>',
        '2026-06-01T16:00:00Z',
      );
      const zh = await post(
        'ZH',
        'Cloudscale 以 4.2 亿美元收购 OrbitDB',
        '<p>Cloudscale 宣布以 4.2 亿美元收购数据库公司 OrbitDB。</p>',
        '2026-06-01T18:00:00Z',
      );
      for (const p of [a, b, c, zh]) await producer.enqueue('summarize-post', { postId: p.id });
      await waitFor(async () => (await Promise.all([a, b, c, zh].map((p) => storyOf(p.id)))).every(Boolean), {
        timeoutMs: 30_000,
      });
      const [sa, sb, sc, szh] = await Promise.all([a, b, c, zh].map((p) => storyOf(p.id)));
      expect(sb).toBe(sa);
      expect(sc).not.toBe(sa);
      // No LLM provider: cross-language matching is off, the Chinese report is its own story.
      expect(szh).not.toBe(sa);
      const story = await db.prisma.story.findUniqueOrThrow({ where: { id: sa! } });
      expect(story.summaryCount).toBe(2);
    } finally {
      await service.close();
    }
  });

  it('with an embeddings provider, a Chinese report joins the English story', async () => {
    const service = await start({ OPENAI_API_KEY: 'test', OPENAI_BASE_URL: openai.baseURL });
    try {
      const en = await post(
        'EN',
        'Rust 1.120 brings the Rust 2031 edition',
        'Async closures become stable in the Rust 2031 edition.',
        '2026-07-01T10:00:00Z',
      );
      const zh = await post(
        'ZH',
        'Rust 2031 版本正式发布',
        'Rust 团队发布新版本，异步闭包正式稳定。',
        '2026-07-01T20:00:00Z',
      );
      await producer.enqueue('summarize-post', { postId: en.id });
      await waitFor(async () => Boolean(await storyOf(en.id)), { timeoutMs: 30_000 });
      await producer.enqueue('summarize-post', { postId: zh.id });
      await waitFor(async () => Boolean(await storyOf(zh.id)), { timeoutMs: 30_000 });
      expect(await storyOf(zh.id)).toBe(await storyOf(en.id));
      const summary = await db.prisma.summary.findFirstOrThrow({ where: { postId: zh.id } });
      const print = await db.prisma.summaryFingerprint.findUniqueOrThrow({
        where: { summaryId: summary.id },
      });
      expect(print.matchMethod).toBe('embedding');
      expect(openai.requests.some((r) => r.path === '/v1/embeddings')).toBe(true);
    } finally {
      await service.close();
    }
  });

  it('the backlog job clusters summaries stored without a story (the backfill)', async () => {
    const service = await start({});
    try {
      const created = await Promise.all(
        ['Backfill one: OrbitDB outage hits Europe', 'OrbitDB outage hits Europe, backfill two'].map(
          (headline) =>
            db.prisma.summary.create({
              data: {
                headline,
                content: 'OrbitDB serverless Postgres was down across Europe for two hours.',
                summaryType: 'blog_post',
                language: 'EN',
              },
            }),
        ),
      );
      // A batch of one: the full batch queues the next, which clusters the second summary.
      await producer.enqueue('cluster-backlog', { limit: 1 });
      await waitFor(
        async () =>
          (await db.prisma.summary.count({
            where: { id: { in: created.map((s) => s.id) }, storyId: null },
          })) === 0,
        { timeoutMs: 30_000 },
      );
      const stories = await db.prisma.summary.findMany({ where: { id: { in: created.map((s) => s.id) } } });
      expect(new Set(stories.map((s) => s.storyId)).size).toBe(1);
    } finally {
      await service.close();
    }
  });
});
