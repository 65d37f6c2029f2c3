import { cosine, type Fingerprint, jaccard, NO_LABEL } from './fingerprint.ts';
import { keyedDf, type TermCounts } from './terms.ts';

/**
 * The rule a fingerprint was decided under; stored with it. Fingerprints of an older rule are
 * re-decided by the backlog job (oldest first) and are never candidates of a newer one.
 * 2: weighted by how rare a token is in the window, matched against the story as a whole.
 * 3: headlines must cover each other (HEADLINE_COVERAGE) and not lead with other names
 *    (`leadsApart`); numbers part events only as other editions or versions of one name
 *    (`numbersConflict`).
 * 4: candidates also by a shared rare headline word (`candidateKeys`): reports of one event told
 *    in other words, which share no MinHash band, are compared at all.
 * 5: a story's members agree with the item by the similarity of their words, not the full match
 *    (`TextScores`); the closest member must still match.
 */
export const STORY_RULE_VERSION = 5;

/**
 * Same event in the same language: similarity to the story's closest member at least this, when
 * the two share a distinctive headline word (a name: see `distinctive` in terms.ts)...
 */
export const TEXT_MATCH_THRESHOLD = 0.2;
/** ...and at least this when they share none (the same story told without its names). */
export const UNANCHORED_MATCH_THRESHOLD = 0.5;
/**
 * A member "agrees" with the item at this similarity of their words (`TextScores.similarity`: the
 * weighting of the match, without the headline tests); most of a story's members must agree.
 */
export const MEMBER_AGREEMENT_THRESHOLD = 0.14;
/** Same event across languages: embedding cosine of the best-matching member at least this. */
export const EMBEDDING_MATCH_THRESHOLD = 0.85;
/** Members more than this apart in event time are never the same story. */
export const STORY_WINDOW_MS = 72 * 3600 * 1000;
/** A story is judged by its newest members in the item's window, this many at most. */
export const MAX_COMPARED_MEMBERS = 24;

/**
 * Two summaries from one source are the same event only with near-identical headlines carrying the
 * same numbers (an update); an outlet's daily issues and numbered episodes are separate events.
 */
export const SAME_SOURCE_HEADLINE_THRESHOLD = 0.6;
/** Headline words weigh this many times a word of the lead. */
export const HEADLINE_WEIGHT = 2;
/**
 * Two items must share at least this many tokens that are not common in the window (see
 * `informative` in terms.ts): one shared word ("Update") is no event.
 */
export const MIN_SHARED_TOKENS = 3;
/**
 * Each headline's informative words, weighted by rarity, must be found in the other item (its
 * headline or lead) at least this much: a report names its event in its headline, so an item that
 * only mentions the other in passing (a daily roundup listing the day's headlines, a story of the
 * same kind at another company) is not the same event.
 */
export const HEADLINE_COVERAGE = 0.3;

export type Comparable = {
  /** Sorted distinct token hashes of the headline and the lead. */
  tokens: readonly number[];
  /** Sorted distinct hashes of the headline's tokens. */
  headlineTokens: readonly number[];
  /** The headline's distinct token hashes in the headline's order. */
  headlineOrder: readonly number[];
  numbers: readonly number[];
  /** The datasource: one outlet's episodes share boilerplate, not events. */
  sourceId: string | null;
};
export type StoryMember = Comparable & { summaryId: string; storyId: string; at: number };
/** A story as the item sees it: its members in the item's language and window. */
export type CandidateStory = { storyId: string; members: readonly StoryMember[] };
export type EmbeddingCandidate = { summaryId: string; storyId: string; embedding: readonly number[] };
export type Match = { storyId: string; score: number };

/** The values of flattened [label, value] pairs whose label is `label` (any label: undefined). */
function valuesOf(numbers: readonly number[], label?: number): Set<number> {
  const values = new Set<number>();
  for (let i = 0; i < numbers.length; i += 2)
    if (label === undefined || numbers[i] === label) values.add(numbers[i + 1]!);
  return values;
}

const someNotIn = (a: Set<number>, b: Set<number>) => [...a].some((value) => !b.has(value));

/**
 * Numbers that tell two events apart: other editions of one headline (each has a number the other
 * lacks: "Q2 2022 Product Updates" and "Q4 2022 …"), or, with no number in common, one name with
 * other numbers ("Lumen 4" and "Lumen 4.1", "Episode 45" and "Episode 49"). Other differences are
 * the same event counted in other units ("$210 million", "$210M"; "20 robots", "6 finished").
 */
export function numbersConflict(a: Comparable, b: Comparable): boolean {
  if (a.numbers.length === 0 || b.numbers.length === 0) return false;
  const va = valuesOf(a.numbers);
  const vb = valuesOf(b.numbers);
  if (
    someNotIn(va, vb) &&
    someNotIn(vb, va) &&
    jaccard(a.headlineTokens, b.headlineTokens) >= EDITION_HEADLINE_THRESHOLD
  )
    return true;
  if ([...va].some((value) => vb.has(value))) return false;
  for (let i = 0; i < a.numbers.length; i += 2) {
    const label = a.numbers[i]!;
    if (label !== NO_LABEL && valuesOf(b.numbers, label).size > 0) return true;
  }
  return false;
}
/** Headlines this alike (Jaccard of their words) with other numbers are other editions. */
export const EDITION_HEADLINE_THRESHOLD = 0.5;

