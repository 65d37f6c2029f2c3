import { cosine, jaccard } from './fingerprint.ts';

/** Same event in the same language: token Jaccard of the best-matching member at least this. */
export const TEXT_MATCH_THRESHOLD = 0.3;
/** Same event across languages: embedding cosine of the best-matching member at least this. */
export const EMBEDDING_MATCH_THRESHOLD = 0.85;
/** Members more than this apart in event time are never the same story. */
export const STORY_WINDOW_MS = 72 * 3600 * 1000;

/** Two summaries from one source are the same event only with near-identical headlines (an update). */
export const SAME_SOURCE_HEADLINE_THRESHOLD = 0.6;

export type Comparable = {
  tokens: readonly number[];
  headlineTokens: readonly number[];
  numbers: readonly number[];
  /** The datasource: one outlet's episodes share boilerplate, not events. */
  sourceId: string | null;
};
export type Candidate = Comparable & { summaryId: string; storyId: string };
export type EmbeddingCandidate = { summaryId: string; storyId: string; embedding: readonly number[] };
export type Match = { storyId: string; score: number };

/** The story whose closest member is most similar, when that is close enough; ties go to the first. */
export function bestTextMatch(item: Comparable, candidates: readonly Candidate[]): Match | null {
  let best: Match | null = null;
  for (const candidate of candidates) {
    const score = textSimilarity(item, candidate);
    if (score >= TEXT_MATCH_THRESHOLD && (!best || score > best.score))
      best = { storyId: candidate.storyId, score };
  }
  return best;
}

function overlaps(a: readonly number[], b: readonly number[]): boolean {
  return a.some((value) => b.includes(value));
}

/**
 * Token Jaccard of headline and opening text. Within one source the body is mostly the outlet's
 * boilerplate (a podcast's sign-off, a regulator's template), so there the headlines must nearly
 * match. Headlines with numbers must share one (episode 45 and episode 49 are two events).
 */
export function textSimilarity(a: Comparable, b: Comparable): number {
  if (a.numbers.length > 0 && b.numbers.length > 0 && !overlaps(a.numbers, b.numbers)) return 0;
  if (a.sourceId && a.sourceId === b.sourceId) {
    if (jaccard(a.headlineTokens, b.headlineTokens) < SAME_SOURCE_HEADLINE_THRESHOLD) return 0;
  }
  return jaccard(a.tokens, b.tokens);
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
