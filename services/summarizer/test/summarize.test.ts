import { createLlm } from '@app/llm';
import { createLogger } from '@app/logger';
import { createTestDatabase, type FakeOpenAI, startFakeOpenAI, type TestDatabase } from '@app/testing';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { summarizeDatasourceDay } from '../src/summarize-day.ts';
import { summarizePost, summarizePosts } from '../src/summarize-post.ts';

let db: TestDatabase;
let openai: FakeOpenAI;
let topicId: string;
const log = createLogger('test', { level: 'silent' });
const offline = { llm: createLlm({}), log, maxInputChars: 10_000 };

beforeAll(async () => {
  db = await createTestDatabase();
  openai = await startFakeOpenAI({ chat: () => ({ headline: 'From the model', content: '- one\n- two' }) });
  topicId = (await db.prisma.topic.create({ data: { slug: 'ai', name: 'AI', description: '' } })).id;
});
afterAll(async () => {
  await openai?.close();
  await db?.drop();
});

let counter = 0;
async function newPost(
  platform: 'blog' | 'youtube' | 'podcast' | 'reddit',
  language: 'EN' | 'ZH',
  content: string,
  extra: object = {},
) {
  counter += 1;
  const datasource = await db.prisma.datasource.create({
    data: {
      topicId,
      platform,
      sourceName: `src ${counter}`,
      sourceUrl: `https://example.com/feed${counter}`,
      language,
    },
  });
  const post = await db.prisma.post.create({
    data: {
      datasourceId: datasource.id,
      url: `https://example.com/p/${counter}`,
      urlHash: `hash-${counter}`,
      title: language === 'ZH' ? '大模型交互系统' : 'Postgres 18 ships async I/O',
      content,
      author: 'Ann',
      publishedAt: new Date('2026-11-20T10:00:00Z'),
      ...extra,
    },
  });
  return { datasource, post };
}

describe('summarize-post', () => {
  it('offline: an extractive summary in English, labelled as such, with the spec metadata', async () => {
    const { post, datasource } = await newPost(
      'blog',
      'EN',
      '<p>Postgres 18 ships asynchronous I/O.</p><p>The weather was nice today.</p><p>Asynchronous I/O makes Postgres sequential scans much faster.</p>',
    );
    const outcome = await summarizePost(
      { ...offline, prisma: db.prisma },
      { postId: post.id, lastAttempt: false },
    );
    expect(outcome).toMatchObject({ status: 'created', generator: 'extractive' });
    const summary = await db.prisma.summary.findFirstOrThrow({ where: { postId: post.id } });
    expect(summary).toMatchObject({
      summaryType: 'blog_post',
      language: 'EN',
      headline: post.title,
      sourceUrls: [post.url],
    });
    expect(summary.content).toMatch(/^- /);
    expect(summary.metadata).toMatchObject({
      platform: 'blog',
      source_name: datasource.sourceName,
      topic_name: 'AI',
      topic_id: topicId,
      datasource_id: datasource.id,
      post_title: post.title,
      post_url: post.url,
      author: 'Ann',
      published_at: '2026-11-20T10:00:00.000Z',
      generator: 'extractive',
    });
    expect((await db.prisma.post.findUniqueOrThrow({ where: { id: post.id } })).status).toBe('summarized');
  });

  it('offline: Chinese text is split on Chinese punctuation', async () => {
    const { post } = await newPost(
      'youtube',
      'ZH',
      '<p>美团发布了大模型交互系统。这个系统提升了客服效率。今天天气很好。大模型交互系统的效率提升明显。</p>',
    );
    await summarizePost({ ...offline, prisma: db.prisma }, { postId: post.id, lastAttempt: false });
    const summary = await db.prisma.summary.findFirstOrThrow({ where: { postId: post.id } });
    expect(summary).toMatchObject({ summaryType: 'youtube_video', language: 'ZH' });
    expect(summary.content).toContain('大模型交互系统');
    expect(summary.metadata).toMatchObject({ video_title: post.title });
  });

  it('LLM: uses the model, and is idempotent per post and language', async () => {
    const llm = createLlm({ baseURL: openai.baseURL, apiKey: 'k', model: 'fake', maxRetries: 0 });
    const { post } = await newPost('podcast', 'EN', '<p>An episode about databases. It covers Postgres.</p>');
    const deps = { prisma: db.prisma, llm, log, maxInputChars: 10_000 };
    const first = await summarizePost(deps, { postId: post.id, lastAttempt: false });
    const second = await summarizePost(deps, { postId: post.id, lastAttempt: false });
    expect(first).toMatchObject({ status: 'created', generator: 'llm' });
    expect(second).toMatchObject({ status: 'exists' });
    const rows = await db.prisma.summary.findMany({ where: { postId: post.id } });
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({
      headline: 'From the model',
      content: '- one\n- two',
      summaryType: 'podcast',
    });
    expect(rows[0]!.metadata).toMatchObject({ generator: 'llm', model: 'fake', episode_title: post.title });
    const sent = JSON.stringify(openai.requests.at(-1)!.body);
    expect(sent).toContain('An episode about databases');
  });

  it('LLM failure: the job retries; on its last attempt the offline summary is used', async () => {
    const llm = createLlm({ baseURL: openai.baseURL, apiKey: 'k', maxRetries: 0 });
    const { post } = await newPost('blog', 'EN', '<p>Some content about scaling. Scaling is hard.</p>');
    const deps = { prisma: db.prisma, llm, log, maxInputChars: 10_000 };
    openai.failNext(2, 500);
    await expect(summarizePost(deps, { postId: post.id, lastAttempt: false })).rejects.toThrow();
    expect(await db.prisma.summary.count({ where: { postId: post.id } })).toBe(0);
    const outcome = await summarizePost(deps, { postId: post.id, lastAttempt: true });
    expect(outcome).toMatchObject({ status: 'created', generator: 'extractive' });
    const summary = await db.prisma.summary.findFirstOrThrow({ where: { postId: post.id } });
    expect(summary.metadata).toMatchObject({ generator: 'extractive', llm_error: expect.any(String) });
  });
});

