import { randomUUID } from 'node:crypto';
import { Prisma, type PrismaClient } from '@app/db';
import { inTransaction, type RunScript, runSql } from './sql-transaction.ts';
import {
  bestEmbeddingMatch,
  type Candidate,
  type EmbeddingCandidate,
  type Match,
  STORY_WINDOW_MS,
  TEXT_MATCH_THRESHOLD,
  textSimilarity,
} from '../decide.ts';
import { type Fingerprint, fingerprint } from '../fingerprint.ts';
import type { StoryLanguage } from '../tokenize.ts';

/** The embeddings of texts, from the configured provider; absent: cross-language matching is off. */
export type EmbedTexts = (texts: string[]) => Promise<number[][]>;

export type AssignDeps = { prisma: PrismaClient; embed?: EmbedTexts };

export type AssignOutcome =
  | { status: 'assigned'; storyId: string; method: 'new' | 'text' | 'embedding'; score: number | null }
  | { status: 'exists'; storyId: string }
  | { status: 'skipped'; reason: string };

/** Cross-language candidates compared per assignment at most (the newest in the window). */
const MAX_EMBEDDING_CANDIDATES = 500;
/** Characters of a summary that are embedded: the headline and its opening say what happened. */
const EMBED_CHARS = 600;
/** Summaries assigned in one transaction at most: the lock of their language is held that long. */
export const STORY_BATCH_SIZE = 200;

type SummaryRow = {
  id: string;
  headline: string;
  content: string;
  language: StoryLanguage;
  datasource_id: string | null;
  story_id: string | null;
  event_at: Date;
};

/** The arrays as comma-separated text (the bands' int8 values as decimal strings). */
type CandidateRow = {
  summary_id: string;
  story_id: string;
  tokens: string;
  headline_tokens: string;
  numbers: string;
  datasource_id: string | null;
  event_at: Date;
  /** The bands it shares with the batch. */
  bands: string;
};

type EmbeddingRow = {
  summary_id: string;
  story_id: string;
  event_at: Date;
  embedding: number[];
  items: number[];
};

/** One summary of a batch on its way to a story. */
type Item = {
  id: string;
  summary: SummaryRow;
  print: Fingerprint;
  comparable: Candidate;
  bands: string[];
  at: number;
  embedding: number[];
  /** Set once decided: the story and how. */
  storyId?: string;
  method?: 'new' | 'text' | 'embedding';
  score?: number | null;
};

const READ_SUMMARIES = `
  SELECT s.id, s.headline, s.content, s.language::text AS language, s.datasource_id, s.story_id,
    coalesce(p.published_at, s.created_at) AS event_at
  FROM summaries s LEFT JOIN posts p ON p.id = s.post_id WHERE s.id = ANY($1::uuid[])`;

// Assignments in one language are serialised: a lock per language, taken in name order (as the
// admin changes take them), each its own statement so the ones after it see what it waited for.
const LOCK_LANGUAGE = `SELECT pg_advisory_xact_lock(hashtext($1::text))`;

// After the lock: which summaries a concurrent job clustered or deleted meanwhile (key-share
// locked, so they cannot be deleted before the commit).
const STILL_PENDING = `
  SELECT id, story_id FROM summaries WHERE id = ANY($1::uuid[]) FOR KEY SHARE`;

// Members sharing a MinHash band with any summary of the batch within the batch's window; which
// item each one is a candidate of (a shared band, 72 h) is decided in JS. The arrays come as
// comma-separated text: splitting that is several times cheaper than pg's array parser.
const TEXT_CANDIDATES = `
  SELECT f.summary_id, f.story_id, array_to_string(f.tokens, ',') AS tokens,
    array_to_string(f.headline_tokens, ',') AS headline_tokens, array_to_string(f.numbers, ',') AS numbers,
    f.datasource_id, f.event_at, array_to_string(b.bands, ',') AS bands
  FROM (SELECT summary_id, array_agg(band) AS bands FROM story_bands
        WHERE band = ANY($1::bigint[]) AND event_at >= $2::timestamptz AND event_at <= $3::timestamptz
        GROUP BY summary_id) b
  JOIN summary_fingerprints f ON f.summary_id = b.summary_id`;

