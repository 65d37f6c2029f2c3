import { type StoryLanguage, tokenize } from '@app/stories';

/**
 * "For you": a reader's candidates (the newest summaries the list would show) ranked by what the
 * reader follows, saved and read, and by each story's coverage and recency; each with the reason it
 * is there. Pure: the gateway loads the candidates and the history, the replay test measures this.
 */

/** One summary the list could show. */
export type Candidate = {
  id: string;
  headline: string;
  language: StoryLanguage;
  /** Epoch milliseconds. */
  createdAt: number;
  topicId: string | null;
  datasourceId: string | null;
  storyId: string | null;
  /** Reports in the story (1: this one alone). */
  storySize: number;
  /** The reader has read it. */
  read: boolean;
};

/** What the reader did: follows, saved summaries (newest first), reads (newest first). */
export type ReaderHistory = {
  followedTopics: readonly string[];
  followedSources: readonly string[];
  saved: readonly {
    id: string;
    headline: string;
    language: StoryLanguage;
    storyId: string | null;
    topicId: string | null;
    datasourceId: string | null;
  }[];
  reads: readonly { topicId: string | null; datasourceId: string | null }[];
};

/** Why a card is in the reader's order (the web says it in the reader's language). */
export type Reason =
  | { kind: 'followed_source'; datasource_id: string }
  | { kind: 'followed_topic'; topic_id: string }
  | { kind: 'like_saved'; summary_id: string }
  | { kind: 'read_topic'; topic_id: string }
  | { kind: 'read_source'; datasource_id: string }
  | { kind: 'coverage'; sources: number }
  | { kind: 'recent' };

export type Ranked<T extends Candidate> = { item: T; score: number; reason: Reason };

/** Weights of each signal (a followed source is the most precise wish). */
export const WEIGHTS = {
  followedSource: 4,
  followedTopic: 3,
  likeSaved: 3,
  readTopic: 6,
  readSource: 3,
  coverage: 0.4,
  recency: 1.5,
} as const;
/** Recency halves about every this many hours (exponential decay with this time constant). */
export const RECENCY_HOURS = 24;
/** A read card keeps this share of its score: it sinks below what is new to the reader. */
export const READ_FACTOR = 0.25;
/** A saved summary is "like" a candidate from this similarity on (same story: 1). */
export const LIKE_THRESHOLD = 0.2;
/** Each card already picked from a source beyond its first multiplies the next one's score by this... */
export const SAME_SOURCE_FACTOR = 0.9;
/** ...and no source has more than this many of the first ten while others are left. */
export const MAX_PER_SOURCE_IN_TOP = 6;
export const TOP = 10;
/** A saved summary says as much about the reader's topics and sources as this many reads. */
export const SAVED_AS_READS = 3;
/** The saved summaries and reads one ranking weighs, newest first. */
export const HISTORY_SAVED = 50;
export const HISTORY_READS = 300;

/** Whether the reader has done anything to rank by: without history the date order stands. */
export function hasHistory(history: ReaderHistory): boolean {
  return (
    history.followedTopics.length > 0 ||
    history.followedSources.length > 0 ||
    history.saved.length > 0 ||
    history.reads.length > 0
  );
}

/**
 * What ranking needs of a window of candidates whatever the reader: the date order, each headline's
 * words and each word's weight within the window, each topic's and source's share of it. A window
 * ranked for many readers is prepared once (see rankForYou).
 */
export type PreparedCandidates<T extends Candidate> = {
  readonly byDate: readonly T[];
  /** Each candidate's headline words, in `byDate` order. */
  readonly words: readonly ReadonlySet<string>[];
  /** The same words with their weights, in the sets' order, and their sum (likeness reads them per pair). */
  readonly weighted: readonly WeightedWords[];
  /** Each word's weight: rarer within the window weighs more. */
  readonly weight: (word: string) => number;
  readonly topicShares: ReadonlyMap<string, number>;
  readonly sourceShares: ReadonlyMap<string, number>;
};

export function prepareCandidates<T extends Candidate>(candidates: readonly T[]): PreparedCandidates<T> {
  const byDate = [...candidates].sort((a, b) => b.createdAt - a.createdAt || (a.id < b.id ? 1 : -1));
  const words = byDate.map((item) => headlineWords(item.headline, item.language));
  const df = new Map<string, number>();
  for (const set of words) for (const word of set) df.set(word, (df.get(word) ?? 0) + 1);
  const weights = new Map<string, number>();
  const weight = (word: string) => {
    let w = weights.get(word);
    if (w === undefined) {
      w = Math.log((byDate.length + 1) / ((df.get(word) ?? 0) + 1)) + 0.1;
      weights.set(word, w);
    }
    return w;
  };
  return {
    byDate,
    words,
    weighted: words.map((set) => weighWords(set, weight)),
    weight,
    topicShares: shares(byDate.map((item) => item.topicId)),
    sourceShares: shares(byDate.map((item) => item.datasourceId)),
  };
}

