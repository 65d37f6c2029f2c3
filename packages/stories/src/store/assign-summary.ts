import { randomUUID } from 'node:crypto';
import { Prisma, type PrismaClient } from '@app/db';
import { inTransaction, type RunScript, runSql } from './sql-transaction.ts';
import {
  bestEmbeddingMatch,
  bestStory,
  byFirstMember,
  type Comparable,
  candidateKeys,
  comparedMembers,
  type EmbeddingCandidate,
  type Match,
  STORY_RULE_VERSION,
  STORY_WINDOW_MS,
  type StoryMember,
} from '../decide.ts';
import { type Fingerprint, fingerprint } from '../fingerprint.ts';
import { LEAD_HTML_CHARS, matchText } from '../match-text.ts';
import { dayOf, TERM_WINDOW_DAYS, TermTable } from '../terms.ts';
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
/** Members of one candidate story loaded at most (the newest in the batch's window). */
const MEMBERS_LOADED = 64;

type SummaryRow = {
  id: string;
  headline: string;
  content: string;
  language: StoryLanguage;
  datasource_id: string | null;
  story_id: string | null;
  event_at: Date;
  post_title: string | null;
  post_html: string | null;
  /** The rule its fingerprint was decided under; null without one. */
  rule_version: number | null;
};

/** The arrays as comma-separated text (the bands' int8 values as decimal strings). */
type CandidateRow = {
  summary_id: string;
  story_id: string;
  language: StoryLanguage;
  tokens: string;
  headline_tokens: string;
  numbers: string;
  datasource_id: string | null;
  event_at: Date;
  /** The bands it shares with the batch (null: a member of a candidate's story sharing none). */
  bands: string | null;
};

type TermRow = { language: StoryLanguage; day: number; token: number; n: number };
type TermDayRow = { language: StoryLanguage; day: number; docs: number };

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
  comparable: Comparable;
  /** Its MinHash bands and name keys (int8 as decimal strings): what is stored for later items. */
  keys: string[];
  /** The keys it finds its candidates by, at its turn in the batch. */
  lookup: string[];
  at: number;
  embedding: number[];
  /** The story it was in under an older rule (it leaves it when decided again). */
  previousStoryId?: string | null;
  /** Set once decided: the story and how. */
  storyId?: string;
  method?: 'new' | 'text' | 'embedding';
  score?: number | null;
};

const READ_SUMMARIES = `
  SELECT s.id, s.headline, s.content, s.language::text AS language, s.datasource_id, s.story_id,
    coalesce(p.published_at, s.created_at) AS event_at, p.title AS post_title,
    left(p.content, ${LEAD_HTML_CHARS}) AS post_html, f.rule_version
  FROM summaries s LEFT JOIN posts p ON p.id = s.post_id
  LEFT JOIN summary_fingerprints f ON f.summary_id = s.id
  WHERE s.id = ANY($1::uuid[])`;

// Assignments in one language are serialised: a lock per language, taken in name order (as the
// admin changes take them), each its own statement so the ones after it see what it waited for.
const LOCK_LANGUAGE = `SELECT pg_advisory_xact_lock(hashtext($1::text))`;

// After the lock: which summaries a concurrent job clustered or deleted meanwhile (key-share
// locked, so they cannot be deleted before the commit).
const STILL_PENDING = `
  SELECT s.id, s.story_id, f.rule_version FROM summaries s
  LEFT JOIN summary_fingerprints f ON f.summary_id = s.id
  WHERE s.id = ANY($1::uuid[]) FOR KEY SHARE OF s`;