// The newest members in the other language within each item's window (items numbered from 1).
const EMBEDDING_CANDIDATES = `
  SELECT f.summary_id, f.story_id, f.event_at, f.embedding, array_agg(w.item) AS items
  FROM unnest($1::"Language"[], $2::timestamptz[], $3::timestamptz[], $4::int[]) AS w(language, lo, hi, item)
  CROSS JOIN LATERAL (
    SELECT summary_id FROM summary_fingerprints
    WHERE language <> w.language AND event_at >= w.lo AND event_at <= w.hi AND cardinality(embedding) > 0
    ORDER BY event_at DESC LIMIT ${MAX_EMBEDDING_CANDIDATES}) c
  JOIN summary_fingerprints f ON f.summary_id = c.summary_id
  GROUP BY f.summary_id`;

// One statement for the batch: the stories (new, or more members), the fingerprints, their bands,
// the summaries' links. Arrays of arrays travel as text[] of array literals.
const WRITE_ASSIGNMENTS = `
  WITH story AS (
    INSERT INTO stories (id, headline, language, summary_count, first_seen_at, last_seen_at, updated_at)
    SELECT u.id, u.headline, u.language, u.n, u.first, u.last, now()
    FROM unnest($1::uuid[], $2::text[], $3::"Language"[], $4::int[], $5::timestamptz[], $6::timestamptz[])
      AS u(id, headline, language, n, first, last)
    ON CONFLICT (id) DO UPDATE SET summary_count = stories.summary_count + excluded.summary_count,
      first_seen_at = least(stories.first_seen_at, excluded.first_seen_at),
      last_seen_at = greatest(stories.last_seen_at, excluded.last_seen_at), updated_at = now()
  ), print AS (
    INSERT INTO summary_fingerprints (summary_id, story_id, language, event_at, tokens, headline_tokens,
      numbers, datasource_id, embedding, match_method, score)
    SELECT u.summary_id, u.story_id, u.language, u.event_at, u.tokens::int[], u.headline_tokens::int[],
      u.numbers::int[], u.datasource_id, u.embedding::float8[], u.method, u.score
    FROM unnest($7::uuid[], $8::uuid[], $9::"Language"[], $10::timestamptz[], $11::text[], $12::text[],
      $13::text[], $14::uuid[], $15::text[], $16::text[], $17::float8[])
      AS u(summary_id, story_id, language, event_at, tokens, headline_tokens, numbers, datasource_id,
        embedding, method, score)
  ), band AS (
    INSERT INTO story_bands (band, event_at, summary_id)
    SELECT * FROM unnest($18::bigint[], $19::timestamptz[], $20::uuid[])
  )
  UPDATE summaries s SET story_id = u.story_id FROM unnest($7::uuid[], $8::uuid[]) AS u(summary_id, story_id)
  WHERE s.id = u.summary_id`;

/**
 * Attaches one summary to a story: the story of the most similar summary in the same language
 * within 72 h (candidates: one shared MinHash band), else, with an embeddings provider, the
 * closest summary in the other language, else a new story. Idempotent; assignments in one
 * language are serialised by an advisory lock so two reports of a new event make one story.
 * Three round trips: the read, the lock with the candidates, the write with the commit.
 */
export async function assignSummaryToStory(deps: AssignDeps, summaryId: string): Promise<AssignOutcome> {
  const [outcome] = await assignSummariesToStories(deps, [summaryId]);
  return outcome!;
}

/**
 * Attaches summaries to stories in the order given, with the same decisions as one at a time in
 * that order: a summary sees the stories of those before it. Up to STORY_BATCH_SIZE share one
 * transaction: one read, one embeddings call, one candidates query for the whole batch, the
 * decisions in memory (matches within the batch included), one write.
 */
