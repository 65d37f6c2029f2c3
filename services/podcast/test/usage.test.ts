import { type FakeOpenAI, silentMp3, startFakeOpenAI, waitFor } from '@app/testing';
import { expect, it } from 'vitest';
import { createTopic, insertSummaries, perTestResources } from './fixtures.ts';

// The podcast's script and speech calls are recorded against the fake server's own count:
// one script call (tokens), one speech call per chunk (characters, priced per character), and a
// failed speech request recorded as failed.

const { defer, database, tempDir, runService } = perTestResources();

it('records the script and every speech chunk with tokens, characters and cost', async () => {
  const db = await database();
  const storageDir = await tempDir('podcast-usage-');
  let speechCalls = 0;
  const fake: FakeOpenAI = await startFakeOpenAI({
    chat: () => ({
      title: 'Usage Topic, the daily briefing',
      segments: [1, 2, 3].map((n) => ({
        heading: `Story ${n}`,
        text: `This is the spoken text of story number ${n}, long enough to need a speech request of its own here.`,
      })),
      outro: 'Thanks for listening.',
    }),
    speech: () => {
      speechCalls += 1;
      if (speechCalls === 1) fake.failNext(1, 500, 'speech overloaded');
      return silentMp3(40);
    },
  });
  defer(() => fake.close());
  const topic = await createTopic(db.prisma, 'Usage Topic');
  await insertSummaries(db.prisma, { topicId: topic.id, date: '2026-05-01', language: 'EN' });
  const { producer } = await runService(db, storageDir, {
    OPENAI_BASE_URL: fake.baseURL,
    OPENAI_API_KEY: 'sk-test',
    OPENAI_MODEL: 'script-model',
    OPENAI_TTS_MODEL: 'tts-test',
    PODCAST_CHUNK_CHARS: '200',
    AI_PRICES: JSON.stringify({ 'script-model': { input: 1, output: 1 }, 'tts-test': { characters: 10 } }),
  });

  await producer.enqueue('podcast-daily', { targetDate: '2026-05-01' });
  await waitFor(
    async () =>
      (await db.prisma.podcastTask.findFirst({ where: { topicId: topic.id } }))?.status === 'completed',
    { timeoutMs: 60_000 },
  );
  const rows = await db.prisma.aiUsage.findMany({ orderBy: { createdAt: 'asc' } });
  const script = rows.filter((r) => r.feature === 'podcast_script');
  expect(script).toHaveLength(fake.counts.chatCalls);
  expect(script[0]).toMatchObject({
    model: 'script-model',
    success: true,
    topicId: topic.id,
    inputTokens: fake.counts.promptTokens,
    outputTokens: fake.counts.completionTokens,
  });
  expect(Number(script[0]!.costMicros)).toBe(fake.counts.promptTokens + fake.counts.completionTokens);

  const speech = rows.filter((r) => r.feature === 'podcast_speech');
  const succeeded = speech.filter((r) => r.success);
  expect(succeeded).toHaveLength(fake.counts.speechCalls);
  expect(speech.filter((r) => !r.success)).toHaveLength(1);
  const characters = succeeded.reduce((sum, r) => sum + r.characters, 0);
  expect(characters).toBe(fake.counts.speechCharacters);
  expect(succeeded.reduce((sum, r) => sum + Number(r.costMicros), 0)).toBe(10 * characters);
  expect(speech.every((r) => r.model === 'tts-test' && r.topicId === topic.id)).toBe(true);
});

it('records the offline script of a podcast without a speech engine as an offline call at cost 0', async () => {
  const db = await database();
  const storageDir = await tempDir('podcast-usage-offline-');
  const topic = await createTopic(db.prisma, 'Offline Topic');
  await insertSummaries(db.prisma, { topicId: topic.id, date: '2026-05-01', language: 'ZH' });
  const { producer } = await runService(db, storageDir, {
    PODCAST_TTS_ENGINE: 'none',
  });
  await producer.enqueue('podcast-daily', { targetDate: '2026-05-01' });
  // The script is written (and kept); without speech the podcast then fails (see speech-fallback.test.ts).
  await waitFor(
    async () =>
      (await db.prisma.podcastTask.findFirst({ where: { topicId: topic.id } }))?.status === 'failed',
    { timeoutMs: 60_000 },
  );
  expect(await db.prisma.aiUsage.findMany()).toMatchObject([
    {
      feature: 'podcast_script',
      provider: 'offline',
      model: 'extractive',
      costMicros: 0n,
      topicId: topic.id,
    },
  ]);
});
