import { mkdtemp, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { loadConfig } from '@app/config';
import { DEFAULT_TIME_ZONE, type SummaryListResponse } from '@app/contracts';
import { parseFeed } from '@app/crawler';
import { type Language, seed, seedDemoSummaries } from '@app/db';
import { digestWindow } from '@app/digest';
import {
  type Gateway,
  PUBLIC_URL,
  startGateway,
  subscribeConfirmed,
  TEST_JWT_SECRET,
  TEST_UNSUBSCRIBE_SECRET,
  uniqueEmail,
} from '@app/gateway/testing';
import { createLogger } from '@app/logger';
import { createMailTransport, type MailTransport, mailerConfigSchema, runDigestTick } from '@app/mailer';
import { podcastConfigSchema, startService as startPodcast } from '@app/podcast';
import type { RunningService } from '@app/queue';
import { sourceDisplayName } from '@app/rules';
import { startService as startSummarizer, summarizerConfigSchema } from '@app/summarizer';
import { repoRoot, type SmtpCapture, startSmtpCapture, waitFor } from '@app/testing';
import { localDate, zonedDayRange } from '@app/time';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

// What a newcomer meets on the first start: the seeded demo content, clustered into stories by the
// summarizer's backlog job (as the first start queues it, without an LLM key), then read through the
// summaries page, the topic feeds, the digest email and the day's podcast scripts. The demo invents a
// few events that several seeded sources report; everything else is one report of its own.
//
// The clock stands at 15:00 in Los Angeles (the default reader's zone): the demo's "today" items
// are the three hours before it.
const NOW = new Date('2026-11-20T23:00:00Z');
/** A handful: more reports than this in one story means unrelated items were merged. */
const MAX_STORY_SIZE = 6;

type DemoItem = { key: string; event: string; language: Language };
type SeededSummary = {
  id: string;
  storyId: string | null;
  language: Language;
  topicId: string | null;
  createdAt: Date;
  event: string;
  source: string;
};

const log = createLogger('demo-day-test', { level: process.env.TEST_LOG_LEVEL ?? 'silent' });
let gateway: Gateway;
let smtp: SmtpCapture;
let mailTransport: MailTransport;
let storageDir: string;
const services: RunningService[] = [];
let summaries: SeededSummary[];
/** Events that more than one seeded source reports. */
let sharedEvents: Set<string>;
const eventOf = (summaryId: string) => summaries.find((s) => s.id === summaryId)?.event;

async function demoItems(): Promise<DemoItem[]> {
  const file = path.join(repoRoot(), 'packages/db/src/seed-data/demo-content.json');
  return (JSON.parse(await readFile(file, 'utf8')) as { items: DemoItem[] }).items;
}

/** The summarizer as a first start runs it: its backlog job clusters whatever has no story yet. */
async function clusterBacklog() {
  const options = gateway.transportOptions;
  const summarizer = await startSummarizer(
    loadConfig(summarizerConfigSchema, {
      NODE_ENV: 'test',
      DATABASE_URL: gateway.db.url,
      REDIS_URL: options.redisUrl,
      HEALTH_PORT: '0',
      STORIES_SCHEDULER: 'true',
    }),
    { prisma: gateway.db.prisma, prefix: options.prefix, logger: log },
  );
  try {
    await waitFor(async () => (await gateway.db.prisma.summary.count({ where: { storyId: null } })) === 0, {
      timeoutMs: 30_000,
      message: 'every demo summary in a story',
    });
  } finally {
    await summarizer.close();
  }
}

beforeAll(async () => {
  gateway = await startGateway({}, { clock: () => NOW });
  const prisma = gateway.db.prisma;
  await seed(prisma, { demoSummaries: false });
  await seedDemoSummaries(prisma, () => {}, NOW);
  await clusterBacklog();

  const items = await demoItems();
  const eventOfKey = new Map(items.map((item) => [`demo:${item.key}`, item.event]));
  const reports = new Map<string, number>();
  for (const item of items) reports.set(item.event, (reports.get(item.event) ?? 0) + 1);
  sharedEvents = new Set([...reports].filter(([, n]) => n > 1).map(([event]) => event));
  const rows = await prisma.summary.findMany({
    where: { dedupeKey: { startsWith: 'demo:' } },
    select: {
      id: true,
      storyId: true,
      language: true,
      topicId: true,
      createdAt: true,
      dedupeKey: true,
      datasource: { select: { sourceName: true } },
    },
  });
  summaries = rows.map(({ dedupeKey, datasource, ...row }) => ({
    ...row,
    event: eventOfKey.get(dedupeKey!)!,
    source: datasource!.sourceName,
  }));
  smtp = await startSmtpCapture();
  mailTransport = createMailTransport(smtp.url);
  storageDir = await mkdtemp(path.join(tmpdir(), 'demo-day-'));
});

afterAll(async () => {
  for (const service of services) await service.close();
  mailTransport?.close();
  await smtp?.close();
  await gateway?.close();
  if (storageDir) await rm(storageDir, { recursive: true, force: true });
});

describe('the demo day, clustered', () => {
  it('puts every report in a story of a handful at most, and each shared event in one', async () => {
    expect(summaries.length).toBeGreaterThan(200);
    expect(summaries.every((s) => s.storyId)).toBe(true);
    const members = new Map<string, SeededSummary[]>();
    for (const s of summaries) members.set(s.storyId!, [...(members.get(s.storyId!) ?? []), s]);
    const largest = Math.max(...[...members.values()].map((list) => list.length));
    expect(largest).toBeLessThanOrEqual(MAX_STORY_SIZE);
    const stored = await gateway.db.prisma.story.aggregate({ _max: { summaryCount: true } });
    expect(stored._max.summaryCount).toBeLessThanOrEqual(MAX_STORY_SIZE);

    expect(sharedEvents.size).toBe(10);
    // An event is clustered when two of its reports in one language share a story.
    const clustered = [...sharedEvents].filter((event) =>
      [...members.values()].some(
        (list) => list.filter((s) => s.event === event && s.language === list[0]!.language).length >= 2,
      ),
    );
    expect(clustered.length, `clustered: ${clustered.join(', ')}`).toBeGreaterThanOrEqual(8);
  });
});

describe('the summaries page, as a visitor', () => {
  const pages = async (language: 'en' | 'zh') => {
    const list: SummaryListResponse[] = [];
    for (let page = 1; page === 1 || page <= list[0]!.total_pages; page++) {
      const response = await gateway.app.inject({
        method: 'GET',
        url: `/api/summaries?group=story&language=${language}&page=${page}`,
      });
      expect(response.statusCode).toBe(200);
      list.push(response.json());
    }
    return list;
  };

  it.each([
    ['en', 15],
    ['zh', 10],
  ] as const)(
    'in %s shows many story cards; only the shared events have more than one report',
    async (language, firstPage) => {
      const list = await pages(language);
      expect(list[0]!.data.length).toBeGreaterThanOrEqual(firstPage);
      if (language === 'en') expect(list[0]!.total_pages).toBeGreaterThan(1);
      const cards = list.flatMap((page) => page.data);
      const multi = cards.filter((card) => (card.story_size ?? 1) > 1);
      expect(multi.length).toBeGreaterThan(0);
      expect(multi.map((card) => eventOf(card.id)).filter((event) => !sharedEvents.has(event!))).toEqual([]);
      // One card per story: no event shows twice.
      const events = cards.map((card) => eventOf(card.id));
      expect(new Set(events).size).toBe(events.length);
    },
  );
});

describe('the topic feeds', () => {
  it('list several stories in each topic, one item per event', async () => {
    const topics = await gateway.db.prisma.topic.findMany({ where: { isActive: true } });
    expect(topics.length).toBeGreaterThanOrEqual(5);
    for (const topic of topics) {
      const response = await gateway.app.inject({
        method: 'GET',
        url: `/feeds/topics/${topic.slug}.rss?lang=en`,
      });
      expect(response.statusCode).toBe(200);
      const feed = await parseFeed(response.body);
      expect(feed.items.length, topic.slug).toBeGreaterThanOrEqual(3);
      const events = feed.items.map((item) => eventOf(item.id!));
      expect(events.every(Boolean), topic.slug).toBe(true);
      expect(new Set(events).size, topic.slug).toBe(events.length);
    }
  });
});

type DigestEntry = { headline: string; summaryId: string | null; coveredBy: string[] | null };

/** The sections of a digest's text part: `## Topic`, then `* headline` entries and their lines. */
function digestSections(text: string): { name: string; entries: DigestEntry[] }[] {
  return text
    .split(/^## /m)
    .slice(1)
    .map((block) => {
      const [name = '', ...lines] = block.split('\n');
      const entries: DigestEntry[] = [];
      for (const line of lines) {
        const entry = entries.at(-1);
        if (line.startsWith('* '))
          entries.push({ headline: line.slice(2), summaryId: null, coveredBy: null });
        else if (entry && line.startsWith('  Read on Daily Curated: '))
          entry.summaryId = new URL(line.slice(25)).searchParams.get('summary');
        else if (entry && line === '  Covered by:') entry.coveredBy = [];
        else if (entry?.coveredBy && line.startsWith('  - '))
          entry.coveredBy.push(line.match(/^ {2}- (.+?)(?:: https?:\/\/\S+)?$/)![1]!);
      }
      return { name, entries };
    });
}

describe('the English digest of every topic', () => {
  let sections: { name: string; entries: DigestEntry[] }[];
  let withNews: string[];

  // A newcomer in the default reader's zone subscribes to every topic; the mailer's next tick sends
  // the digest of the day whose 8 AM has passed there.
  beforeAll(async () => {
    const prisma = gateway.db.prisma;
    const topics = await prisma.topic.findMany({ where: { isActive: true } });
    const email = uniqueEmail('newcomer');
    await subscribeConfirmed(gateway, {
      email,
      topic_ids: topics.map((t) => t.id),
      language: 'en',
      timezone: DEFAULT_TIME_ZONE,
    });
    const mailer = mailerConfigSchema.parse({
      NODE_ENV: 'test',
      DATABASE_URL: gateway.db.url,
      REDIS_URL: gateway.transportOptions.redisUrl,
      HEALTH_PORT: '0',
      SMTP_URL: smtp.url,
      PUBLIC_URL,
      JWT_SECRET: TEST_JWT_SECRET,
    });
    const stats = await runDigestTick({
      prisma,
      transport: mailTransport,
      from: 'Daily Curated <digest@app.test>',
      publicUrl: PUBLIC_URL,
      secret: TEST_UNSUBSCRIBE_SECRET,
      clock: () => NOW,
      log,
      leaseMs: 600_000,
      concurrency: 5,
      perTopic: mailer.DIGEST_SUMMARIES_PER_TOPIC,
      maxAttempts: 5,
    });
    expect(stats.sent).toBe(1);
    sections = digestSections((await smtp.waitForMessage((m) => m.to.includes(email))).text);
    const window = digestWindow(localDate(NOW, DEFAULT_TIME_ZONE), DEFAULT_TIME_ZONE);
    withNews = topics
      .filter((topic) =>
        summaries.some(
          (s) =>
            s.topicId === topic.id &&
            s.language === 'EN' &&
            s.createdAt >= window.from &&
            s.createdAt < window.to,
        ),
      )
      .map((topic) => topic.name);
  });

  it('has a section for every topic with news, each with several entries', () => {
    expect(sections.map((section) => section.name).sort()).toEqual(withNews.sort());
    for (const section of sections) expect(section.entries.length, section.name).toBeGreaterThanOrEqual(2);
  });

  it('names every outlet of a story several sources reported', () => {
    const covered = sections.flatMap((section) => section.entries).filter((entry) => entry.coveredBy);
    expect(covered.length).toBeGreaterThan(0);
    for (const entry of covered) {
      const storyId = summaries.find((s) => s.id === entry.summaryId)?.storyId;
      const outlets = new Set(
        summaries.filter((s) => s.storyId === storyId && s.language === 'EN').map((s) => s.source),
      );
      expect(entry.coveredBy!.length, entry.headline).toBeGreaterThanOrEqual(2);
      expect(entry.coveredBy!.sort(), entry.headline).toEqual(
        [...outlets].map((name) => sourceDisplayName(name, 'en')).sort(),
      );
      expect(sharedEvents.has(eventOf(entry.summaryId!)!), entry.headline).toBe(true);
    }
  });
});

describe("today's podcasts", () => {
  it('tell several stories for every topic and language with news today', async () => {
    const prisma = gateway.db.prisma;
    const config = loadConfig(podcastConfigSchema, {
      NODE_ENV: 'test',
      DATABASE_URL: gateway.db.url,
      REDIS_URL: gateway.transportOptions.redisUrl,
      HEALTH_PORT: '0',
      STORAGE_DIR: storageDir,
      PODCAST_TTS_ENGINE: 'none',
    });
    services.push(
      await startPodcast(config, { prisma, prefix: gateway.transportOptions.prefix, logger: log }),
    );
    const targetDate = localDate(NOW, config.PODCAST_TZ);
    const day = zonedDayRange(targetDate, config.PODCAST_TZ);
    const ofDay = summaries.filter((s) => s.createdAt >= day.from && s.createdAt < day.to);
    const expected = new Set(ofDay.map((s) => `${s.topicId}:${s.language}`));
    // The first start asks the podcast service's daily planner for today's podcasts.
    await gateway.producer.enqueue('podcast-daily', { targetDate, requestId: 'first-start' });
    const tasks = await waitFor(
      async () => {
        const rows = await prisma.podcastTask.findMany({ include: { topic: true } });
        // Speech is off (the script is what this reads): a task without audio ends failed, its script kept.
        return (
          rows.length === expected.size &&
          rows.every((row) => row.status === 'failed' && row.transcript) &&
          rows
        );
      },
      { timeoutMs: 30_000, message: "today's podcasts" },
    );
    for (const task of tasks) {
      const label = `${task.topic.slug} ${task.language}`;
      const segment = task.language === 'ZH' ? /^第\d+条/ : /^Story \d+/;
      const told = task.transcript!.split('\n').filter((line) => segment.test(line)).length;
      const events = new Set(
        ofDay.filter((s) => s.topicId === task.topicId && s.language === task.language).map((s) => s.event),
      );
      expect(told, label).toBeLessThanOrEqual(events.size);
      if (events.size >= 3) expect(told, label).toBeGreaterThanOrEqual(3);
    }
  });
});
