import { splitSentences, tokenize } from './sentences.ts';

export type SummaryLanguage = 'EN' | 'ZH';

export type ExtractiveSummaryInput = {
  title: string;
  text: string;
  language: SummaryLanguage;
  /** Sentences to keep (default 4). */
  maxSentences?: number;
};

export type ExtractiveSummary = { headline: string; content: string; sentences: string[] };

/**
 * The offline summarizer: scores sentences by the frequency of their words (CJK bigrams for
 * Chinese) plus a bonus for words of the title and for an early position, keeps the best few
 * in their original order and renders markdown. Deterministic, no network.
 */
export function extractiveSummarize(input: ExtractiveSummaryInput): ExtractiveSummary {
  const maxSentences = input.maxSentences ?? 4;
  const sentences = splitSentences(input.text)
    .filter((s) => s.length >= 8)
    .slice(0, 400);
  const headline = (input.title.trim() || sentences[0] || '').slice(0, 200);
  if (sentences.length === 0) {
    const fallback =
      input.language === 'ZH' ? '（原文没有可摘要的正文。）' : '(The source has no text to summarise.)';
    return { headline, content: fallback, sentences: [] };
  }
  const frequency = new Map<string, number>();
  for (const sentence of sentences) {
    for (const token of tokenize(sentence)) frequency.set(token, (frequency.get(token) ?? 0) + 1);
  }
  const titleTokens = new Set(tokenize(input.title));
  const scored = sentences.map((sentence, index) => {
    const tokens = tokenize(sentence);
    if (tokens.length === 0) return { index, score: 0 };
    let score = 0;
    for (const token of tokens) score += (frequency.get(token) ?? 0) + (titleTokens.has(token) ? 2 : 0);
    score /= Math.sqrt(tokens.length);
    score *= 1 + 0.5 / (1 + index);
    return { index, score };
  });
  const chosen = scored
    .sort((a, b) => b.score - a.score || a.index - b.index)
    .slice(0, maxSentences)
    .sort((a, b) => a.index - b.index)
    .map(({ index }) => sentences[index]!);
  const content = chosen.map((sentence) => `- ${sentence}`).join('\n');
  return { headline, content, sentences: chosen };
}