export async function assignSummariesToStories(
  deps: AssignDeps,
  summaryIds: readonly string[],
  batchSize = STORY_BATCH_SIZE,
): Promise<AssignOutcome[]> {
  const ids = [...new Set(summaryIds)];
  const outcomes = new Map<string, AssignOutcome>();
  for (let from = 0; from < ids.length; from += batchSize) {
    const batch = ids.slice(from, from + batchSize);
    for (const [id, outcome] of await assignBatch(deps, batch)) outcomes.set(id, outcome);
  }
  return summaryIds.map((id) => outcomes.get(id)!);
}

async function assignBatch(deps: AssignDeps, ids: string[]): Promise<Map<string, AssignOutcome>> {
  const { prisma } = deps;
  const outcomes = new Map<string, AssignOutcome>();
  const rows = await runSql<SummaryRow>(prisma, {
    name: 'stories-read',
    text: READ_SUMMARIES,
    values: [ids],
  });
  const byId = new Map(rows.map((row) => [row.id, row]));
  let items: Item[] = [];
  for (const id of ids) {
    const summary = byId.get(id);
    if (!summary) outcomes.set(id, { status: 'skipped', reason: 'summary deleted' });
    else if (summary.story_id) outcomes.set(id, { status: 'exists', storyId: summary.story_id });
    else {
      const print = fingerprint({
        headline: summary.headline,
        text: summary.content,
        language: summary.language,
      });
      items.push({
        id,
        summary,
        print,
        comparable: { ...print, sourceId: summary.datasource_id, summaryId: id, storyId: '' },
        bands: print.bands.map(String),
        at: new Date(summary.event_at).getTime(),
        embedding: [],
      });
    }
  }
  if (items.length === 0) return outcomes;

  // The provider call happens before the lock: its latency must not hold up other assignments.
  if (deps.embed) {
    const vectors = await deps.embed(
      items.map((item) => `${item.summary.headline}\n${item.summary.content}`.slice(0, EMBED_CHARS)),
    );
    items.forEach((item, index) => {
      item.embedding = vectors[index] ?? [];
    });
  }

  const languages = [...new Set(items.map((item) => item.summary.language))].sort();
  const bands = [...new Set(items.flatMap((item) => item.bands))];
  const times = items.map((item) => item.at);
  const from = new Date(Math.min(...times) - STORY_WINDOW_MS);
  const to = new Date(Math.max(...times) + STORY_WINDOW_MS);

  return inTransaction(prisma, async (_run, script) => {
    const results = await script([
      ...languages.map((language) => ({ text: LOCK_LANGUAGE, values: [`stories:${language}`] })),
      { text: STILL_PENDING, values: [items.map((item) => item.id)] },
      { text: TEXT_CANDIDATES, values: [bands, from, to] },
    ]);
    const pending = new Map(
      (results[languages.length] as { id: string; story_id: string | null }[]).map((r) => [r.id, r.story_id]),
    );
    const members = (results[languages.length + 1] as CandidateRow[]).map(toMember);
    items = items.filter((item) => {
      if (!pending.has(item.id)) outcomes.set(item.id, { status: 'skipped', reason: 'summary deleted' });
      const storyId = pending.get(item.id);
      if (storyId) outcomes.set(item.id, { status: 'exists', storyId });
      return pending.has(item.id) && !storyId;
    });
    if (items.length === 0) return outcomes;

    // Which member each item is closest to in text: it does not depend on the stories yet.
    const textMatches = bestTextMembers(items, members);
    const crossLanguage = items.filter((item, index) => !textMatches[index] && item.embedding.length > 0);
    const others =
      crossLanguage.length > 0 ? await embeddingCandidates(script, items, crossLanguage) : new Map();

    const storyOf = new Map(members.map((member) => [member.summaryId, member.storyId]));
    items.forEach((item, index) => {
      const text = textMatches[index];
      let match: Match | null = null;
      if (text) {
        match = { storyId: storyOf.get(text.summaryId)!, score: text.score };
        item.method = 'text';
      } else if (item.embedding.length > 0) {
        match = bestEmbeddingMatch(
          item.embedding,
          newestOtherLanguage(item, index, items, others.get(item.id)),
        );
        if (match) item.method = 'embedding';
      }
      item.storyId = match?.storyId ?? randomUUID();
      item.method ??= 'new';
      item.score = match?.score ?? null;
      storyOf.set(item.id, item.storyId);
    });

    await script([writeStatement(items)], { commit: true });
    for (const item of items)
      outcomes.set(item.id, {
        status: 'assigned',
        storyId: item.storyId!,
        method: item.method!,
        score: item.score ?? null,
      });
    return outcomes;
  });
}