// Members sharing a candidate key (a MinHash band, or a rare headline word's name key: see
// `candidateKeys`) with any summary of the batch within the batch's window (of the current rule),
// and the other members of their stories in that window, newest first: a story is judged as a
// whole. Which item each one is a candidate of (a shared key, 72 h) is decided in JS.
// The arrays come as comma-separated text: splitting that is several times cheaper than pg's
// array parser.
const TEXT_CANDIDATES = `
  WITH hit AS (
    SELECT b.summary_id, array_agg(b.band) AS bands FROM story_bands b
    WHERE b.band = ANY($1::bigint[]) AND b.event_at >= $2::timestamptz AND b.event_at <= $3::timestamptz
    GROUP BY b.summary_id
  ), hit_story AS (
    SELECT DISTINCT f.story_id FROM hit JOIN summary_fingerprints f ON f.summary_id = hit.summary_id
    WHERE f.rule_version = $4::int
  )
  SELECT m.summary_id, m.story_id, m.language::text AS language, array_to_string(m.tokens, ',') AS tokens,
    array_to_string(m.headline_tokens, ',') AS headline_tokens, array_to_string(m.numbers, ',') AS numbers,
    m.datasource_id, m.event_at, array_to_string(hit.bands, ',') AS bands
  FROM hit_story
  CROSS JOIN LATERAL (
    SELECT * FROM summary_fingerprints f
    WHERE f.story_id = hit_story.story_id AND f.rule_version = $4::int
      AND f.event_at >= $2::timestamptz AND f.event_at <= $3::timestamptz
    ORDER BY f.event_at DESC, f.summary_id LIMIT ${MEMBERS_LOADED}) m
  LEFT JOIN hit ON hit.summary_id = m.summary_id`;

// How common the tokens are in the days the batch's windows read (see terms.ts).
const TERM_COUNTS = `
  SELECT language::text AS language, day, token, n FROM story_terms
  WHERE language = ANY($1::"Language"[]) AND token = ANY($2::int[]) AND day >= $3::int AND day <= $4::int`;
const TERM_DAYS = `
  SELECT language::text AS language, day, docs FROM story_term_days
  WHERE language = ANY($1::"Language"[]) AND day >= $2::int AND day <= $3::int`;

