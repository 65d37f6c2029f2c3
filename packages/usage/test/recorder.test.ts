import { createLlm } from '@app/llm';
import { createLogger } from '@app/logger';
import { createTestDatabase, type FakeOpenAI, startFakeOpenAI, type TestDatabase } from '@app/testing';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { costMicros, createUsageRecorder, DEFAULT_PRICE_TABLE, priceTableEnv } from '../src/index.ts';

let db: TestDatabase;
let openai: FakeOpenAI;
const log = createLogger('test', { level: 'silent' });
const prices = { priced: { input: 1, output: 4 }, 'tts-x': { characters: 15 } };

beforeAll(async () => {
  db = await createTestDatabase();
  openai = await startFakeOpenAI({ chat: () => ({ answer: 'yes' }) });
});
afterAll(async () => {
  await openai?.close();
  await db?.drop();
});
beforeEach(async () => {
  await db.prisma.aiUsage.deleteMany();
  openai.resetCounts();
});

describe('price table', () => {
  it('prices tokens and characters per million, knows no price for an unlisted model, and offline is free', () => {
    const call = { provider: 'openai', inputTokens: 1_000_000, outputTokens: 500_000, characters: 0 };
    expect(costMicros(prices, { ...call, model: 'priced' })).toBe(3_000_000);
    expect(
      costMicros(prices, { ...call, model: 'tts-x', inputTokens: 0, outputTokens: 0, characters: 2000 }),
    ).toBe(30_000);
    expect(costMicros(prices, { ...call, model: 'unlisted' })).toBeNull();
    expect(costMicros(prices, { ...call, provider: 'offline', model: 'extractive' })).toBe(0);
  });

  it('reads AI_PRICES as JSON, defaults when unset and rejects a bad table', () => {
    const schema = z.object({ AI_PRICES: priceTableEnv });
    expect(schema.parse({}).AI_PRICES).toEqual(DEFAULT_PRICE_TABLE);
    expect(schema.parse({ AI_PRICES: '{"m":{"input":0.5}}' }).AI_PRICES).toEqual({ m: { input: 0.5 } });
    expect(schema.safeParse({ AI_PRICES: 'not json' }).success).toBe(false);
    expect(schema.safeParse({ AI_PRICES: '{"m":{"input":-1}}' }).success).toBe(false);
    expect(schema.safeParse({ AI_PRICES: '{"m":{}}' }).success).toBe(false);
  });
});

describe('recorder', () => {
  it('records a model call with the tokens the provider reported, and its cost', async () => {
    const recorder = createUsageRecorder({ prisma: db.prisma, prices, log });
    const llm = createLlm({ baseURL: openai.baseURL, apiKey: 'k', model: 'priced', maxRetries: 0 }).withUsage(
      recorder.record,
    );
    const topic = await db.prisma.topic.create({ data: { slug: 't', name: 'T', description: '' } });
    await llm.generateObject([{ role: 'user', content: 'Is it?' }], z.object({ answer: z.string() }), {
      usage: { feature: 'story_matching', topicId: topic.id },
    });
    const [row] = await db.prisma.aiUsage.findMany();
    expect(row).toMatchObject({
      feature: 'story_matching',
      provider: '127.0.0.1',
      model: 'priced',
      inputTokens: openai.counts.promptTokens,
      outputTokens: openai.counts.completionTokens,
      success: true,
      topicId: topic.id,
    });
    expect(Number(row!.costMicros)).toBe(openai.counts.promptTokens + 4 * openai.counts.completionTokens);
  });

  it('records a failed call as failed, and an unknown model with cost unknown', async () => {
    const recorder = createUsageRecorder({ prisma: db.prisma, prices, log });
    const llm = createLlm({
      baseURL: openai.baseURL,
      apiKey: 'k',
      model: 'mystery',
      maxRetries: 0,
    }).withUsage(recorder.record);
    openai.failNext(1, 500, 'boom');
    await expect(
      llm.generateText([{ role: 'user', content: 'a' }], { usage: { feature: 'summary' } }),
    ).rejects.toThrow();
    await llm.generateText([{ role: 'user', content: 'b' }], { usage: { feature: 'summary' } });
    const rows = await db.prisma.aiUsage.findMany({ orderBy: { createdAt: 'asc' } });
    expect(rows.map((r) => [r.success, r.costMicros])).toEqual([
      [false, null],
      [true, null],
    ]);
    expect(rows[0]!.errorMessage).toContain('boom');
  });

  it('records offline fallbacks with cost 0, so results made without a model can be counted', async () => {
    const recorder = createUsageRecorder({ prisma: db.prisma, prices, log });
    const offline = createLlm({}).withUsage(recorder.record);
    const value = await offline.offline({ feature: 'summary' }, 'extractive', () => 42);
    expect(value).toBe(42);
    expect(await db.prisma.aiUsage.findMany()).toMatchObject([
      { feature: 'summary', provider: 'offline', model: 'extractive', success: true, costMicros: 0n },
    ]);
  });

  it('never fails the feature when the row cannot be written', async () => {
    const broken = createUsageRecorder({
      prisma: { aiUsage: { create: () => Promise.reject(new Error('db down')) } } as never,
      prices,
      log,
    });
    const llm = createLlm({ baseURL: openai.baseURL, apiKey: 'k', model: 'priced', maxRetries: 0 }).withUsage(
      broken.record,
    );
    await expect(
      llm.generateText([{ role: 'user', content: 'hi' }], { usage: { feature: 'x' } }),
    ).resolves.toBeTypeOf('string');
  });
});
