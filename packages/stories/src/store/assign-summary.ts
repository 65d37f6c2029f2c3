import { randomUUID } from 'node:crypto';
import { Prisma, type PrismaClient } from '@app/db';
import { inTransaction, runSql } from './sql-transaction.ts';
import {
  bestEmbeddingMatch,
  bestTextMatch,
  type Candidate,
  type EmbeddingCandidate,
  type Match,
  STORY_WINDOW_MS,
} from '../decide.ts';
import { fingerprint } from '../fingerprint.ts';
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

type SummaryRow = {
  id: string;
  headline: string;
  content: string;
  language: StoryLanguage;
  datasource_id: string | null;
  story_id: string | null;
  event_at: Date;
};

type CandidateRow = {
  summary_id: string;
  story_id: string;
  tokens: number[];
  headline_tokens: number[];
  numbers: number[];
  datasource_id: string | null;
};

/**
 * Attaches one summary to a story: the story of the most similar summary in the same language
 * within 72 h (candidates: one shared MinHash band), else, with an embeddings provider, the
 * closest summary in the other language, else a new story. Idempotent; assignments in one
 * language are serialised by an advisory lock so two reports of a new event make one story.
 */
const READ_SUMMARY = `
  SELECT s.id, s.headline, s.content, s.language::text AS language, s.datasource_id, s.story_id,
    coalesce(p.published_at, s.created_at) AS event_at
  FROM summaries s LEFT JOIN posts p ON p.id = s.post_id WHERE s.id = $1::uuid`;

// The lock, then whether a concurrent job got there first.
const LOCK_LANGUAGE = `
  SELECT (SELECT story_id FROM summaries WHERE id = $1::uuid) AS story_id
  FROM pg_advisory_xact_lock(hashtext($2::text))`;

const TEXT_CANDIDATES = `
  SELECT f.summary_id, f.story_id, f.tokens, f.headline_tokens, f.numbers, f.datasource_id
  FROM summary_fingerprints f
  WHERE f.summary_id IN (
    SELECT b.summary_id FROM story_bands b
    WHERE b.band = ANY($1::bigint[]) AND b.event_at >= $2 AND b.event_at <= $3)`;

const EMBEDDING_CANDIDATES = `
  SELECT summary_id AS "summaryId", story_id AS "storyId", embedding FROM summary_fingerprints
  WHERE language <> $1::"Language" AND event_at >= $2 AND event_at <= $3 AND cardinality(embedding) > 0
  ORDER BY event_at DESC LIMIT ${MAX_EMBEDDING_CANDIDATES}`;

// One statement: the story (new, or one more member), the fingerprint, its bands, the summary's link.
const WRITE_ASSIGNMENT = `
  WITH story AS (
    INSERT INTO stories (id, headline, language, summary_count, first_seen_at, last_seen_at, updated_at)
    VALUES ($1::uuid, $2, $3::"Language", 1, $4, $4, now())
    ON CONFLICT (id) DO UPDATE SET summary_count = stories.summary_count + 1,
      first_seen_at = least(stories.first_seen_at, excluded.first_seen_at),
      last_seen_at = greatest(stories.last_seen_at, excluded.last_seen_at), updated_at = now()
    RETURNING id
  ), print AS (
    INSERT INTO summary_fingerprints (summary_id, story_id, language, event_at, tokens, headline_tokens,
      numbers, datasource_id, embedding, match_method, score)
    SELECT $5::uuid, id, $3::"Language", $4, $6::int[], $7::int[], $8::int[], $9::uuid, $10::float8[], $11, $12::float8
    FROM story
    RETURNING summary_id
  ), band AS (
    INSERT INTO story_bands (band, event_at, summary_id)
    SELECT DISTINCT unnest($13::bigint[]), $4::timestamptz, summary_id FROM print
  )
  UPDATE summaries SET story_id = $1::uuid WHERE id = $5::uuid`;

/**
 * Attaches one summary to a story: the story of the most similar summary in the same language
 * within 72 h (candidates: one shared MinHash band), else, with an embeddings provider, the
 * closest summary in the other language, else a new story. Idempotent; assignments in one
 * language are serialised by an advisory lock so two reports of a new event make one story.
 */
export async function assignSummaryToStory(deps: AssignDeps, summaryId: string): Promise<AssignOutcome> {
  const { prisma } = deps;
  const [summary] = await runSql<SummaryRow>(prisma, {
    name: 'stories-read',
    text: READ_SUMMARY,
    values: [summaryId],
  });
  if (!summary) return { status: 'skipped', reason: 'summary deleted' };
  if (summary.story_id) return { status: 'exists', storyId: summary.story_id };

  const print = fingerprint({
    headline: summary.headline,
    text: summary.content,
    language: summary.language,
  });
  const comparable = { ...print, sourceId: summary.datasource_id };
  // The provider call happens before the lock: its latency must not hold up other assignments.
  const embedding = deps.embed
    ? ((await deps.embed([`${summary.headline}\n${summary.content}`.slice(0, EMBED_CHARS)]))[0] ?? [])
    : [];
  const at = new Date(summary.event_at);
  const from = new Date(at.getTime() - STORY_WINDOW_MS);
  const to = new Date(at.getTime() + STORY_WINDOW_MS);
  const bands = print.bands.map(String);

  return inTransaction(prisma, async (run) => {
    const [lock] = await run<{ story_id: string | null }>({
      name: 'stories-lock',
      text: LOCK_LANGUAGE,
      values: [summaryId, `stories:${summary.language}`],
    });
    if (lock?.story_id) return { status: 'exists', storyId: lock.story_id } as const;

    let match: Match | null = null;
    let method: 'new' | 'text' | 'embedding' = 'new';
    if (bands.length > 0) {
      const candidates = await run<CandidateRow>({
        name: 'stories-candidates',
        text: TEXT_CANDIDATES,
        values: [bands, from, to],
      });
      match = bestTextMatch(comparable, candidates.map(toCandidate));
      if (match) method = 'text';
    }
    if (!match && embedding.length > 0) {
      const others = await run<EmbeddingCandidate>({
        name: 'stories-embedding-candidates',
        text: EMBEDDING_CANDIDATES,
        values: [summary.language, from, to],
      });
      match = bestEmbeddingMatch(embedding, others);
      if (match) method = 'embedding';
    }
    const storyId = match?.storyId ?? randomUUID();
    await run({
      name: 'stories-write',
      text: WRITE_ASSIGNMENT,
      values: [
        storyId,
        summary.headline,
        summary.language,
        at,
        summaryId,
        print.tokens,
        print.headlineTokens,
        print.numbers,
        summary.datasource_id,
        embedding,
        method,
        match?.score ?? null,
        bands,
      ],
    });
    return { status: 'assigned', storyId, method, score: match?.score ?? null } as const;
  });
}

function toCandidate(row: CandidateRow): Candidate {
  return {
    summaryId: row.summary_id,
    storyId: row.story_id,
    tokens: row.tokens,
    headlineTokens: row.headline_tokens,
    numbers: row.numbers,
    sourceId: row.datasource_id,
  };
}

/** Summaries without a story, oldest first: the backfill and the safety net for lost jobs. */
export async function unclusteredSummaryIds(prisma: PrismaClient, limit: number): Promise<string[]> {
  const rows = await prisma.$queryRaw<{ id: string }[]>(
    Prisma.sql`SELECT id FROM summaries WHERE story_id IS NULL ORDER BY created_at LIMIT ${limit}`,
  );
  return rows.map((row) => row.id);
}