/**
 * Headlines led by other names: the first distinctive word of each (in a headline, mostly its
 * subject: the company, the product, the person) is missing from the other item altogether. "Sun
 * Pharmaceutical Issues Voluntary Recall of …" and "Alvogen Issues Voluntary Recall of …" share a
 * template, not an event; "Parsec raises $40M" and "Northgate leads round in Parsec" name each
 * other's subject.
 */
export function leadsApart(a: Comparable, b: Comparable, counts: TermCounts): boolean {
  const leadA = a.headlineOrder.find((token) => counts.distinctive(token));
  const leadB = b.headlineOrder.find((token) => counts.distinctive(token));
  return (
    leadA !== undefined && leadB !== undefined && !contains(b.tokens, leadA) && !contains(a.tokens, leadB)
  );
}

/**
 * The keys an item's candidates are found by: its MinHash bands, and the name keys of its rarest
 * headline tokens (MAX_NAME_LOOKUPS) among those some other summary of the window holds and at
 * most `keyedDf` do (see `nameKey` in fingerprint.ts). Every name key is stored; which are looked
 * up is judged with the counts of the item's window.
 */
export function candidateKeys(
  print: Pick<Fingerprint, 'bands' | 'names' | 'headlineOrder'>,
  counts: TermCounts,
): bigint[] {
  const most = keyedDf(counts.docs);
  const names = print.names
    .map((key, index) => ({ key, df: counts.df(print.headlineOrder[index]!), index }))
    .filter(({ df }) => df >= 1 && df <= most)
    // The rarest first (ties: the headline's order).
    .sort((a, b) => a.df - b.df || a.index - b.index)
    .slice(0, MAX_NAME_LOOKUPS);
  return [...print.bands, ...names.map(({ key }) => key)];
}
/** Name keys an item looks up at most: its rarest headline words. */
export const MAX_NAME_LOOKUPS = 4;

/** The share of `doc`'s informative headline weight found among `other`'s tokens. */
function headlineCoverage(doc: Comparable, other: Comparable, counts: TermCounts): number {
  let total = 0;
  let found = 0;
  for (const token of doc.headlineTokens) {
    if (!counts.informative(token)) continue;
    const weight = counts.idf(token);
    total += weight;
    if (contains(other.tokens, token)) found += weight;
  }
  return total === 0 ? 0 : found / total;
}

function contains(sorted: readonly number[], value: number): boolean {
  let lo = 0;
  let hi = sorted.length - 1;
  while (lo <= hi) {
    const mid = (lo + hi) >> 1;
    const at = sorted[mid]!;
    if (at === value) return true;
    if (at < value) lo = mid + 1;
    else hi = mid - 1;
  }
  return false;
}

const weightIn = (doc: Comparable, token: number, idf: number) =>
  contains(doc.headlineTokens, token) ? idf * HEADLINE_WEIGHT : idf;

function sameValues(a: readonly number[], b: readonly number[]): boolean {
  return a.length === b.length && a.every((value, index) => value === b[index]);
}

/**
 * Cosine similarity of two items' tokens, each weighted by its rarity in the window (inverse
 * document frequency; headline words count double), so templates, sign-offs and the week's
 * buzzwords weigh next to nothing. Zero when the numbers tell the events apart (`numbersConflict`),
 * when fewer than MIN_SHARED_TOKENS informative tokens are shared, when either headline is not
 * covered by the other item (HEADLINE_COVERAGE) or they lead with other names (`leadsApart`),
 * within one source unless the headlines nearly
 * match with the same numbers, and below UNANCHORED_MATCH_THRESHOLD when no distinctive word of
 * either headline is shared.
 */
export function textSimilarity(a: Comparable, b: Comparable, counts: TermCounts): number {
  return textScores(a, b, counts).match;
}

/**
 * Two measures of one comparison. `match`: `textSimilarity`, whether the two are one event. And
 * `similarity`: the same weighted cosine before the headline tests (coverage, leads, anchor), still
 * zero when the numbers conflict, within one source, or with fewer than MIN_SHARED_TOKENS
 * informative tokens shared: whether the two are about the same thing at all, which is what a story's
 * other members are asked (see `bestStory`). A follow-up headlined on its own angle ("Cobalt responds
 * to authors' lawsuit") matches the report it answers and is about the same thing as the story's
 * other reports ("Writers take Cobalt to court"), whose headlines need not cover its own.
 */
export type TextScores = { match: number; similarity: number };

