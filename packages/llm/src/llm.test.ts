import { type FakeOpenAI, startFakeOpenAI } from '@app/testing';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import {
  createLlm,
  extractiveSummarize,
  LlmNotConfiguredError,
  LlmOutputError,
  splitSentences,
} from './index.ts';

describe('sentence splitting', () => {
  it('splits English without breaking on abbreviations, initials or decimals', () => {
    expect(splitSentences('Dr. Smith paid $3.50 for it. J. R. R. Tolkien wrote it! Did he? Yes.')).toEqual([
      'Dr. Smith paid $3.50 for it.',
      'J. R. R. Tolkien wrote it!',
      'Did he?',
      'Yes.',
    ]);
  });
  it('splits Chinese on full-width punctuation and keeps closing quotes', () => {
    expect(splitSentences('今天发布了新版本。性能提升了一倍！你试过吗？“当然。”')).toEqual([
      '今天发布了新版本。',
      '性能提升了一倍！',
      '你试过吗？',
      '“当然。”',
    ]);
  });
});

describe('extractive summarizer', () => {
  it('keeps the most representative sentences in order, as markdown bullets', () => {
    const text =
      'Postgres 18 ships asynchronous I/O. The weather was nice. Asynchronous I/O makes Postgres scans faster. ' +
      'Benchmarks show Postgres scans twice as fast with asynchronous I/O. Lunch was pasta.';
    const summary = extractiveSummarize({
      title: 'Postgres 18 asynchronous I/O',
      text,
      language: 'EN',
      maxSentences: 2,
    });
    expect(summary.headline).toBe('Postgres 18 asynchronous I/O');
    expect(summary.sentences).toHaveLength(2);
    expect(summary.content.split('\n').every((line) => line.startsWith('- '))).toBe(true);
    expect(summary.content).not.toMatch(/weather|pasta/);
  });
  it('summarises Chinese text', () => {
    const text =
      '美团发布了大模型交互系统。这个系统提升了客服效率。今天天气很好。大模型交互系统的客服效率提升明显。';
    const summary = extractiveSummarize({ title: '大模型交互系统', text, language: 'ZH', maxSentences: 2 });
    expect(summary.sentences).toHaveLength(2);
    expect(summary.content).not.toContain('天气');
  });
  it('handles empty text', () => {
    expect(extractiveSummarize({ title: 'T', text: '', language: 'ZH' }).content).toContain('没有');
  });
});

describe('provider', () => {
  let fake: FakeOpenAI;
  beforeAll(async () => {
    fake = await startFakeOpenAI();
  });
  afterAll(async () => fake?.close());
  const Schema = z.object({ headline: z.string(), points: z.array(z.string()) });

  it('is not configured without a key, and says so when used', async () => {
    const llm = createLlm({});
    expect(llm.isConfigured).toBe(false);
    await expect(llm.generateText([{ role: 'user', content: 'hi' }])).rejects.toBeInstanceOf(
      LlmNotConfiguredError,
    );
  });
  it('returns structured output validated by the zod schema', async () => {
    fake.handlers.chat = () => ({ headline: 'H', points: ['a', 'b'] });
    const llm = createLlm({ baseURL: fake.baseURL, apiKey: 'k', model: 'm', maxRetries: 0 });
    expect(await llm.generateObject([{ role: 'user', content: 'x' }], Schema, { name: 'summary' })).toEqual({
      headline: 'H',
      points: ['a', 'b'],
    });
    const request = fake.requests.at(-1)!.body as {
      model: string;
      response_format: { type: string; json_schema: { name: string } };
    };
    expect(request.model).toBe('m');
    expect(request.response_format).toMatchObject({ type: 'json_schema', json_schema: { name: 'summary' } });
  });
  it('rejects a reply that does not match the schema', async () => {
    fake.handlers.chat = () => ({ headline: 3 });
    const llm = createLlm({ baseURL: fake.baseURL, apiKey: 'k', maxRetries: 0 });
    await expect(llm.generateObject([{ role: 'user', content: 'x' }], Schema)).rejects.toBeInstanceOf(
      LlmOutputError,
    );
  });
  it('generates text, and surfaces server errors', async () => {
    fake.handlers.chat = () => 'plain words';
    const llm = createLlm({ baseURL: fake.baseURL, apiKey: 'k', maxRetries: 0 });
    expect(await llm.generateText([{ role: 'user', content: 'x' }])).toBe('plain words');
    fake.failNext(1, 503);
    await expect(llm.generateText([{ role: 'user', content: 'x' }])).rejects.toThrow();
  });
});
