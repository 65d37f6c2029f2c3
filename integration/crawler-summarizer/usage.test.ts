import { waitFor } from '@app/testing';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type PipelineStack, startPipeline } from './pipeline-stack.ts';

// Usage records against the fake OpenAI server's own count of calls and tokens: one model call
// per new post and language, none when a re-crawl finds nothing new.

let stack: PipelineStack;
let topicId: string;

beforeAll(async () => {
  stack = await startPipeline({
    chat: () => ({ headline: 'LLM headline', content: '- point one\n- point two' }),
    // One dollar per million input tokens, two per million output tokens.
    summarizerEnv: { AI_PRICES: JSON.stringify({ 'fake-model': { input: 1, output: 2 } }) },
  });
  topicId = (await stack.db.prisma.topic.create({ data: { slug: 'usage', name: 'Usage', description: 'x' } }))
    .id;
});

afterAll(async () => {
  await stack?.close();
});

describe('usage of the summarizer', () => {
  it('records exactly one call per new post and language, priced, and none on an unchanged re-crawl', async () => {
    const { db, feeds, openai, crawl } = stack;
    const sources = await Promise.all(
      [
        { path: 'rss2-zh-meituan-tech.xml', language: 'ZH' as const },
        { path: 'rss2-script-tags-in-content.xml', language: 'EN' as const },
      ].map(({ path, language }) =>
        db.prisma.datasource.create({
          data: {
            topicId,
            platform: 'blog',
            sourceName: path,
            sourceUrl: `${feeds.url}/${path}`,
            language,
            config: {},
          },
        }),
      ),
    );
    for (const source of sources) expect((await crawl(source.id)).status).toBe('completed');
    const posts = await db.prisma.post.count();
    expect(posts).toBe(20);
    await waitFor(async () => (await db.prisma.summary.count()) === posts, {
      timeoutMs: 20_000,
      message: 'every post summarised',
    });

    const recorded = await db.prisma.aiUsage.findMany();
    expect(openai.counts.chatCalls).toBe(posts);
    // Besides the summaries, the story matcher asks for embeddings (cross-language matching is on
    // with a provider): each of those calls is recorded too, with the tokens the server reported.
    await waitFor(async () => (await db.prisma.summary.count({ where: { storyId: null } })) === 0, {
      timeoutMs: 20_000,
      message: 'every summary in a story',
    });
    await waitFor(
      async () =>
        (await db.prisma.aiUsage.count({ where: { feature: 'story_matching' } })) ===
        openai.counts.embeddingCalls,
      { timeoutMs: 20_000, message: 'every embeddings call recorded' },
    );
    expect(openai.counts.embeddingCalls).toBeGreaterThan(0);
    const matching = await db.prisma.aiUsage.findMany({ where: { feature: 'story_matching' } });
    expect(matching.reduce((total, r) => total + r.inputTokens, 0)).toBe(openai.counts.embeddingTokens);
    expect(matching.every((r) => r.success && r.costMicros === null)).toBe(true);
    const rows = recorded.filter((r) => r.feature !== 'story_matching');
    expect(rows).toHaveLength(posts);
    expect(new Set(rows.map((r) => r.feature))).toEqual(new Set(['summary']));
    expect(rows.every((r) => r.success && r.model === 'fake-model' && r.topicId === topicId)).toBe(true);
    expect(rows.every((r) => r.provider === '127.0.0.1')).toBe(true);
    const sum = (pick: (r: (typeof rows)[number]) => number | bigint | null) =>
      rows.reduce((total, r) => total + Number(pick(r) ?? 0), 0);
    expect(sum((r) => r.inputTokens)).toBe(openai.counts.promptTokens);
    expect(sum((r) => r.outputTokens)).toBe(openai.counts.completionTokens);
    expect(sum((r) => r.costMicros)).toBe(openai.counts.promptTokens + 2 * openai.counts.completionTokens);
    // One row per post and language: every summary is backed by one call.
    const perLanguage = await db.prisma.summary.groupBy({ by: ['language'], _count: true });
    expect(Object.fromEntries(perLanguage.map((g) => [g.language, g._count]))).toEqual({ EN: 10, ZH: 10 });

    const embeddingCalls = openai.counts.embeddingCalls;
    for (const source of sources)
      expect((await crawl(source.id)).metadata).toMatchObject({ not_modified: true });
    // Give a stray summarize job time to show itself before counting again.
    await new Promise((resolve) => setTimeout(resolve, 500));
    expect(openai.counts.chatCalls).toBe(posts);
    expect(await db.prisma.aiUsage.count({ where: { feature: 'summary' } })).toBe(posts);
    expect(openai.counts.embeddingCalls).toBe(embeddingCalls);
    expect(await db.prisma.aiUsage.count()).toBe(posts + embeddingCalls);
  });
});