/**
 * The candidates in the reader's order, each with its score and reason. Without history: the date
 * order (newest first), each with the reason `recent` or `coverage`. With `first`, only the first
 * that many (the same as the whole order's first ones): a page needs no more of the order than itself.
 * `candidates` may come prepared (prepareCandidates), with the reader's reads among them as `readIds`
 * (a candidate counts as read when either says so).
 */
export function rankForYou<T extends Candidate>(
  candidates: readonly T[] | PreparedCandidates<T>,
  history: ReaderHistory,
  now: number,
  first = Number.POSITIVE_INFINITY,
  readIds?: ReadonlySet<string>,
): Ranked<T>[] {
  const prepared = 'byDate' in candidates ? candidates : prepareCandidates(candidates);
  const { byDate } = prepared;
  if (!hasHistory(history))
    return byDate.slice(0, first).map((item) => ({ item, score: 0, reason: baseReason(item) }));

  const followedTopics = new Set(history.followedTopics);
  const followedSources = new Set(history.followedSources);
  const saved = history.saved.slice(0, HISTORY_SAVED);
  // What the reader reads and saves, as shares of their attention per topic and per source.
  const attention = [
    ...history.reads.slice(0, HISTORY_READS),
    ...saved.flatMap((item) => Array<(typeof saved)[number]>(SAVED_AS_READS).fill(item)),
  ];
  // Attention beyond what the window offers anyway: reading a topic as often as it appears is no wish.
  const topicShare = lift(shares(attention.map((read) => read.topicId)), prepared.topicShares);
  const sourceShare = lift(shares(attention.map((read) => read.datasourceId)), prepared.sourceShares);
  const like = likeness(prepared, saved);

  const scored = byDate.map((item) => {
    // The signals in a fixed order: their sum, and the strongest (the first of equals) as the reason.
    let interest = 0;
    let strongest = 0;
    let reason: Reason | null = null;
    const signal = (weight: number, why: () => Reason) => {
      interest += weight;
      if (reason === null || weight > strongest) {
        strongest = weight;
        reason = why();
      }
    };
    const { topicId, datasourceId } = item;
    if (datasourceId && followedSources.has(datasourceId))
      signal(WEIGHTS.followedSource, () => ({ kind: 'followed_source', datasource_id: datasourceId }));
    if (topicId && followedTopics.has(topicId))
      signal(WEIGHTS.followedTopic, () => ({ kind: 'followed_topic', topic_id: topicId }));
    const liked = like.get(item.id);
    if (liked)
      signal(WEIGHTS.likeSaved * liked.score, () => ({ kind: 'like_saved', summary_id: liked.savedId }));
    const readTopic = topicId ? (topicShare.get(topicId) ?? 0) : 0;
    if (readTopic > 0 && topicId)
      signal(WEIGHTS.readTopic * readTopic, () => ({ kind: 'read_topic', topic_id: topicId }));
    const readSource = datasourceId ? (sourceShare.get(datasourceId) ?? 0) : 0;
    if (readSource > 0 && datasourceId)
      signal(WEIGHTS.readSource * readSource, () => ({ kind: 'read_source', datasource_id: datasourceId }));
    const ageHours = Math.max(0, now - item.createdAt) / 3_600_000;
    const base =
      interest +
      WEIGHTS.coverage * Math.log2(Math.max(1, item.storySize)) +
      WEIGHTS.recency * Math.exp(-ageHours / RECENCY_HOURS);
    const score = item.read || readIds?.has(item.id) ? base * READ_FACTOR : base;
    return { item, score, reason: reason ?? baseReason(item) };
  });
  return diversify(scored, first);
}

function baseReason(item: Candidate): Reason {
  return item.storySize >= 2 ? { kind: 'coverage', sources: item.storySize } : { kind: 'recent' };
}

/** Each value's share of the list (nulls left out of both). */
function shares(values: readonly (string | null)[]): Map<string, number> {
  const counts = new Map<string, number>();
  let total = 0;
  for (const value of values) {
    if (!value) continue;
    counts.set(value, (counts.get(value) ?? 0) + 1);
    total++;
  }
  for (const [value, n] of counts) counts.set(value, n / total);
  return counts;
}

/** How much more of each value the reader's share holds than the window's (0 when no more). */
function lift(reader: Map<string, number>, window: ReadonlyMap<string, number>): Map<string, number> {
  const lifted = new Map<string, number>();
  for (const [value, share] of reader) {
    const more = share - (window.get(value) ?? 0);
    if (more > 0) lifted.set(value, more);
  }
  return lifted;
}

/** Headlines' words, kept for the headlines ranked lately (the same window is ranked again and again). */
const wordsKept = new Map<string, ReadonlySet<string>>();
/** How many headlines' words are kept (a few hundred bytes each). */
const WORDS_KEPT = 5000;

