import { mkdtemp, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { monitorEventLoopDelay } from 'node:perf_hooks';
import { createLlm } from '@app/llm';
import { createLogger } from '@app/logger';
import { type ChatCompletionRequest, startFakeOpenAI } from '@app/testing';
import { parseFile } from 'music-metadata';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type AudioWorkers, createAudioWorkers } from '../src/audio/audio-workers.ts';
import { joinToMp3, resolveEncoder } from '../src/audio/encode.ts';
import { findExecutable, probeDuration } from '../src/audio/tools.ts';
import {
  createEspeakEngine,
  createEspeakWasmEngine,
  resolveSpeechEngine,
  type SpeechConfig,
} from '../src/audio/tts.ts';
import { podcastConfigSchema } from '../src/config.ts';
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
let audio: AudioWorkers;
beforeAll(async () => {
  dir = await mkdtemp(path.join(tmpdir(), 'podcast-unit-'));
  audio = createAudioWorkers({ threads: 1 });
});
afterAll(async () => {
  await audio?.close();
  await rm(dir, { recursive: true, force: true });
});

// Where the Debian package is installed (as CI does), its path; the npm engine needs none.
const systemEspeak = await findExecutable('espeak-ng');
const nowhere = async () => null;

describe('speech with no system package', () => {
  const speechConfig = (env: Record<string, string> = {}): SpeechConfig =>
    podcastConfigSchema.parse({ DATABASE_URL: 'postgres://x@127.0.0.1/x', ...env });

  it('chooses OpenAI with a key and a TTS model, else the espeak-ng program, else the npm espeak-ng', async () => {
    const installed = async (name: string) => (name === 'espeak-ng' ? '/usr/bin/espeak-ng' : null);
    const openai = speechConfig({ OPENAI_API_KEY: 'sk-test', OPENAI_TTS_MODEL: 'tts-1' });
    expect((await resolveSpeechEngine(openai, { audio, findExecutable: installed })).engine?.name).toBe(
      'openai',
    );
    const system = await resolveSpeechEngine(speechConfig(), { audio, findExecutable: installed });
    expect(system).toMatchObject({ engine: { name: 'espeak' }, reason: '/usr/bin/espeak-ng is installed' });
    const npm = await resolveSpeechEngine(speechConfig(), { audio, findExecutable: nowhere });
    expect(npm).toMatchObject({
      engine: { name: 'espeak-wasm', format: 'wav', model: 'espeak-ng-wasm' },
      reason: 'no OpenAI speech and no espeak-ng program on the PATH',
    });
    // Named, the npm engine is used even where the program is installed.
    const named = speechConfig({ PODCAST_TTS_ENGINE: 'espeak-wasm' });
    expect((await resolveSpeechEngine(named, { audio, findExecutable: installed })).engine?.name).toBe(
      'espeak-wasm',
    );
    expect(
      (await resolveSpeechEngine(speechConfig({ PODCAST_TTS_ENGINE: 'none' }), { audio })).engine,
    ).toBeNull();
    // Without the npm package either, nothing speaks (the podcasts then fail with that reason).
    const bare = await resolveSpeechEngine(speechConfig(), {
      audio,
      findExecutable: nowhere,
      hasEspeakWasm: () => false,
    });
    expect(bare.engine).toBeNull();
    await expect(
      resolveSpeechEngine(speechConfig({ PODCAST_TTS_ENGINE: 'espeak' }), { audio, findExecutable: nowhere }),
    ).rejects.toThrow(/espeak-ng is not installed/);
    expect(await resolveEncoder('auto', nowhere)).toBe('lamejs');
  });

  it('speaks English and Mandarin with the npm espeak-ng and encodes a real MP3 with lamejs', async () => {
    const engine = createEspeakWasmEngine(audio, 165);
    const a = path.join(dir, 'wasm-en.wav');
    const b = path.join(dir, 'wasm-zh.wav');
    await engine.synthesize(
      '-v This line starts with a dash. The first chunk of the daily podcast.',
      'EN',
      a,
    );
    await engine.synthesize('第二段是中文内容：开源模型与商业系统的差距正在缩小。', 'ZH', b);
    const out = path.join(dir, 'wasm.mp3');
    const result = await joinToMp3([a, b], 'wav', out, 'lamejs', audio);
    expect(result.encoder).toBe('lamejs');
    // Read back by a real decoder: MP3 (MPEG-2 Layer 3 at 22.05 kHz), mono, 64 kbit/s, as long as the
    // samples encoded.
    const { format } = await parseFile(out, { duration: true });
    expect(format.container).toBe('MPEG');
    expect(format.codec).toBe('MPEG 2 Layer 3');
    expect(format.numberOfChannels).toBe(1);
    expect(format.sampleRate).toBe(22050);
    expect(format.bitrate).toBe(64_000);
    expect(format.duration).toBeGreaterThan(4);
    expect(Math.abs((format.duration as number) - (result.durationSeconds as number))).toBeLessThan(0.2);
    // The Mandarin chunk is Mandarin speech, not a spelled-out fallback: a few seconds for 25 characters.
    const zh = await parseFile(b, { duration: true });
    expect(zh.format.duration).toBeGreaterThan(3);
    expect(zh.format.duration).toBeLessThan(15);
  });

  it('speaks on a worker thread: the event loop stays free while a long text is spoken', async () => {
    const engine = createEspeakWasmEngine(audio, 165);
    const text = 'The daily podcast reads every story of the day aloud, one sentence after another. '.repeat(
      100,
    );
    const delay = monitorEventLoopDelay({ resolution: 10 });
    delay.enable();
    const started = performance.now();
    await engine.synthesize(text, 'EN', path.join(dir, 'long.wav'));
    const elapsed = performance.now() - started;
    delay.disable();
    // Run here, the synthesis would block the loop for its whole length (about a second).
    expect(elapsed).toBeGreaterThan(200);
    expect(delay.max / 1e6).toBeLessThan(Math.min(250, elapsed / 2));
    const { format } = await parseFile(path.join(dir, 'long.wav'), { duration: true });
    expect(format.duration).toBeGreaterThan(400);
  });

  it('fails with the engine’s words when it cannot speak, and takes the next text afterwards', async () => {
    await expect(
      audio.speak({ text: 'Hello.', voice: 'nosuchvoice', rate: 165, outFile: path.join(dir, 'x.wav') }),
    ).rejects.toThrow(/wrote no audio: .*voice does not exist/);
    await createEspeakWasmEngine(audio, 165).synthesize('Still here.', 'EN', path.join(dir, 'after.wav'));
    expect((await readFile(path.join(dir, 'after.wav'))).length).toBeGreaterThan(1000);
  });
});

describe('audio without ffmpeg', () => {
  it.skipIf(!systemEspeak)(
    'joins espeak-ng WAV chunks into one MP3 with the JavaScript encoder',
    async () => {
      const engine = createEspeakEngine(systemEspeak as string, 165);
      const a = path.join(dir, 'a.wav');
      const b = path.join(dir, 'b.wav');
      await engine.synthesize('The first chunk of the daily podcast.', 'EN', a);
      await engine.synthesize('第二段是中文内容。', 'ZH', b);
      const out = path.join(dir, 'joined.mp3');
      const result = await joinToMp3([a, b], 'wav', out, 'lamejs', audio);
      expect(result.encoder).toBe('lamejs');
      const bytes = await readFile(out);
      // An MPEG audio frame sync word at the start.
      expect(bytes[0]).toBe(0xff);
      expect((bytes[1] ?? 0) & 0xe0).toBe(0xe0);
      const probed = await probeDuration(out);
      expect(probed).not.toBeNull();
      expect(Math.abs((probed as number) - (result.durationSeconds as number))).toBeLessThan(0.2);
    },
  );
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
