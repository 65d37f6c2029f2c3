import { loadConfig } from '@app/config';
import { createLogger } from '@app/logger';
import { STORY_RULE_VERSION } from '@app/stories';
import { assignSummariesToStories, findCurrentStory, storyRuleProgress } from '@app/stories/store';
import {
  cleanupPrefix,
  createTestDatabase,
  type TestDatabase,
  testTransportOptions,
  waitFor,
} from '@app/testing';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  type LabelledItem,
  labelledItems,
  storeLabelled as storeLabelledSummaries,
} from './support/labelled-summaries.ts';
import { summarizerConfigSchema } from '../src/config.ts';
import { startService } from '../src/service.ts';

// An upgraded database: its fingerprints were decided under the old rule, which let every summary
// of the seeded data into one story. The service decides them again on its own at start, in
// batches, and a second pass changes nothing.

const items = labelledItems;

let db: TestDatabase;
const options = () => testTransportOptions(db.url);
beforeAll(async () => {
  db = await createTestDatabase();
});
afterAll(async () => {
  await cleanupPrefix(options().prefix);
  await db?.drop();
});

/** The labelled set stored as summaries, by id. */
async function storeLabelled(): Promise<Map<string, LabelledItem>> {
  const ids = await storeLabelledSummaries(db.prisma);
  return new Map(ids.map((id, index) => [id, items[index]!]));
}

/** Pairwise precision and recall of the stored stories against the labels (same-language pairs). */
async function score(labelled: Map<string, LabelledItem>) {
  const rows = await db.prisma.summary.findMany({ select: { id: true, storyId: true } });
  const list = rows.filter((row) => labelled.has(row.id));
  let tp = 0;
  let fp = 0;
  let fn = 0;
  for (let i = 0; i < list.length; i++)
    for (let j = i + 1; j < list.length; j++) {
      const a = labelled.get(list[i]!.id)!;
      const b = labelled.get(list[j]!.id)!;
      if (a.language !== b.language) continue;
      const same = a.event === b.event;
      const together = list[i]!.storyId === list[j]!.storyId;
      if (same && together) tp++;
      else if (together) fp++;
      else if (same) fn++;
    }
  return { precision: tp / (tp + fp), recall: tp / (tp + fn) };
}

describe('re-clustering an upgraded database', () => {
  it('splits the old rule’s giant stories without a manual step, and is idempotent', async () => {
    const labelled = await storeLabelled();
    // What the old rule left: every summary of a language in one story, fingerprints of rule 1.
    await assignSummariesToStories({ prisma: db.prisma }, [...labelled.keys()]);
    await db.prisma.$executeRawUnsafe(`
      WITH giant AS (
        INSERT INTO stories (id, headline, language, summary_count, first_seen_at, last_seen_at, updated_at)
        SELECT gen_random_uuid(), 'Everything', language, count(*), min(event_at), max(event_at), now()
        FROM summary_fingerprints GROUP BY language RETURNING id, language
      ), moved AS (
        UPDATE summary_fingerprints f SET story_id = giant.id, rule_version = 1, match_method = 'text'
        FROM giant WHERE f.language = giant.language RETURNING f.summary_id, f.story_id
      )
      UPDATE summaries s SET story_id = moved.story_id FROM moved WHERE s.id = moved.summary_id`);
    await db.prisma.$executeRawUnsafe(`
      DELETE FROM stories st WHERE NOT EXISTS (SELECT 1 FROM summaries s WHERE s.story_id = st.id)`);
    await db.prisma.$executeRawUnsafe('DELETE FROM story_terms');
    await db.prisma.$executeRawUnsafe('DELETE FROM story_term_days');
    expect(await db.prisma.story.count()).toBe(2);
    const giants = await db.prisma.story.findMany({ select: { id: true, language: true } });
    expect((await storyRuleProgress(db.prisma)).older).toBe(items.length);

    const config = loadConfig(summarizerConfigSchema, {
      NODE_ENV: 'test',
      DATABASE_URL: db.url,
      REDIS_URL: options().redisUrl,
      HEALTH_PORT: '0',
      // The schedulers (and the backlog run at start) as in production.
      STORIES_SCHEDULER: 'true',
    });
    const service = await startService(config, {
      prisma: db.prisma,
      prefix: options().prefix,
      logger: createLogger('summarizer', { level: process.env.TEST_LOG_LEVEL ?? 'silent' }),
    });
    try {
      await waitFor(async () => (await storyRuleProgress(db.prisma)).older === 0, { timeoutMs: 60_000 });
    } finally {
      await service.close();
    }
    const progress = await storyRuleProgress(db.prisma);
    expect(progress).toMatchObject({
      current: items.length,
      older: 0,
      unclustered: 0,
      ruleVersion: STORY_RULE_VERSION,
    });

    const sizes = await db.prisma.story.findMany({ select: { summaryCount: true } });
    expect(Math.max(...sizes.map((s) => s.summaryCount))).toBeLessThanOrEqual(8);
    expect(sizes.length).toBeGreaterThan(items.length / 2);
    const { precision, recall } = await score(labelled);
    expect(precision).toBeGreaterThanOrEqual(0.95);
    expect(recall).toBeGreaterThanOrEqual(0.8);
    // Every story's count and span agree with its fingerprints; the giant ones are gone.
    const wrong = await db.prisma.$queryRaw<{ id: string }[]>`
      SELECT st.id FROM stories st
      LEFT JOIN (SELECT story_id, count(*)::int AS n, min(event_at) AS first, max(event_at) AS last
                 FROM summary_fingerprints GROUP BY story_id) f ON f.story_id = st.id
      WHERE f.n IS DISTINCT FROM st.summary_count OR f.first IS DISTINCT FROM st.first_seen_at
         OR f.last IS DISTINCT FROM st.last_seen_at`;
    expect(wrong).toEqual([]);
    expect(await db.prisma.story.count({ where: { headline: 'Everything' } })).toBe(0);
    // A link to a giant story still opens a story: one its summaries went into.
    for (const giant of giants) {
      const current = await findCurrentStory(db.prisma, giant.id);
      expect(current, giant.language).not.toBeNull();
      expect(current!.id).not.toBe(giant.id);
      expect(current!.members.length).toBeGreaterThan(0);
      expect(current!.members.every((member) => member.language === giant.language)).toBe(true);
    }
    // Once the pass ran dry, the token counts of days older than the retention were pruned.
    await waitFor(async () => (await db.prisma.storyTerm.count()) === 0, { timeoutMs: 10_000 });

    // Again: nothing is left to decide, nothing moves.
    const before = await db.prisma.summary.findMany({
      select: { id: true, storyId: true },
      orderBy: { id: 'asc' },
    });
    const again = await assignSummariesToStories({ prisma: db.prisma }, [...labelled.keys()]);
    expect(again.every((outcome) => outcome.status === 'exists')).toBe(true);
    expect(
      await db.prisma.summary.findMany({ select: { id: true, storyId: true }, orderBy: { id: 'asc' } }),
    ).toEqual(before);
  }, 120_000);
});
