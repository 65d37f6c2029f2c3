import { mkdtemp, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { createLlm } from '@app/llm';
import { createLogger } from '@app/logger';
import { type ChatCompletionRequest, startFakeOpenAI } from '@app/testing';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { joinToMp3 } from '../src/audio/encode.ts';
import { findExecutable, probeDuration } from '../src/audio/tools.ts';
import { createEspeakEngine } from '../src/audio/tts.ts';
import { startOfZonedDay, zonedDayRange } from '../src/podcast/dates.ts';
import {
  buildScript,
  chunkScript,
  estimateSpeechSeconds,
  offlineScript,
  type ScriptInput,
  toSpokenText,
} from '../src/script/script.ts';

let dir: string;
beforeAll(async () => {
  dir = await mkdtemp(path.join(tmpdir(), 'podcast-unit-'));
});
afterAll(async () => {
  await rm(dir, { recursive: true, force: true });
});

describe('audio without ffmpeg', () => {
  it('joins espeak-ng WAV chunks into one MP3 with the JavaScript encoder', async () => {
    const espeak = await findExecutable('espeak-ng');
    expect(espeak).not.toBeNull();
    const engine = createEspeakEngine(espeak as string, 165);
    const a = path.join(dir, 'a.wav');
    const b = path.join(dir, 'b.wav');
    await engine.synthesize('The first chunk of the daily podcast.', 'EN', a);
    await engine.synthesize('第二段是中文内容。', 'ZH', b);
    const out = path.join(dir, 'joined.mp3');
    const result = await joinToMp3([a, b], 'wav', out, 'lamejs');
    expect(result.encoder).toBe('lamejs');
    const bytes = await readFile(out);
    // An MPEG audio frame sync word at the start.
    expect(bytes[0]).toBe(0xff);
    expect((bytes[1] ?? 0) & 0xe0).toBe(0xe0);
    const probed = await probeDuration(out);
    expect(probed).not.toBeNull();
    expect(Math.abs((probed as number) - (result.durationSeconds as number))).toBeLessThan(0.2);
  });
});

describe('script', () => {
  it('reads words, not markdown or links', () => {
    expect(toSpokenText('## Title\n- **Bold** [link](https://x.test) and https://y.test')).toBe(
      'Title\nBold link and',
    );
  });

  it('assembles headlines and key sentences with an intro and an outro', () => {
    const text = offlineScript({
      topicName: 'Tools',
      date: '2026-01-02',
      language: 'EN',
      summaries: [
        { headline: 'A headline', content: 'One sentence here. Another sentence there.', sourceName: 'Blog' },
      ],
    });
    expect(text).toContain('Tools for 2026-01-02, with 1 story');
    expect(text).toContain('Story 1, from Blog: A headline.');
    expect(text).toContain('One sentence here.');
    expect(text.split('\n').at(-1)).toContain('Thanks for listening');
  });

  it('names a keyword source by its English label in English, by its stored name in Chinese', async () => {
    const input = (language: 'EN' | 'ZH'): ScriptInput => ({
      topicName: 'Systems',
      date: '2026-01-02',
      language,
      summaries: [
        { headline: 'Caching', content: 'Caches fail.', sourceNames: ['system design 相关推文'] },
        { headline: 'Queues', content: 'Queues grow.', sourceNames: ['Blog', 'system design 相关推文'] },
      ],
    });
    const english = offlineScript(input('EN'));
    expect(english).toContain('Story 1, from Tweets about system design: Caching.');
    expect(english).toContain('Story 2, reported by Blog and Tweets about system design: Queues.');
    expect(english).not.toContain('相关推文');
    expect(offlineScript(input('ZH'))).toContain('第1条，来自system design 相关推文：Caching。');

    // The model is given the same names to read aloud.
    const prompts: ChatCompletionRequest[] = [];
    const fake = await startFakeOpenAI({
      chat: (request) => {
        prompts.push(request);
        return { title: 'Systems', segments: [{ heading: 'Caching', text: 'Caches fail.' }], outro: 'Bye.' };
      },
    });
    try {
      const llm = createLlm({ apiKey: 'sk-test', baseURL: fake.baseURL });
      const built = await buildScript(input('EN'), llm, createLogger('podcast', { level: 'silent' }));
      expect(built.engine).toBe('llm');
      const prompt = JSON.stringify(prompts[0]?.messages);
      expect(prompt).toContain('Caching (Tweets about system design)');
      expect(prompt).toContain('Queues (reported by Blog, Tweets about system design)');
      expect(prompt).not.toContain('相关推文');
    } finally {
      await fake.close();
    }
  });

  it('splits into chunks no longer than the limit, keeping every word', () => {
    const text = Array.from({ length: 30 }, (_, i) => `Sentence number ${i} is here.`).join(' ');
    const chunks = chunkScript(`${text}\nA short line.`, 100);
    expect(chunks.every((c) => c.length <= 100)).toBe(true);
    expect(chunks.join(' ').replace(/\s+/g, ' ')).toBe(`${text} A short line.`);
  });

  it('predicts speech length from words and Chinese characters', () => {
    expect(estimateSpeechSeconds('one two three four five')).toBeCloseTo(2, 5);
    expect(estimateSpeechSeconds('你好世界')).toBeCloseTo(1.6, 5);
  });
});

describe('dates', () => {
  it('finds the start of a day in a time zone, across DST', () => {
    expect(startOfZonedDay('2026-03-10', 'UTC').toISOString()).toBe('2026-03-10T00:00:00.000Z');
    expect(startOfZonedDay('2026-07-01', 'America/Los_Angeles').toISOString()).toBe(
      '2026-07-01T07:00:00.000Z',
    );
    expect(startOfZonedDay('2026-01-01', 'Asia/Shanghai').toISOString()).toBe('2025-12-31T16:00:00.000Z');
    const range = zonedDayRange('2026-03-08', 'America/New_York');
    expect((range.lt.getTime() - range.gte.getTime()) / 3_600_000).toBe(23);
  });
});
