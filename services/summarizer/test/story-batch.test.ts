import { StoryIndex } from '@app/stories';
import {
  assignSummariesToStories,
  assignSummaryToStory,
  summaryAndLaterUnclusteredIds,
} from '@app/stories/store';
import { createTestDatabase, type TestDatabase, waitFor } from '@app/testing';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { labelledItems, storeLabelled as storeLabelledSummaries } from './support/labelled-summaries.ts';

// Clustering in batches (the backlog job, a burst after a crawl) must make the stories one
// assignment at a time makes, keep two reports of a new event in one story when batches run side
// by side, and leave nothing half-written when its connection drops.

const items = labelledItems;

let single: TestDatabase;
let batched: TestDatabase;
let db: TestDatabase;
beforeAll(async () => {
  [single, batched, db] = await Promise.all([
    createTestDatabase(),
    createTestDatabase(),
    createTestDatabase(),
  ]);
});
afterAll(async () => {
  await Promise.all([single?.drop(), batched?.drop(), db?.drop()]);
});

const storeLabelled = (target: TestDatabase) => storeLabelledSummaries(target.prisma);

/** For each item, the index of the first item in its story: a partition comparable across runs. */
function partition(storyIds: string[]): number[] {
  const first = new Map<string, number>();
  return storyIds.map((storyId, index) => {
    if (!first.has(storyId)) first.set(storyId, index);
    return first.get(storyId)!;
  });
}

async function storiesOf(target: TestDatabase, ids: string[]) {
  const rows = await target.prisma.summary.findMany({
    where: { id: { in: ids } },
    select: { id: true, storyId: true },
  });
  const byId = new Map(rows.map((row) => [row.id, row.storyId]));
  return ids.map((id) => byId.get(id) ?? null);
}

/** Every story's member count and time span match its fingerprints. */
async function expectConsistentStories(target: TestDatabase) {
  const wrong = await target.prisma.$queryRaw<{ id: string }[]>`
    SELECT st.id FROM stories st
    LEFT JOIN (SELECT story_id, count(*)::int AS n, min(event_at) AS first, max(event_at) AS last
               FROM summary_fingerprints GROUP BY story_id) f ON f.story_id = st.id
    WHERE f.n IS DISTINCT FROM st.summary_count OR f.first IS DISTINCT FROM st.first_seen_at
       OR f.last IS DISTINCT FROM st.last_seen_at`;
  expect(wrong).toEqual([]);
  const unlinked = await target.prisma.$queryRaw<{ n: number }[]>`
    SELECT count(*)::int AS n FROM summary_fingerprints f JOIN summaries s ON s.id = f.summary_id
    WHERE s.story_id IS DISTINCT FROM f.story_id`;
  expect(unlinked[0]!.n).toBe(0);
}

/** Holds the language's clustering lock on its own connection until `release` is called. */
async function holdLanguageLock(target: TestDatabase, language: 'EN' | 'ZH') {
  let release!: () => void;
  const released = new Promise<void>((resolve) => {
    release = resolve;
  });
  let locked!: () => void;
  const isLocked = new Promise<void>((resolve) => {
    locked = resolve;
  });
  const holder = target.prisma.$transaction(
    async (tx) => {
      await tx.$executeRawUnsafe(`SELECT pg_advisory_xact_lock(hashtext('stories:${language}'))`);
      locked();
      await released;
    },
    { timeout: 60_000, maxWait: 10_000 },
  );
  await isLocked;
  return { release, holder };
}

/** Backends of this database waiting for an advisory lock. */
async function waitingForLock(target: TestDatabase): Promise<number[]> {
  const rows = await target.prisma.$queryRaw<{ pid: number }[]>`
    SELECT pid FROM pg_stat_activity
    WHERE datname = current_database() AND wait_event_type = 'Lock' AND wait_event = 'advisory'`;
  return rows.map((row) => row.pid);
}

