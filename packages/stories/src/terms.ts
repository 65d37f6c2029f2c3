/**
 * How common each token is in the recent window: document frequencies per language and UTC day.
 * A token that many summaries share (a template's headings, a newsletter's sign-off, an outlet's
 * name, the week's buzzword) says little about which event an item reports, so its weight falls
 * with its frequency (inverse document frequency). Learned from the data, not a hand-kept list.
 *
 * The counts are of the summaries stored before the one being decided (and, in a batch, of the
 * batch's earlier summaries), in the days [its day − 6, its day]: the same numbers whether
 * summaries are assigned one at a time, in batches or by the offline index.
 */

/** Days of counts an item's weights are taken from (its own day and the six before). */
export const TERM_WINDOW_DAYS = 7;
/**
 * The fewest documents the weights assume: in a small window (a fresh install) every token is
 * rare, so the weights stay nearly equal instead of swinging on a handful of counts.
 */
export const MIN_TERM_DOCS = 50;

export const DAY_MS = 86_400_000;
export const dayOf = (at: number): number => Math.floor(at / DAY_MS);

/** The inverse document frequency of a token seen in `df` of `docs` documents. */
export function idf(df: number, docs: number): number {
  const n = Math.max(docs, MIN_TERM_DOCS);
  return Math.log((n + 1) / (Math.min(df, n) + 1));
}

/**
 * A token is common (not informative) when more than this share of the window's documents, and
 * more than MIN_COMMON_DF of them, hold it.
 */
export const COMMON_SHARE = 0.1;
export const MIN_COMMON_DF = 4;
/**
 * A token names the event (a company, a product, a place: what tells two events of one kind
 * apart) when at most this share of the window's documents, or MIN_RARE_DF of them, hold it.
 */
export const RARE_SHARE = 0.03;
export const MIN_RARE_DF = 5;
/**
 * A headline token finds candidates by its name key (see `candidateKeys` in decide.ts) when at most
 * this share of the window's documents, or MIN_KEY_DF of them, hold it: rarer than `distinctive`,
 * so a word of a common headline template ("Introducing a new feature: …") brings in no one. In a
 * small window (a fresh install's first week) the share is a document or two, and an event told by
 * several outlets already has its name in that many: MIN_KEY_DF lets its next report still look the
 * name up. And never more than MAX_KEY_DF: a name in that many reports of a week names no one event,
 * and its near-copies share MinHash bands anyway.
 */
export const KEY_SHARE = 0.02;
export const MIN_KEY_DF = 4;
export const MAX_KEY_DF = 50;
/** The most documents a token may be in and still be looked up by its name key, in a window of `docs`. */
export const keyedDf = (docs: number) => Math.min(MAX_KEY_DF, Math.max(MIN_KEY_DF, KEY_SHARE * docs));

/** The counts one item is weighed with: documents in its window, and a token's weight there. */
export type TermCounts = {
  docs: number;
  idf: (token: number) => number;
  /** Whether the token is rare enough to count as shared evidence of one event. */
  informative: (token: number) => boolean;
  /** Whether the token is rare enough to name the event. */
  distinctive: (token: number) => boolean;
  /** How many of the window's documents hold the token. */
  df: (token: number) => number;
};

/**
 * Per-day counts in memory (loaded from `story_terms` for a batch, or built up by the offline
 * index). `countsFor(day)` answers for the window ending that day; answers are memoised per window
 * and kept current as documents are added.
 */
export class TermTable {
  private readonly days = new Map<number, { docs: number; df: Map<number, number> }>();
  private readonly windows = new Map<number, { docs: number; df: Map<number, number> }>();

  /** Adds stored counts (several documents at once). */
  load(day: number, token: number, n: number): void {
    const counts = this.dayOf(day);
    counts.df.set(token, (counts.df.get(token) ?? 0) + n);
    this.windows.clear();
  }

  loadDocs(day: number, docs: number): void {
    this.dayOf(day).docs += docs;
    this.windows.clear();
  }

  /** One more document of that day with these (distinct) tokens. */
  add(day: number, tokens: readonly number[]): void {
    const counts = this.dayOf(day);
    counts.docs += 1;
    for (const token of tokens) counts.df.set(token, (counts.df.get(token) ?? 0) + 1);
    // Windows that include this day now see one more document: their memoised weights are stale.
    for (const end of this.windows.keys())
      if (end >= day && end - day < TERM_WINDOW_DAYS) this.windows.delete(end);
  }

  countsFor(day: number): TermCounts {
    let window = this.windows.get(day);
    if (!window) {
      let docs = 0;
      for (let d = day - TERM_WINDOW_DAYS + 1; d <= day; d++) docs += this.days.get(d)?.docs ?? 0;
      window = { docs, df: new Map() };
      this.windows.set(day, window);
    }
    const { docs, df: memo } = window;
    const common = Math.max(MIN_COMMON_DF, COMMON_SHARE * docs);
    const rare = Math.max(MIN_RARE_DF, RARE_SHARE * docs);
    const dfOf = (token: number) => {
      let df = memo.get(token);
      if (df === undefined) {
        df = 0;
        for (let d = day - TERM_WINDOW_DAYS + 1; d <= day; d++) df += this.days.get(d)?.df.get(token) ?? 0;
        memo.set(token, df);
      }
      return df;
    };
    return {
      docs,
      idf: (token) => idf(dfOf(token), docs),
      informative: (token) => dfOf(token) <= common,
      distinctive: (token) => dfOf(token) <= rare,
      df: dfOf,
    };
  }

  /** Drops the days no window ending at `fromDay` or later reads (the offline index's memory). */
  forgetBefore(fromDay: number): void {
    for (const day of this.days.keys()) if (day < fromDay - TERM_WINDOW_DAYS) this.days.delete(day);
  }

  private dayOf(day: number) {
    let counts = this.days.get(day);
    if (!counts) {
      counts = { docs: 0, df: new Map() };
      this.days.set(day, counts);
    }
    return counts;
  }
}