describe('summarize-posts', () => {
  it("a crawl's posts in one job: a failure leaves the rest done, and the retry does only what is left", async () => {
    const llm = createLlm({ baseURL: openai.baseURL, apiKey: 'k', model: 'fake', maxRetries: 0 });
    const deps = { prisma: db.prisma, llm, log, maxInputChars: 10_000 };
    const posts = [];
    for (let i = 0; i < 5; i++)
      posts.push((await newPost('blog', 'EN', `<p>Post ${i} about queues.</p>`)).post);
    const postIds = posts.map((p) => p.id);
    const progress: number[] = [];
    const before = openai.requests.length;
    openai.failNext(1, 500);
    await expect(
      summarizePosts(deps, {
        postIds,
        lastAttempt: false,
        concurrency: 2,
        onProgress: async (done) => {
          progress.push(done);
        },
      }),
    ).rejects.toThrow();
    // Every post was tried; one call failed, the other four have their summary.
    expect(openai.requests.length - before).toBe(5);
    expect(progress).toEqual([1, 2, 3, 4, 5]);
    expect(await db.prisma.summary.count({ where: { postId: { in: postIds } } })).toBe(4);

    const retried = await summarizePosts(deps, { postIds, lastAttempt: false, concurrency: 2 });
    expect(retried).toEqual({ created: 1, exists: 4, skipped: 0, failed: 0 });
    expect(openai.requests.length - before).toBe(6);
    const rows = await db.prisma.summary.groupBy({
      by: ['postId'],
      where: { postId: { in: postIds } },
      _count: { _all: true },
    });
    expect(rows.map((r) => r._count._all)).toEqual([1, 1, 1, 1, 1]);
    expect(await db.prisma.post.count({ where: { id: { in: postIds }, status: 'summarized' } })).toBe(5);
  });
});

describe('summarize-datasource-day', () => {
  it('one daily_subreddit summary per datasource and day, updated in place on a re-run', async () => {
    const { datasource, post } = await newPost(
      'reddit',
      'EN',
      '<p>Best photo thread. Post your photos here.</p>',
      {
        metadata: { score: 5 },
      },
    );
    await db.prisma.datasource.update({
      where: { id: datasource.id },
      data: { config: { subreddit: 'GalaxyS8' } },
    });
    const deps = { ...offline, prisma: db.prisma };
    const first = await summarizeDatasourceDay(deps, {
      datasourceId: datasource.id,
      date: '2026-11-20',
      lastAttempt: false,
    });
    expect(first).toMatchObject({ status: 'upserted', posts: 1 });
    await db.prisma.post.create({
      data: {
        datasourceId: datasource.id,
        url: 'https://example.com/p/extra',
        urlHash: 'extra',
        title: 'Second thread',
        content: '<p>More photos.</p>',
        publishedAt: new Date('2026-11-20T12:00:00Z'),
      },
    });
    await summarizeDatasourceDay(deps, {
      datasourceId: datasource.id,
      date: '2026-11-20',
      lastAttempt: false,
    });
    const rows = await db.prisma.summary.findMany({ where: { datasourceId: datasource.id } });
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({ summaryType: 'daily_subreddit', postId: null, language: 'EN' });
    expect(rows[0]!.content).toContain(`](${post.url})`);
    expect(rows[0]!.metadata).toMatchObject({
      subreddit: 'GalaxyS8',
      posts_count: 2,
      post_titles: [post.title, 'Second thread'],
      used_post_urls: [post.url, 'https://example.com/p/extra'],
      generator: 'extractive',
    });
    expect(await db.prisma.post.count({ where: { datasourceId: datasource.id, status: 'summarized' } })).toBe(
      2,
    );
  });

  it('titles an English day of a keyword source in English, a Chinese one by its stored name', async () => {
    const deps = { ...offline, prisma: db.prisma };
    const headlines: string[] = [];
    for (const [language, keyword] of [
      ['EN', 'system design'],
      ['ZH', '系统设计'],
    ] as const) {
      counter += 1;
      const datasource = await db.prisma.datasource.create({
        data: {
          topicId,
          platform: 'twitter',
          sourceName: `${keyword} 相关推文`,
          sourceUrl: keyword,
          language,
        },
      });
      await db.prisma.post.create({
        data: {
          datasourceId: datasource.id,
          url: `https://x.com/dev/status/${counter}`,
          urlHash: `keyword-${counter}`,
          title: 'Caches fail in interesting ways',
          content: '<p>Caches fail in interesting ways. Plan for it.</p>',
          publishedAt: new Date('2026-11-20T10:00:00Z'),
        },
      });
      await summarizeDatasourceDay(deps, {
        datasourceId: datasource.id,
        date: '2026-11-20',
        lastAttempt: false,
      });
      const summary = await db.prisma.summary.findFirstOrThrow({ where: { datasourceId: datasource.id } });
      headlines.push(summary.headline);
    }
    expect(headlines).toEqual([
      'Tweets about system design: the day in brief, 2026-11-20',
      '系统设计 相关推文 每日精选 2026-11-20',
    ]);
  });
});