export function textScores(a: Comparable, b: Comparable, counts: TermCounts): TextScores {
  const none = { match: 0, similarity: 0 };
  if (numbersConflict(a, b)) return none;
  if (a.sourceId && a.sourceId === b.sourceId) {
    if (
      jaccard(a.headlineTokens, b.headlineTokens) < SAME_SOURCE_HEADLINE_THRESHOLD ||
      !sameValues(a.numbers, b.numbers)
    )
      return none;
  }
  const x = a.tokens;
  const y = b.tokens;
  let i = 0;
  let j = 0;
  let dot = 0;
  let normA = 0;
  let normB = 0;
  let informative = 0;
  let anchored = false;
  while (i < x.length || j < y.length) {
    if (j >= y.length || (i < x.length && x[i]! < y[j]!)) {
      const w = weightIn(a, x[i]!, counts.idf(x[i]!));
      normA += w * w;
      i++;
    } else if (i >= x.length || y[j]! < x[i]!) {
      const w = weightIn(b, y[j]!, counts.idf(y[j]!));
      normB += w * w;
      j++;
    } else {
      const token = x[i]!;
      const idf = counts.idf(token);
      const wa = weightIn(a, token, idf);
      const wb = weightIn(b, token, idf);
      dot += wa * wb;
      normA += wa * wa;
      normB += wb * wb;
      if (counts.informative(token)) informative++;
      if (
        !anchored &&
        counts.distinctive(token) &&
        (contains(a.headlineTokens, token) || contains(b.headlineTokens, token))
      )
        anchored = true;
      i++;
      j++;
    }
  }
  if (informative < MIN_SHARED_TOKENS || normA === 0 || normB === 0) return none;
  const similarity = dot / Math.sqrt(normA * normB);
  if (
    headlineCoverage(a, b, counts) < HEADLINE_COVERAGE ||
    headlineCoverage(b, a, counts) < HEADLINE_COVERAGE ||
    leadsApart(a, b, counts)
  )
    return { match: 0, similarity };
  return { match: anchored || similarity >= UNANCHORED_MATCH_THRESHOLD ? similarity : 0, similarity };
}

/**
 * The story the item joins, judged as a whole: its closest member must match
 * (TEXT_MATCH_THRESHOLD) and more than half of its members (in the item's language and window, the
 * newest MAX_COMPARED_MEMBERS) must agree: be about the same thing (`TextScores.similarity` at
 * least MEMBER_AGREEMENT_THRESHOLD). So a report that resembles
 * one member only does not pull its own neighbours in: A~B and B~C leave A and C apart unless
 * C also resembles A. Among stories that qualify, the highest mean similarity wins; ties go to
 * the first story in the given order. The score is that mean.
 */
export function bestStory(
  item: Comparable,
  stories: readonly CandidateStory[],
  counts: TermCounts,
): Match | null {
  let best: Match | null = null;
  for (const story of stories) {
    const members = story.members.slice(0, MAX_COMPARED_MEMBERS);
    if (members.length === 0) continue;
    let top = 0;
    let agree = 0;
    let sum = 0;
    for (const member of members) {
      const { match, similarity } = textScores(item, member, counts);
      if (match > top) top = match;
      if (similarity >= MEMBER_AGREEMENT_THRESHOLD) agree++;
      sum += match;
    }
    if (top < TEXT_MATCH_THRESHOLD || agree * 2 <= members.length) continue;
    const mean = sum / members.length;
    if (!best || mean > best.score) best = { storyId: story.storyId, score: mean };
  }
  return best;
}

/**
 * Candidate stories in the order ties are broken: by their oldest compared member's event time,
 * then its summary id (the same order in memory, one at a time and in batches).
 */
export function byFirstMember(stories: CandidateStory[]): CandidateStory[] {
  const key = (story: CandidateStory) => {
    const oldest = story.members[story.members.length - 1];
    return oldest ? { at: oldest.at, id: oldest.summaryId } : { at: Number.POSITIVE_INFINITY, id: '' };
  };
  return stories
    .map((story) => ({ story, key: key(story) }))
    .sort((a, b) => a.key.at - b.key.at || (a.key.id < b.key.id ? -1 : a.key.id > b.key.id ? 1 : 0))
    .map(({ story }) => story);
}

/**
 * A story's members as an item compares them: same language, within the window, newest first
 * (ties by summary id), at most MAX_COMPARED_MEMBERS.
 */
export function comparedMembers(members: readonly StoryMember[], at: number): StoryMember[] {
  return members
    .filter((member) => Math.abs(member.at - at) <= STORY_WINDOW_MS)
    .sort((a, b) => b.at - a.at || (a.summaryId < b.summaryId ? -1 : a.summaryId > b.summaryId ? 1 : 0))
    .slice(0, MAX_COMPARED_MEMBERS);
}

export function bestEmbeddingMatch(
  embedding: readonly number[],
  candidates: readonly EmbeddingCandidate[],
): Match | null {
  let best: Match | null = null;
  for (const candidate of candidates) {
    const score = cosine(embedding, candidate.embedding);
    if (score >= EMBEDDING_MATCH_THRESHOLD && (!best || score > best.score))
      best = { storyId: candidate.storyId, score };
  }
  return best;
}