async function summary(target: TestDatabase, headline: string, content: string, at: string) {
  return target.prisma.summary.create({
    data: { headline, content, summaryType: 'blog_post', language: 'EN', createdAt: new Date(at) },
  });
}

describe('story clustering in batches', () => {
  it('makes the same stories as one assignment at a time, on the labelled set', async () => {
    const [singleIds, batchedIds] = await Promise.all([storeLabelled(single), storeLabelled(batched)]);
    const one: string[] = [];
    for (const id of singleIds) {
      const outcome = await assignSummaryToStory({ prisma: single.prisma }, id);
      expect(outcome.status).toBe('assigned');
      if (outcome.status === 'assigned') one.push(outcome.storyId);
    }
    // Batches of 64: matches inside a batch and against earlier batches both occur.
    const outcomes = await assignSummariesToStories({ prisma: batched.prisma }, batchedIds, 64);
    expect(outcomes.every((outcome) => outcome.status === 'assigned')).toBe(true);
    const many = outcomes.map((outcome) => (outcome.status === 'assigned' ? outcome.storyId : ''));

    expect(partition(many)).toEqual(partition(one));
    const methods = async (target: TestDatabase, ids: string[]) => {
      const rows = await target.prisma.summaryFingerprint.findMany({
        where: { summaryId: { in: ids } },
        select: { summaryId: true, matchMethod: true, score: true },
      });
      const byId = new Map(rows.map((row) => [row.summaryId, `${row.matchMethod}:${row.score?.toFixed(6)}`]));
      return ids.map((id) => byId.get(id));
    };
    expect(await methods(batched, batchedIds)).toEqual(await methods(single, singleIds));
    expect(partition((await storiesOf(batched, batchedIds)) as string[])).toEqual(partition(one));
    // Same candidate rule and decision as the offline index the labelled-set figures measure.
    const index = new StoryIndex();
    const offline = items.map(
      (item) => index.assign({ ...item, sourceId: item.source, eventAt: new Date(item.eventAt) }).storyId,
    );
    expect(partition(many)).toEqual(partition(offline));
    expect(new Set(many).size).toBeLessThan(items.length);
    await expectConsistentStories(batched);
    await expectConsistentStories(single);

    // Idempotent: the same batch again changes nothing.
    const again = await assignSummariesToStories({ prisma: batched.prisma }, batchedIds);
    expect(again.map((outcome) => (outcome.status === 'exists' ? outcome.storyId : outcome.status))).toEqual(
      many,
    );
  }, 180_000);

  it('two batches with reports of one new event, side by side, make one story', async () => {
    const at = '2026-08-01T10:00:00Z';
    const first = await summary(
      db,
      'Helios Bank fined $90 million over card data breach',
      'Regulators fined Helios Bank $90 million after a breach exposed the card data of two million customers.',
      at,
    );
    const second = await summary(
      db,
      'Helios Bank hit with $90 million fine for card breach',
      'Helios Bank must pay a $90 million fine after a breach exposed card data of two million customers, regulators said.',
      '2026-08-01T12:00:00Z',
    );
    const otherA = await summary(
      db,
      'Lunar lander Kestrel touches down',
      'The Kestrel lander touched down near the lunar south pole.',
      at,
    );
    const otherB = await summary(
      db,
      'Quantum start-up Qubitra raises $40 million',
      'Qubitra raised $40 million for its ion-trap machines.',
      at,
    );
    // Both batches read and fingerprint, then wait for the lock together; released, they run one
    // after the other, and the second sees the first's new story. One summary is in both.
    const lock = await holdLanguageLock(db, 'EN');
    const a = assignSummariesToStories({ prisma: db.prisma }, [first.id, otherA.id, otherB.id]);
    const b = assignSummariesToStories({ prisma: db.prisma }, [second.id, otherB.id]);
    await waitFor(async () => (await waitingForLock(db)).length === 2, { timeoutMs: 10_000 });
    lock.release();
    await lock.holder;
    const [outA, outB] = await Promise.all([a, b]);

    const [storyFirst, storySecond, storyA, storyB] = await storiesOf(db, [
      first.id,
      second.id,
      otherA.id,
      otherB.id,
    ]);
    expect(storyFirst).toBeTruthy();
    expect(storySecond).toBe(storyFirst);
    expect(new Set([storyFirst, storyA, storyB]).size).toBe(3);
    // The summary in both batches is assigned once; the other batch reports it done.
    const shared = [outA[2]!, outB[1]!].map((outcome) => outcome.status).sort();
    expect(shared).toEqual(['assigned', 'exists']);
    const story = await db.prisma.story.findUniqueOrThrow({ where: { id: storyFirst! } });
    expect(story.summaryCount).toBe(2);
    expect(await db.prisma.summaryFingerprint.count({ where: { summaryId: otherB.id } })).toBe(1);
    await expectConsistentStories(db);
  });

  it('a batch whose connection drops fails whole, and the next run assigns it', async () => {
    const at = '2026-09-01T10:00:00Z';
    const rows = await Promise.all([
      summary(
        db,
        'Nordwind ferry strike halts Baltic crossings',
        'A strike by Nordwind ferry crews halted Baltic crossings.',
        at,
      ),
      summary(
        db,
        'Baltic crossings halted as Nordwind ferry crews strike',
        'Nordwind ferry crews went on strike, halting Baltic crossings.',
        at,
      ),
      summary(
        db,
        'Opal Labs open-sources its compiler',
        'Opal Labs released its compiler under the MIT licence.',
        at,
      ),
    ]);
    const ids = rows.map((row) => row.id);
    const lock = await holdLanguageLock(db, 'EN');
    const batch = assignSummariesToStories({ prisma: db.prisma }, ids);
    const failed = expect(batch).rejects.toThrow();
    let pids: number[] = [];
    await waitFor(
      async () => {
        pids = await waitingForLock(db);
        return pids.length === 1;
      },
      { timeoutMs: 10_000 },
    );
    // Its connection ends (a PostgreSQL restart would do the same) while it waits for the lock.
    await db.prisma.$queryRawUnsafe(`SELECT pg_terminate_backend(${Number(pids[0])})`);
    await failed;
    lock.release();
    await lock.holder;

    expect(await storiesOf(db, ids)).toEqual([null, null, null]);
    expect(await db.prisma.summaryFingerprint.count({ where: { summaryId: { in: ids } } })).toBe(0);
    const outcomes = await assignSummariesToStories({ prisma: db.prisma }, ids);
    expect(outcomes.map((outcome) => outcome.status)).toEqual(['assigned', 'assigned', 'assigned']);
    const [s1, s2, s3] = await storiesOf(db, ids);
    expect(s2).toBe(s1);
    expect(s3).not.toBe(s1);
    await expectConsistentStories(db);
  });

  it('a clustering job takes the unclustered summaries stored after its own along, not earlier ones', async () => {
    const make = (headline: string, at: string) =>
      db.prisma.summary.create({
        data: {
          headline,
          content: headline,
          summaryType: 'blog_post',
          language: 'EN',
          createdAt: new Date(at),
        },
      });
    const earlier = await make('Earlier straggler', '2030-01-01T09:00:00Z');
    const own = await make('The job summary', '2030-01-01T10:00:00Z');
    const later = await make('Stored later', '2030-01-01T11:00:00Z');
    const done = await make('Already clustered', '2030-01-01T12:00:00Z');
    await assignSummaryToStory({ prisma: db.prisma }, done.id);
    const ids = await summaryAndLaterUnclusteredIds(db.prisma, own.id, 200);
    expect(ids).toEqual([own.id, later.id]);
    expect(ids).not.toContain(earlier.id);
    expect(await summaryAndLaterUnclusteredIds(db.prisma, own.id, 1)).toEqual([own.id]);
  });
});