// The newest members in the other language within each item's window (items numbered from 1).
const EMBEDDING_CANDIDATES = `
  SELECT f.summary_id, f.story_id, f.event_at, f.embedding, array_agg(w.item) AS items
  FROM unnest($1::"Language"[], $2::timestamptz[], $3::timestamptz[], $4::int[]) AS w(language, lo, hi, item)
  CROSS JOIN LATERAL (
    SELECT summary_id FROM summary_fingerprints
    WHERE language <> w.language AND event_at >= w.lo AND event_at <= w.hi AND cardinality(embedding) > 0
      AND rule_version = ${STORY_RULE_VERSION}
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
      numbers, datasource_id, embedding, match_method, score, rule_version)
    SELECT u.summary_id, u.story_id, u.language, u.event_at, u.tokens::int[], u.headline_tokens::int[],
      u.numbers::int[], u.datasource_id, u.embedding::float8[], u.method, u.score, ${STORY_RULE_VERSION}
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

// The batch's tokens counted for the next decisions (per language and day, see terms.ts).
const COUNT_TERMS = `
  WITH days AS (
    INSERT INTO story_term_days (language, day, docs)
    SELECT * FROM unnest($5::"Language"[], $6::int[], $7::int[])
    ON CONFLICT (language, day) DO UPDATE SET docs = story_term_days.docs + excluded.docs
  )
  INSERT INTO story_terms (language, day, token, n)
  SELECT * FROM unnest($1::"Language"[], $2::int[], $3::int[], $4::int[])
  ON CONFLICT (language, token, day) DO UPDATE SET n = story_terms.n + excluded.n`;

// Summaries decided under an older rule leave their story before they are decided again: their
// old fingerprints (and bands) go; the stories they leave are recounted after the write, and
// deleted when nothing is left in them.
const DROP_OLD_FINGERPRINTS = `DELETE FROM summary_fingerprints WHERE summary_id = ANY($1::uuid[])`;
const RECOUNT_LEFT_STORIES = `
  WITH counted AS (
    SELECT st.id, count(f.summary_id)::int AS n, min(f.event_at) AS first, max(f.event_at) AS last
    FROM stories st LEFT JOIN summary_fingerprints f ON f.story_id = st.id
    WHERE st.id = ANY($1::uuid[]) GROUP BY st.id
  ), emptied AS (
    DELETE FROM stories st USING counted c
    WHERE st.id = c.id AND c.n = 0 AND NOT EXISTS (SELECT 1 FROM summaries s WHERE s.story_id = st.id)
  )
  UPDATE stories st SET summary_count = c.n, first_seen_at = coalesce(c.first, st.first_seen_at),
    last_seen_at = coalesce(c.last, st.last_seen_at), updated_at = now()
  FROM counted c WHERE st.id = c.id AND c.n > 0`;

// A story left empty by summaries decided again leads to the story most of them went into (a shared
// link to it still opens their story); redirects that led to it follow.
const REDIRECT_LEFT_STORIES = `
  WITH moved AS (
    SELECT old, new, count(*) AS n FROM unnest($1::uuid[], $2::uuid[]) AS m(old, new)
    WHERE old <> new GROUP BY old, new
  ), gone AS (
    SELECT DISTINCT ON (old) old, new FROM moved
    WHERE NOT EXISTS (SELECT 1 FROM stories st WHERE st.id = moved.old)
    ORDER BY old, n DESC, new
  ), repointed AS (
    UPDATE story_redirects r SET to_id = gone.new FROM gone WHERE r.to_id = gone.old
  )
  INSERT INTO story_redirects (from_id, to_id) SELECT old, new FROM gone
  ON CONFLICT (from_id) DO UPDATE SET to_id = excluded.to_id`;

/**
 * Attaches one summary to a story: the story of the most similar summary in the same language
 * within 72 h (candidates: one shared MinHash band or rare headline word), else, with an
 * embeddings provider, the closest summary in the other language, else a new story. Idempotent; assignments in one
 * language are serialised by an advisory lock so two reports of a new event make one story.
 * Four round trips: the read, the lock with the token counts, the candidates (their keys depend on
 * the counts), the write with the commit.
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

/** A fingerprint of the current rule stands; one of an older rule is decided again. */
const isCurrent = (ruleVersion: number | null) => ruleVersion === null || ruleVersion >= STORY_RULE_VERSION;

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
    else if (summary.story_id && isCurrent(summary.rule_version))
      outcomes.set(id, { status: 'exists', storyId: summary.story_id });
    else {
      const print = fingerprint(
        matchText({
          language: summary.language,
          headline: summary.headline,
          content: summary.content,
          postTitle: summary.post_title,
          postHtml: summary.post_html,
        }),
      );
      items.push({
        id,
        summary,
        print,
        comparable: { ...print, sourceId: summary.datasource_id },
        keys: [...print.bands, ...print.names].map(String),
        lookup: [],
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
  const times = items.map((item) => item.at);
  const from = new Date(Math.min(...times) - STORY_WINDOW_MS);
  const to = new Date(Math.max(...times) + STORY_WINDOW_MS);
  const firstDay = dayOf(Math.min(...times)) - TERM_WINDOW_DAYS + 1;
  const lastDay = dayOf(Math.max(...times));
  const itemTokens = [...new Set(items.flatMap((item) => item.print.tokens))];

  return inTransaction(prisma, async (_run, script) => {
    const results = await script([
      ...languages.map((language) => ({ text: LOCK_LANGUAGE, values: [`stories:${language}`] })),
      { text: STILL_PENDING, values: [items.map((item) => item.id)] },
      { text: TERM_COUNTS, values: [languages, itemTokens, firstDay, lastDay] },
      { text: TERM_DAYS, values: [languages, firstDay, lastDay] },
    ]);
    const [pendingRows, termRows, dayRows] = results.slice(languages.length) as [
      { id: string; story_id: string | null; rule_version: number | null }[],
      TermRow[],
      TermDayRow[],
    ];
    const pending = new Map(pendingRows.map((row) => [row.id, row]));
    items = items.filter((item) => {
      const row = pending.get(item.id);
      if (!row) outcomes.set(item.id, { status: 'skipped', reason: 'summary deleted' });
      else if (row.story_id && isCurrent(row.rule_version))
        outcomes.set(item.id, { status: 'exists', storyId: row.story_id });
      else {
        item.previousStoryId = row.story_id;
        return true;
      }
      return false;
    });
    if (items.length === 0) return outcomes;

    // The keys each item looks up at its turn (`candidateKeys`): the counts then are the stored ones
    // and the batch's earlier items' (counted whatever was decided for them), so known now.
    const replay = termTables(languages, termRows, dayRows);
    for (const item of items) {
      const table = replay.get(item.summary.language)!;
      item.lookup = candidateKeys(item.print, table.countsFor(dayOf(item.at))).map(String);
      table.add(dayOf(item.at), item.print.tokens);
    }
    const lookup = [...new Set(items.flatMap((item) => item.lookup))];
    const [candidateRows] = (await script([
      { text: TEXT_CANDIDATES, values: [lookup, from, to, STORY_RULE_VERSION] },
    ])) as [CandidateRow[]];
    const members = candidateRows.map(toMember);
    // The members' own tokens weigh in the similarity too: their counts, where the items lacked them.
    const known = new Set(itemTokens);
    const missing = [...new Set(members.flatMap((member) => member.tokens))].filter((t) => !known.has(t));
    if (missing.length > 0) {
      const [more] = (await script([
        { text: TERM_COUNTS, values: [languages, missing, firstDay, lastDay] },
      ])) as [TermRow[]];
      termRows.push(...more);
    }
    const terms = termTables(languages, termRows, dayRows);

    const decideText = textDecider(members);
    const crossLanguage = items.filter((item) => item.embedding.length > 0);
    const others =
      crossLanguage.length > 0 ? await embeddingCandidates(script, items, crossLanguage) : new Map();

    items.forEach((item, index) => {
      const table = terms.get(item.summary.language)!;
      let match = decideText(item, table);
      if (match) item.method = 'text';
      else if (item.embedding.length > 0) {
        match = bestEmbeddingMatch(
          item.embedding,
          newestOtherLanguage(item, index, items, others.get(item.id)),
        );
        if (match) item.method = 'embedding';
      }
      item.storyId = match?.storyId ?? randomUUID();
      item.method ??= 'new';
      item.score = match?.score ?? null;
      decideText.record(item);
      table.add(dayOf(item.at), item.print.tokens);
    });

    await script(writeStatements(items), { commit: true });
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

function termTables(languages: StoryLanguage[], termRows: TermRow[], dayRows: TermDayRow[]) {
  const terms = new Map(languages.map((language) => [language, new TermTable()]));
  for (const row of termRows) terms.get(row.language)?.load(row.day, row.token, row.n);
  for (const row of dayRows) terms.get(row.language)?.loadDocs(row.day, row.docs);
  return terms;
}

type Member = StoryMember & { language: StoryLanguage; bands: string[] };

const numbers = (text: string | null): number[] => (text ? text.split(',').map(Number) : []);

function toMember(row: CandidateRow): Member {
  return {
    summaryId: row.summary_id,
    storyId: row.story_id,
    language: row.language,
    tokens: numbers(row.tokens),
    // Stored in the headline's order (rule 3 on); compared sorted.
    headlineOrder: numbers(row.headline_tokens),
    headlineTokens: [...new Set(numbers(row.headline_tokens))].sort((a, b) => a - b),
    numbers: numbers(row.numbers),
    sourceId: row.datasource_id,
    at: new Date(row.event_at).getTime(),
    bands: row.bands ? row.bands.split(',') : [],
  };
}

/**
 * The text decision for the batch's items in order, as the offline index makes it: the stories of
 * the members sharing a candidate key with the item within the window (stored ones, and the
 * batch's earlier items once `record`ed), each judged as a whole by its members in the item's
 * language.
 */
function textDecider(members: Member[]) {
  const byBand = new Map<string, Member[]>();
  const byStory = new Map<string, Member[]>();
  const add = (member: Member) => {
    for (const band of member.bands) {
      const list = byBand.get(band) ?? [];
      list.push(member);
      byBand.set(band, list);
    }
    const list = byStory.get(member.storyId) ?? [];
    list.push(member);
    byStory.set(member.storyId, list);
  };
  for (const member of members) add(member);

  const decide = (item: Item, terms: TermTable): Match | null => {
    const storyIds = new Set<string>();
    for (const band of item.lookup)
      for (const hit of byBand.get(band) ?? [])
        if (Math.abs(hit.at - item.at) <= STORY_WINDOW_MS) storyIds.add(hit.storyId);
    if (storyIds.size === 0) return null;
    const stories = byFirstMember(
      [...storyIds].map((storyId) => ({
        storyId,
        members: comparedMembers(
          byStory.get(storyId)!.filter((member) => member.language === item.summary.language),
          item.at,
        ),
      })),
    );
    return bestStory(item.comparable, stories, terms.countsFor(dayOf(item.at)));
  };
  return Object.assign(decide, {
    record: (item: Item) =>
      add({
        ...item.comparable,
        summaryId: item.id,
        storyId: item.storyId!,
        at: item.at,
        language: item.summary.language,
        bands: [...new Set(item.keys)],
      }),
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

/**
 * The batch's write: items decided again leave their old fingerprints; the stories, fingerprints,
 * bands and links; the token counts; the recount of the stories left behind, and where the emptied
 * ones' addresses lead.
 */
function writeStatements(items: Item[]) {
  const again = items.filter((item) => item.previousStoryId !== undefined && item.previousStoryId !== null);
  const left = [...new Set(again.map((item) => item.previousStoryId!))];
  return [
    ...(again.length > 0 ? [{ text: DROP_OLD_FINGERPRINTS, values: [again.map((item) => item.id)] }] : []),
    writeStatement(items),
    countTermsStatement(items),
    ...(left.length > 0
      ? [
          { text: RECOUNT_LEFT_STORIES, values: [left] },
          {
            text: REDIRECT_LEFT_STORIES,
            values: [again.map((item) => item.previousStoryId!), again.map((item) => item.storyId!)],
          },
        ]
      : []),
  ];
}

/** Per language and day: documents, and each token's count (one row per key, as ON CONFLICT needs). */
function countTermsStatement(items: Item[]) {
  const days = new Map<string, { language: string; day: number; docs: number }>();
  const terms = new Map<string, { language: string; day: number; token: number; n: number }>();
  for (const item of items) {
    const language = item.summary.language;
    const day = dayOf(item.at);
    const key = `${language}:${day}`;
    const counted = days.get(key) ?? { language, day, docs: 0 };
    counted.docs += 1;
    days.set(key, counted);
    for (const token of item.print.tokens) {
      const termKey = `${key}:${token}`;
      const term = terms.get(termKey) ?? { language, day, token, n: 0 };
      term.n += 1;
      terms.set(termKey, term);
    }
  }
  const termRows = [...terms.values()];
  const dayRows = [...days.values()];
  return {
    text: COUNT_TERMS,
    values: [
      termRows.map((row) => row.language),
      termRows.map((row) => row.day),
      termRows.map((row) => row.token),
      termRows.map((row) => row.n),
      dayRows.map((row) => row.language),
      dayRows.map((row) => row.day),
      dayRows.map((row) => row.docs),
    ],
  };
}

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
  const bandRows = items.flatMap((item) => [...new Set(item.keys)].map((band) => ({ band, item })));
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
      items.map((item) => arrayLiteral(item.print.headlineOrder)),
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

/**
 * Summaries to decide, `limit` at most: those without a story, oldest first (the backfill and the
 * safety net for lost jobs), then those decided under an older rule, by event time (the upgrade's
 * re-clustering, resumable: each batch leaves its summaries on the current rule).
 */
export async function unclusteredSummaryIds(prisma: PrismaClient, limit: number): Promise<string[]> {
  const rows = await prisma.$queryRaw<{ id: string }[]>(
    Prisma.sql`SELECT id FROM summaries WHERE story_id IS NULL ORDER BY created_at LIMIT ${limit}`,
  );
  if (rows.length >= limit) return rows.map((row) => row.id);
  const older = await prisma.$queryRaw<{ id: string }[]>(
    Prisma.sql`SELECT summary_id AS id FROM summary_fingerprints WHERE rule_version < ${STORY_RULE_VERSION}
      ORDER BY event_at, summary_id LIMIT ${limit - rows.length}`,
  );
  return [...rows, ...older].map((row) => row.id);
}

/** How far the stories are on the current rule: summaries decided under it, and all summaries. */
export async function storyRuleProgress(
  prisma: PrismaClient,
): Promise<{ current: number; older: number; unclustered: number; ruleVersion: number }> {
  const [row] = await prisma.$queryRaw<{ current: number; older: number; unclustered: number }[]>(
    Prisma.sql`SELECT
      (SELECT count(*)::int FROM summary_fingerprints WHERE rule_version >= ${STORY_RULE_VERSION}) AS current,
      (SELECT count(*)::int FROM summary_fingerprints WHERE rule_version < ${STORY_RULE_VERSION}) AS older,
      (SELECT count(*)::int FROM summaries WHERE story_id IS NULL) AS unclustered`,
  );
  return { ...row!, ruleVersion: STORY_RULE_VERSION };
}

/** Days of token counts kept: the window reads seven; older events decided again count theirs anew. */
export const TERM_RETENTION_DAYS = 60;

/**
 * Drops the token counts of days before `beforeDay` (days since 1970-01-01). Run by the backlog job
 * once nothing is left to decide, so a re-clustering pass never loses the counts it is reading.
 */
export async function pruneStoryTerms(prisma: PrismaClient, beforeDay: number): Promise<number> {
  const terms = await prisma.$executeRaw`DELETE FROM story_terms WHERE day < ${beforeDay}`;
  await prisma.$executeRaw`DELETE FROM story_term_days WHERE day < ${beforeDay}`;
  return terms;
}