type Member = Candidate & { at: number; bands: string[] };

const numbers = (text: string | null): number[] => (text ? text.split(',').map(Number) : []);

function toMember(row: CandidateRow): Member {
  return {
    summaryId: row.summary_id,
    storyId: row.story_id,
    tokens: numbers(row.tokens),
    headlineTokens: numbers(row.headline_tokens),
    numbers: numbers(row.numbers),
    sourceId: row.datasource_id,
    at: new Date(row.event_at).getTime(),
    bands: row.bands ? row.bands.split(',') : [],
  };
}

const byId = (a: { summaryId: string }, b: { summaryId: string }) =>
  a.summaryId < b.summaryId ? -1 : a.summaryId > b.summaryId ? 1 : 0;

/**
 * For each item in order, its most similar member above the threshold: stored members and the
 * items before it that share a band and lie within the window. Ties go to the lowest summary id,
 * so a batch and one-at-a-time pick the same member.
 */
function bestTextMembers(items: Item[], members: Member[]): ({ summaryId: string; score: number } | null)[] {
  const byBand = new Map<string, { summaryId: string; at: number; comparable: Candidate }[]>();
  for (const member of members)
    for (const band of member.bands) {
      const list = byBand.get(band) ?? [];
      list.push({ summaryId: member.summaryId, at: member.at, comparable: member });
      byBand.set(band, list);
    }
  return items.map((item) => {
    const seen = new Set<string>();
    const candidates: Candidate[] = [];
    for (const band of item.bands)
      for (const hit of byBand.get(band) ?? []) {
        if (seen.has(hit.summaryId) || Math.abs(hit.at - item.at) > STORY_WINDOW_MS) continue;
        seen.add(hit.summaryId);
        candidates.push(hit.comparable);
      }
    candidates.sort(byId);
    let best: { summaryId: string; score: number } | null = null;
    for (const candidate of candidates) {
      const score = textSimilarity(item.comparable, candidate);
      if (score >= TEXT_MATCH_THRESHOLD && (!best || score > best.score))
        best = { summaryId: candidate.summaryId, score };
    }
    // The item is a candidate of the ones after it.
    for (const band of new Set(item.bands)) {
      const list = byBand.get(band) ?? [];
      list.push({ summaryId: item.id, at: item.at, comparable: item.comparable });
      byBand.set(band, list);
    }
    return best;
  });
}

/** The stored members in the other language for each item that needs them, one query for all. */
async function embeddingCandidates(
  script: RunScript,
  items: Item[],
  wanted: Item[],
): Promise<Map<string, (EmbeddingCandidate & { at: number })[]>> {
  const [rows] = (await script([
    {
      text: EMBEDDING_CANDIDATES,
      values: [
        wanted.map((item) => item.summary.language),
        wanted.map((item) => new Date(item.at - STORY_WINDOW_MS)),
        wanted.map((item) => new Date(item.at + STORY_WINDOW_MS)),
        wanted.map((_, index) => index + 1),
      ],
    },
  ])) as [EmbeddingRow[]];
  const byItem = new Map<string, (EmbeddingCandidate & { at: number })[]>(items.map((item) => [item.id, []]));
  for (const row of rows)
    for (const index of row.items)
      byItem.get(wanted[index - 1]!.id)!.push({
        summaryId: row.summary_id,
        storyId: row.story_id,
        embedding: row.embedding,
        at: new Date(row.event_at).getTime(),
      });
  return byItem;
}

/**
 * The newest MAX_EMBEDDING_CANDIDATES members in the other language within the item's window: the
 * stored ones and the items before it in the batch (with the stories those were given).
 */
