import { mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { Mp3Encoder } from '@breezystack/lamejs';
import { PODCAST_BUCKET } from '@app/contracts';
import { createLlm } from '@app/llm';
import { createLogger } from '@app/logger';
import { createLocalStorage } from '@app/storage';
import { createTestDatabase, type TestDatabase } from '@app/testing';
import { type IAudioMetadata, parseBuffer, parseFile } from 'music-metadata';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { AudioWorkers } from '../src/audio/audio-workers.ts';
import { tagMp3 } from '../src/audio/id3-tags.ts';
import type { SpeechEngine } from '../src/audio/tts.ts';
import { estimateChapters } from '../src/podcast/chapters.ts';
import { tagEpisode } from '../src/podcast/episode-tags.ts';
import { generatePodcast } from '../src/podcast/generate.ts';
import { buildScript, estimateSpeechSeconds, type ScriptInput } from '../src/script/script.ts';
import { createTopic, insertSummaries } from './fixtures.ts';

// ID3v2 tags and chapters in the podcast MP3, read back by a real tag reader (music-metadata), on
// MP3s made by lamejs: the tagging module alone, then the whole generate step with a fake voice.

const RATE = 22_050;
const log = createLogger('podcast', { level: 'silent' });

/** Mono 16-bit PCM of a quiet tone, `seconds` long. */
function tone(seconds: number): Int16Array {
  const pcm = new Int16Array(Math.round(RATE * seconds));
  for (let i = 0; i < pcm.length; i += 1)
    pcm[i] = Math.round(4000 * Math.sin((2 * Math.PI * 220 * i) / RATE));
  return pcm;
}

function mp3Of(seconds: number): Buffer {
  const encoder = new Mp3Encoder(1, RATE, 64);
  const pcm = tone(seconds);
  const parts: Uint8Array[] = [];
  for (let i = 0; i < pcm.length; i += 1152) parts.push(encoder.encodeBuffer(pcm.subarray(i, i + 1152)));
  parts.push(encoder.flush());
  return Buffer.concat(parts.map((part) => Buffer.from(part)));
}

const read = (file: string) => parseFile(file, { duration: true, includeChapters: true });
const nativeText = (meta: IAudioMetadata, id: string) =>
  meta.native['ID3v2.3']?.filter((tag) => tag.id === id).map((tag) => tag.value);

const stories: ScriptInput['summaries'] = [
  { headline: 'Open models close the gap', content: 'Labs released open models. Benchmarks are close.' },
  {
    headline: 'Pricing lessons',
    content: 'Founders tried annual plans. Retention went up, and a longer story follows here.',
  },
  { headline: 'A simple database', content: 'It runs as one binary and backs up in seconds.' },
];

let dir: string;
beforeAll(async () => {
  dir = await mkdtemp(path.join(tmpdir(), 'podcast-id3-'));
});
afterAll(async () => {
  await rm(dir, { recursive: true, force: true });
});

describe('chapters from the script', () => {
  it('starts one chapter per story where its words start, in proportion to the spoken length', async () => {
    const input: ScriptInput = { topicName: 'Tools', date: '2026-03-10', language: 'EN', summaries: stories };
    const built = await buildScript(input, createLlm({}), log);
    expect(built.segments.map((segment) => segment.title)).toEqual(stories.map((story) => story.headline));
    for (const [index, segment] of built.segments.entries()) {
      expect(built.text.slice(segment.offset)).toMatch(new RegExp(`^Story ${index + 1}: `));
    }
    const chapters = estimateChapters(built.text, built.segments, 120);
    expect(chapters).toHaveLength(3);
    const [first, second, third] = chapters;
    const spoken = estimateSpeechSeconds(built.text);
    const before = estimateSpeechSeconds(built.text.slice(0, built.segments[1]?.offset));
    expect(second?.start_seconds).toBeCloseTo((120 * before) / spoken, 2);
    expect(first?.start_seconds).toBeGreaterThan(0);
    expect(first?.end_seconds).toBe(second?.start_seconds);
    expect(second?.end_seconds).toBe(third?.start_seconds);
    expect(third?.end_seconds).toBe(120);
    // Without a measured duration, the script's own estimate times them.
    expect(estimateChapters(built.text, built.segments, null).at(-1)?.end_seconds).toBeCloseTo(spoken, 2);
    expect(estimateChapters(built.text, [], 120)).toEqual([]);
  });

  it('gives the model script a chapter per segment, titled by its heading or the story', async () => {
    const { startFakeOpenAI } = await import('@app/testing');
    const fake = await startFakeOpenAI({
      chat: () => ({
        title: 'Tools today',
        segments: [
          { heading: 'Models', text: 'Open models are close.' },
          { heading: '', text: 'Annual plans help retention.' },
        ],
        outro: 'Bye.',
      }),
    });
    try {
      const llm = createLlm({ apiKey: 'sk-test', baseURL: fake.baseURL });
      const built = await buildScript(
        { topicName: 'Tools', date: '2026-03-10', language: 'EN', summaries: stories },
        llm,
        log,
      );
      expect(built.engine).toBe('llm');
      expect(built.segments.map((segment) => segment.title)).toEqual(['Models', 'Pricing lessons']);
      expect(built.text.slice(built.segments[0]?.offset)).toMatch(/^Models\.\nOpen models/);
      expect(built.text.slice(built.segments[1]?.offset)).toMatch(/^Annual plans/);
    } finally {
      await fake.close();
    }
  });
});

describe('ID3v2 tags', () => {
  it('writes title, show, topic, date, language and CHAP/CTOC chapters that a tag reader reads back', async () => {
    const file = path.join(dir, 'episode.mp3');
    const audio = mp3Of(6);
    await writeFile(file, audio);
    const chapters = await tagEpisode(file, {
      topic: { name: 'AI Tools', nameZh: '人工智能工具' },
      date: '2026-03-10',
      language: 'ZH',
      transcript: '欢迎收听。\n第1条：模型。\n开源模型进步很快。\n第2条：定价。\n年度套餐更好。\n再见。',
      segments: [
        { title: '模型', offset: 6 },
        { title: '定价', offset: 28 },
      ],
      durationSeconds: 6,
    });
    const meta = await read(file);
    expect(meta.format.tagTypes).toContain('ID3v2.3');
    expect(meta.common.title).toBe('人工智能工具 · 2026-03-10');
    expect(meta.common.album).toBe('每日精选播客');
    expect(meta.common.artist).toBe('每日精选');
    expect(meta.common.date).toBe('2026-03-10');
    expect(meta.common.year).toBe(2026);
    expect(meta.common.language).toBe('zho');
    expect(nativeText(meta, 'TXXX:TOPIC')).toEqual(['人工智能工具']);
    expect(nativeText(meta, 'TIT1')).toEqual(['人工智能工具']);
    // The audio is untouched: still 64 kbit/s, still six seconds.
    expect(meta.format.bitrate).toBe(64_000);
    expect(meta.format.duration).toBeCloseTo(6, 0);
    expect(meta.format.chapters?.map((c) => c.title)).toEqual(['模型', '定价']);
    expect(meta.format.chapters?.map((c) => [c.start, c.end])).toEqual(
      chapters.map((c) => [
        Math.round(c.start_seconds * 1000) / 1000,
        Math.round(c.end_seconds * 1000) / 1000,
      ]),
    );
    expect(chapters[0]?.start_seconds).toBeGreaterThan(0);
    expect(chapters[1]?.end_seconds).toBe(6);
    const toc = meta.native['ID3v2.3']?.find((tag) => tag.id === 'CTOC')?.value as {
      flags: { topLevel: boolean; ordered: boolean };
      childElementIds: string[];
    };
    expect(toc.flags).toEqual({ topLevel: true, ordered: true });
    expect(toc.childElementIds).toEqual(['chp0', 'chp1']);
  });

  it('replaces earlier tags instead of stacking them (a retried job tags the file again)', async () => {
    const tags = {
      title: 'T · 2026-03-10',
      show: 'Daily Curated Podcast',
      author: 'Daily Curated',
      topic: 'T',
      date: '2026-03-10',
      language: 'EN' as const,
      chapters: [{ title: 'One', start_seconds: 0, end_seconds: 2 }],
    };
    const audio = mp3Of(2);
    const once = tagMp3(audio, tags);
    const twice = tagMp3(once, { ...tags, title: 'Again' });
    expect(twice.length).toBeLessThan(once.length + 64);
    const meta = await parseBuffer(twice, { mimeType: 'audio/mpeg' }, { includeChapters: true });
    expect(meta.common.title).toBe('Again');
    expect(meta.common.language).toBe('eng');
    expect(meta.format.chapters).toHaveLength(1);
    expect(nativeText(meta, 'TIT2')).toEqual(['Again']);
    // Without chapters, no CHAP or CTOC frame at all.
    const plain = await parseBuffer(tagMp3(audio, { ...tags, chapters: [] }), { mimeType: 'audio/mpeg' });
    expect(plain.native['ID3v2.3']?.some((tag) => tag.id === 'CHAP' || tag.id === 'CTOC')).toBe(false);
  });
});

describe('the generate step', () => {
  let db: TestDatabase;
  beforeAll(async () => {
    db = await createTestDatabase();
  });
  afterAll(async () => {
    await db?.drop();
  });
  // The voice below speaks MP3, which is joined frame by frame: no worker thread is needed.
  const noWorkers: AudioWorkers = {
    speak: () => Promise.reject(new Error('not used')),
    encodeWavs: () => Promise.reject(new Error('not used')),
    close: async () => {},
  };

  it('stores an MP3 whose tags and chapters match the task, and keeps the chapters in its metadata', async () => {
    const topic = await createTopic(db.prisma, 'Tagged Topic');
    await insertSummaries(db.prisma, { topicId: topic.id, date: '2026-03-10', language: 'EN' });
    const task = await db.prisma.podcastTask.create({
      data: { topicId: topic.id, targetDate: new Date('2026-03-10T00:00:00Z'), language: 'EN' },
    });
    // A voice (MP3, as the OpenAI engine answers) that speaks at the script's estimated pace.
    let spoken = 0;
    const voice: SpeechEngine = {
      name: 'openai',
      format: 'mp3',
      provider: 'offline',
      model: 'tone',
      synthesize: async (text, _language, outFile) => {
        const seconds = Math.max(0.5, estimateSpeechSeconds(text));
        spoken += seconds;
        await writeFile(outFile, mp3Of(seconds));
      },
    };
    const storageDir = path.join(dir, 'storage');
    const result = await generatePodcast(
      {
        prisma: db.prisma,
        llm: createLlm({}),
        speech: voice,
        speechReason: 'test voice',
        encoder: 'lamejs',
        audio: noWorkers,
        storage: createLocalStorage(storageDir),
        producer: { enqueue: async () => 'unused' },
        workDir: path.join(dir, 'work'),
        chunkChars: 400,
        espeakRate: 165,
        leaseMs: 60_000,
        timeZone: 'UTC',
        maxSummaries: 10,
        now: () => new Date(),
        log,
      },
      task.id,
      'job-1',
      log,
    );
    expect(result.status).toBe('completed');
    const done = await db.prisma.podcastTask.findUniqueOrThrow({ where: { id: task.id } });
    const metadata = done.metadata as Record<string, unknown>;
    const file = path.join(storageDir, PODCAST_BUCKET, task.id, 'final_podcast.mp3');
    const meta = await read(file);
    expect(meta.common.title).toBe('Tagged Topic · 2026-03-10');
    expect(meta.common.album).toBe('Daily Curated Podcast');
    expect(meta.common.date).toBe('2026-03-10');
    expect(meta.common.language).toBe('eng');
    expect(meta.format.bitrate).toBe(64_000);
    expect(Math.abs((meta.format.duration as number) - spoken)).toBeLessThan(1);
    // The stored size is the tagged file's.
    expect(metadata.bytes).toBe((await readFile(file)).length);
    const chapters = metadata.chapters as { title: string; start_seconds: number }[];
    expect(chapters.map((c) => c.title)).toEqual([
      'Open models close the gap with commercial systems',
      'Indie founders share pricing lessons',
      'A new database engine focuses on simple operations',
    ]);
    expect(meta.format.chapters?.map((c) => c.title)).toEqual(chapters.map((c) => c.title));
    expect(meta.format.chapters?.map((c) => c.start)).toEqual(chapters.map((c) => c.start_seconds));
    expect(metadata.script_segments).toHaveLength(3);
  }, 60_000);
});