function headlineWords(headline: string, language: StoryLanguage): ReadonlySet<string> {
  const key = `${language}:${headline}`;
  const words = wordsKept.get(key) ?? new Set(tokenize(headline, language));
  // Least recently ranked first: a headline ranked again moves to the end.
  wordsKept.delete(key);
  wordsKept.set(key, words);
  if (wordsKept.size > WORDS_KEPT) wordsKept.delete(wordsKept.keys().next().value as string);
  return words;
}

/**
 * Each candidate's most similar saved summary: 1 for the same story; otherwise the share of the
 * shorter headline's weight (rarer words weigh more, within the candidates) found in the other,
 * same language only. Below LIKE_THRESHOLD: not like it. Each headline's words and each word's
 * weight are taken once per window (prepareCandidates), not once per pair.
 */
function likeness(
  prepared: PreparedCandidates<Candidate>,
  saved: ReaderHistory['saved'],
): Map<string, { score: number; savedId: string }> {
  const found = new Map<string, { score: number; savedId: string }>();
  if (saved.length === 0) return found;
  const { byDate: candidates, words: candidateWords, weighted, weight } = prepared;
  const savedWords = saved.map((s) => headlineWords(s.headline, s.language));
  const savedWeighted = savedWords.map((set) => weighWords(set, weight));
  const savedIds = new Set(saved.map((s) => s.id));
  candidates.forEach((item, index) => {
    if (savedIds.has(item.id)) return;
    let best: { score: number; savedId: string } | undefined;
    const mine = candidateWords[index]!;
    saved.forEach((s, j) => {
      let score = 0;
      if (s.storyId && s.storyId === item.storyId) score = 1;
      else if (s.language === item.language) {
        const theirs = savedWords[j]!;
        // The shorter headline's words, each weighed once per window (or per saved summary).
        const [small, large] =
          mine.size <= theirs.size ? [weighted[index]!, theirs] : [savedWeighted[j]!, mine];
        let shared = 0;
        for (let k = 0; k < small.words.length; k++) {
          if (large.has(small.words[k]!)) shared += small.weights[k]!;
        }
        score = small.total > 0 ? shared / small.total : 0;
      }
      if (score >= LIKE_THRESHOLD && (!best || score > best.score)) best = { score, savedId: s.id };
    });
    if (best) found.set(item.id, best);
  });
  return found;
}

/** A headline's words with their weights, in the set's order, and their sum in that order. */
type WeightedWords = { words: readonly string[]; weights: readonly number[]; total: number };

function weighWords(set: ReadonlySet<string>, weight: (word: string) => number): WeightedWords {
  const words = [...set];
  const weights = words.map(weight);
  let total = 0;
  for (const w of weights) total += w;
  return { words, weights, total };
}

/**
 * Highest score first, each pick past a source's first discounting the next from it (SAME_SOURCE_FACTOR
 * per card), and at most MAX_PER_SOURCE_IN_TOP of one source in the first TOP while
 * another source is left: a reader's top ten is never one source.
 */
function diversify<T extends Candidate>(scored: Ranked<T>[], first: number): Ranked<T>[] {
  const n = scored.length;
  // Each entry's source key, taken once.
  const sources = scored.map((entry) => entry.item.datasourceId ?? `summary:${entry.item.id}`);
  const leftOf = new Map<string, number>();
  for (const source of sources) leftOf.set(source, (leftOf.get(source) ?? 0) + 1);
  // Highest score first, the earlier entry first among equals. A pick's value never exceeds its score,
  // so a pick looks only as far as the first score below the best value found: the same pick as
  // looking at every entry (the greatest value, the earliest entry among equal values).
  const byScore = Array.from({ length: n }, (_, i) => i).sort(
    (a, b) => scored[b]!.score - scored[a]!.score || a - b,
  );
  const taken = new Uint8Array(n);
  let left = n;
  let earliest = 0;
  const picked: Ranked<T>[] = [];
  const pickedOf = new Map<string, number>();
  while (left > 0 && picked.length < first) {
    while (taken[earliest]) earliest++;
    // When every entry left is held back, the earliest one left.
    let bestIndex = earliest;
    let bestValue = Number.NEGATIVE_INFINITY;
    let found = false;
    for (const i of byScore) {
      if (taken[i]) continue;
      const { score } = scored[i]!;
      if (score < bestValue) break;
      const source = sources[i]!;
      const seen = pickedOf.get(source) ?? 0;
      const othersLeft = left > (leftOf.get(source) ?? 0);
      if (picked.length < TOP && seen >= MAX_PER_SOURCE_IN_TOP && othersLeft) continue;
      const value = score * SAME_SOURCE_FACTOR ** Math.max(0, seen - 1);
      if (value > bestValue || (value === bestValue && found && i < bestIndex)) {
        bestValue = value;
        bestIndex = i;
        found = true;
      }
    }
    taken[bestIndex] = 1;
    left--;
    picked.push(scored[bestIndex]!);
    const source = sources[bestIndex]!;
    pickedOf.set(source, (pickedOf.get(source) ?? 0) + 1);
    leftOf.set(source, (leftOf.get(source) ?? 0) - 1);
  }
  return picked;
}
