import OpenAI, { APIError } from 'openai';
import { zodResponseFormat } from 'openai/helpers/zod';
import { afterAll, beforeEach, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { CANNED_CHAT_REPLY, startFakeOpenAI } from '../src/fake-openai.ts';

const fake = await startFakeOpenAI();
const openai = new OpenAI({ baseURL: fake.baseURL, apiKey: 'test', maxRetries: 0 });
afterAll(() => fake.close());
beforeEach(() => {
  fake.handlers.chat = undefined;
  fake.requests.length = 0;
});

const Summary = z.object({
  headline: z.string(),
  bullets: z.array(z.object({ text: z.string(), sourceUrl: z.string() })),
  language: z.enum(['EN', 'ZH']),
  score: z.number(),
  note: z.string().nullable(),
});

describe('startFakeOpenAI', () => {
  it('answers a chat completion with the canned reply and logs the request', async () => {
    const completion = await openai.chat.completions.create({
      model: 'gpt-test',
      messages: [{ role: 'user', content: 'Summarise this' }],
    });
    expect(completion.choices[0]!.message.content).toBe(CANNED_CHAT_REPLY);
    expect(fake.requests).toHaveLength(1);
    expect(fake.requests[0]).toMatchObject({
      method: 'POST',
      path: '/v1/chat/completions',
      body: { model: 'gpt-test', messages: [{ role: 'user', content: 'Summarise this' }] },
    });
    expect(fake.requests[0]!.headers.authorization).toBe('Bearer test');
  });

  it('answers structured output with a value that satisfies the schema by default', async () => {
    const completion = await openai.chat.completions.parse({
      model: 'gpt-test',
      messages: [{ role: 'user', content: 'x' }],
      response_format: zodResponseFormat(Summary, 'summary'),
    });
    const parsed = completion.choices[0]!.message.parsed;
    expect(Summary.parse(parsed)).toEqual(parsed);
  });

  it('returns the JSON a test configures', async () => {
    const wanted = { headline: '标题', bullets: [], language: 'ZH', score: 0.9, note: null };
    fake.handlers.chat = (request) => {
      expect(request.response_format?.type).toBe('json_schema');
      return wanted;
    };
    const completion = await openai.chat.completions.parse({
      model: 'gpt-test',
      messages: [{ role: 'user', content: 'x' }],
      response_format: zodResponseFormat(Summary, 'summary'),
    });
    expect(completion.choices[0]!.message.parsed).toEqual(wanted);
  });

  it('streams a reply in chunks', async () => {
    fake.handlers.chat = () => 'A longer reply that arrives in several chunks over the stream.';
    const stream = await openai.chat.completions.create({
      model: 'gpt-test',
      messages: [{ role: 'user', content: 'x' }],
      stream: true,
    });
    let text = '';
    let chunks = 0;
    for await (const chunk of stream) {
      text += chunk.choices[0]?.delta.content ?? '';
      chunks++;
    }
    expect(text).toBe('A longer reply that arrives in several chunks over the stream.');
    expect(chunks).toBeGreaterThan(3);
  });

  it('returns speech as MP3 or WAV bytes', async () => {
    const mp3 = Buffer.from(
      await (
        await openai.audio.speech.create({ model: 'tts-test', voice: 'alloy', input: 'Hello' })
      ).arrayBuffer(),
    );
    expect([mp3[0], mp3[1]]).toEqual([0xff, 0xfb]);
    const wav = Buffer.from(
      await (
        await openai.audio.speech.create({
          model: 'tts-test',
          voice: 'alloy',
          input: '你好',
          response_format: 'wav',
        })
      ).arrayBuffer(),
    );
    expect(wav.subarray(0, 4).toString('ascii')).toBe('RIFF');
    expect(wav.subarray(8, 12).toString('ascii')).toBe('WAVE');
    expect(fake.requests.map((r) => (r.body as { input: string }).input)).toEqual(['Hello', '你好']);
  });

  it('fails the next N calls with the given status', async () => {
    fake.failNext(2, 429);
    const call = () =>
      openai.chat.completions.create({ model: 'm', messages: [{ role: 'user', content: 'x' }] });
    for (let i = 0; i < 2; i++) {
      const error = await call().catch((e: unknown) => e);
      expect(error).toBeInstanceOf(APIError);
      expect((error as APIError).status).toBe(429);
    }
    await expect(call()).resolves.toMatchObject({ object: 'chat.completion' });
  });

  it('lets the SDK retry through an injected failure', async () => {
    const retrying = new OpenAI({ baseURL: fake.baseURL, apiKey: 'test', maxRetries: 1, timeout: 5000 });
    fake.failNext(1, 500);
    const completion = await retrying.chat.completions.create({
      model: 'm',
      messages: [{ role: 'user', content: 'x' }],
    });
    expect(completion.choices[0]!.message.content).toBe(CANNED_CHAT_REPLY);
    expect(fake.requests).toHaveLength(2);
  });
});