function newestOtherLanguage(
  item: Item,
  index: number,
  items: Item[],
  stored: (EmbeddingCandidate & { at: number })[] = [],
): EmbeddingCandidate[] {
  const earlier = items
    .slice(0, index)
    .filter(
      (other) =>
        other.summary.language !== item.summary.language &&
        other.embedding.length > 0 &&
        Math.abs(other.at - item.at) <= STORY_WINDOW_MS,
    )
    .map((other) => ({
      summaryId: other.id,
      storyId: other.storyId!,
      embedding: other.embedding,
      at: other.at,
    }));
  if (earlier.length === 0) return stored;
  return [...earlier, ...stored].sort((a, b) => b.at - a.at).slice(0, MAX_EMBEDDING_CANDIDATES);
}

const arrayLiteral = (values: readonly number[]) => `{${values.join(',')}}`;

function writeStatement(items: Item[]) {
  // One row per story: a new story takes its first member's headline and language.
  const stories = new Map<
    string,
    { headline: string; language: string; n: number; first: number; last: number }
  >();
  for (const item of items) {
    const story = stories.get(item.storyId!);
    if (story) {
      story.n += 1;
      story.first = Math.min(story.first, item.at);
      story.last = Math.max(story.last, item.at);
    } else
      stories.set(item.storyId!, {
        headline: item.summary.headline,
        language: item.summary.language,
        n: 1,
        first: item.at,
        last: item.at,
      });
  }
  const storyRows = [...stories.entries()];
  const bandRows = items.flatMap((item) => [...new Set(item.bands)].map((band) => ({ band, item })));
  return {
    text: WRITE_ASSIGNMENTS,
    values: [
      storyRows.map(([id]) => id),
      storyRows.map(([, story]) => story.headline),
      storyRows.map(([, story]) => story.language),
      storyRows.map(([, story]) => story.n),
      storyRows.map(([, story]) => new Date(story.first)),
      storyRows.map(([, story]) => new Date(story.last)),
      items.map((item) => item.id),
      items.map((item) => item.storyId!),
      items.map((item) => item.summary.language),
      items.map((item) => new Date(item.at)),
      items.map((item) => arrayLiteral(item.print.tokens)),
      items.map((item) => arrayLiteral(item.print.headlineTokens)),
      items.map((item) => arrayLiteral(item.print.numbers)),
      items.map((item) => item.summary.datasource_id),
      items.map((item) => arrayLiteral(item.embedding)),
      items.map((item) => item.method!),
      items.map((item) => item.score ?? null),
      bandRows.map((row) => row.band),
      bandRows.map((row) => new Date(row.item.at)),
      bandRows.map((row) => row.item.id),
    ],
  };
}

/**
 * A summary and the summaries without a story stored after it, oldest first: a clustering job
 * takes the rest of a burst (a crawl's summaries) along in one batch, and their own jobs find them
 * done with one read.
 */
export async function summaryAndLaterUnclusteredIds(
  prisma: PrismaClient,
  summaryId: string,
  limit: number,
): Promise<string[]> {
  const rows = await runSql<{ id: string }>(prisma, {
    name: 'stories-later-unclustered',
    text: `SELECT id FROM summaries WHERE story_id IS NULL AND id <> $1::uuid
      AND created_at >= (SELECT created_at FROM summaries WHERE id = $1::uuid)
      ORDER BY created_at, id LIMIT $2::int`,
    values: [summaryId, Math.max(0, limit - 1)],
  });
  return [summaryId, ...rows.map((row) => row.id)];
}

/** Summaries without a story, oldest first: the backfill and the safety net for lost jobs. */
export async function unclusteredSummaryIds(prisma: PrismaClient, limit: number): Promise<string[]> {
  const rows = await prisma.$queryRaw<{ id: string }[]>(
    Prisma.sql`SELECT id FROM summaries WHERE story_id IS NULL ORDER BY created_at LIMIT ${limit}`,
  );
  return rows.map((row) => row.id);
}
