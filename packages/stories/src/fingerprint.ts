import { type StoryLanguage, tokenize } from './tokenize.ts';

/**
 * MinHash: BANDS bands of ROWS values. Two rows per band finds near-copies (a Jaccard of 0.6: 97 %);
 * reports in other words are found by their headlines' rare names (`names`), so 8 bands do the
 * work 16 did, in half the rows.
 */
export const MINHASH_BANDS = 8;
export const MINHASH_ROWS = 2;
/** Body tokens that count: summaries differ in length, their opening says what happened. */
const MAX_BODY_TOKENS = 80;

export type StoryText = { headline: string; text: string; language: StoryLanguage };

export type Fingerprint = {
  /** Sorted distinct 32-bit token hashes of the headline and the lead. */
  tokens: number[];
  /** Sorted distinct hashes of the headline's tokens alone. */
  headlineTokens: number[];
  /** The same, in the headline's order (its first names lead: see `leadsApart` in decide.ts). */
  headlineOrder: number[];
  /**
   * The headline's numbers with the word before each (its label: "Lumen" in "Lumen 4.1", "episode"
   * in "Episode 45"), as flattened [label hash, value hash] pairs, sorted, distinct. See
   * `numbersConflict` in decide.ts.
   */
  numbers: number[];
  /** LSH band keys (64-bit, the language mixed in); empty when the text has no tokens. */
  bands: bigint[];
  /**
   * Name keys of the headline's first MAX_NAME_KEYS tokens, in `headlineOrder` (see `nameKey`):
   * stored with the bands, looked up for the tokens rare enough to name an event.
   */
  names: bigint[];
};

/** Headline tokens that get a name key (a headline names its subject early). */
export const MAX_NAME_KEYS = 8;

/**
 * The candidate key of one headline token (64-bit, the language mixed in, apart from the MinHash
 * bands' keys). Reports that tell one event in their own words share few words of their leads, so
 * often no MinHash band; they share its names ("Halcyon", "H3"). Looked up only for tokens rare in
 * the window (`candidateKeys` in decide.ts), so a common word never brings in half the week.
 */
export function nameKey(token: number, language: StoryLanguage): bigint {
  const salt = language === 'ZH' ? 0x6e5a : 0x6e45;
  const hi = mix32(mix32(token ^ 0x4e414d45) + salt);
  const lo = mix32(hi ^ token);
  return BigInt.asIntN(64, (BigInt(hi) << 32n) | BigInt(lo));
}

/** 32-bit FNV-1a of a string, as a signed int (PostgreSQL int4). */
export function hashToken(token: string): number {
  let hash = 0x811c9dc5;
  for (let i = 0; i < token.length; i++) {
    hash ^= token.charCodeAt(i);
    hash = Math.imul(hash, 0x01000193);
  }
  return hash | 0;
}

/** MurmurHash3's finaliser: a cheap, well-mixed 32-bit permutation. */
function mix32(value: number): number {
  let h = value | 0;
  h ^= h >>> 16;
  h = Math.imul(h, 0x85ebca6b);
  h ^= h >>> 13;
  h = Math.imul(h, 0xc2b2ae35);
  h ^= h >>> 16;
  return h >>> 0;
}

const SEEDS = Array.from({ length: MINHASH_BANDS * MINHASH_ROWS }, (_, i) => mix32(i * 0x9e3779b9 + 1));

/** The headline's tokens and the lead's (its first MAX_BODY_TOKENS), as sorted distinct hashes. */
export function tokenSet(input: StoryText): number[] {
  const set = new Set<number>();
  for (const token of tokenize(input.headline, input.language)) set.add(hashToken(token));
  for (const token of tokenize(input.text, input.language).slice(0, MAX_BODY_TOKENS))
    set.add(hashToken(token));
  return [...set].sort((a, b) => a - b);
}

export function minhashBands(tokens: number[], language: StoryLanguage): bigint[] {
  if (tokens.length === 0) return [];
  const mins = SEEDS.map((seed) => {
    let min = 0xffffffff;
    for (const token of tokens) {
      const h = mix32(token ^ seed);
      if (h < min) min = h;
    }
    return min;
  });
  const languageSalt = language === 'ZH' ? 0x5a48 : 0x454e;
  const bands: bigint[] = [];
  for (let b = 0; b < MINHASH_BANDS; b++) {
    let hi = mix32(b * 0x27d4eb2d + languageSalt);
    let lo = hi;
    for (let r = 0; r < MINHASH_ROWS; r++) {
      const value = mins[b * MINHASH_ROWS + r]!;
      hi = mix32(hi ^ value);
      lo = mix32(lo + value + r);
    }
    bands.push(BigInt.asIntN(64, (BigInt(hi) << 32n) | BigInt(lo)));
  }
  return bands;
}

const sortedDistinct = (values: number[]) => [...new Set(values)].sort((a, b) => a - b);

/** Hash of the label of a number with no word before it. */
export const NO_LABEL = hashToken('');

/** The headline's numbers (thousands separators dropped) as [label, value] hash pairs, flattened. */
export function labelledNumbers(headline: string, language: StoryLanguage): number[] {
  const pairs = new Map<string, [number, number]>();
  for (const match of headline.matchAll(/\d+(?:[.,]\d+)*/g)) {
    const before = tokenize(headline.slice(0, match.index), language).filter((token) => !/\d/.test(token));
    const label = hashToken(before[before.length - 1] ?? '');
    const value = hashToken(match[0].replace(/,/g, ''));
    pairs.set(`${label}:${value}`, [label, value]);
  }
  return [...pairs.values()].sort((a, b) => a[0] - b[0] || a[1] - b[1]).flat();
}

export function fingerprint(input: StoryText): Fingerprint {
  const tokens = tokenSet(input);
  const headline = input.headline.normalize('NFKC');
  const headlineOrder = [...new Set(tokenize(headline, input.language).map(hashToken))];
  return {
    tokens,
    headlineTokens: sortedDistinct(headlineOrder),
    headlineOrder,
    numbers: labelledNumbers(headline, input.language),
    bands: minhashBands(tokens, input.language),
    names: headlineOrder.slice(0, MAX_NAME_KEYS).map((token) => nameKey(token, input.language)),
  };
}

/** Jaccard similarity of two sorted distinct arrays. */
export function jaccard(a: readonly number[], b: readonly number[]): number {
  if (a.length === 0 || b.length === 0) return 0;
  let i = 0;
  let j = 0;
  let shared = 0;
  while (i < a.length && j < b.length) {
    if (a[i] === b[j]) {
      shared++;
      i++;
      j++;
    } else if (a[i]! < b[j]!) i++;
    else j++;
  }
  return shared / (a.length + b.length - shared);
}

export function cosine(a: readonly number[], b: readonly number[]): number {
  if (a.length === 0 || a.length !== b.length) return 0;
  let dot = 0;
  let na = 0;
  let nb = 0;
  for (let i = 0; i < a.length; i++) {
    dot += a[i]! * b[i]!;
    na += a[i]! * a[i]!;
    nb += b[i]! * b[i]!;
  }
  return na === 0 || nb === 0 ? 0 : dot / Math.sqrt(na * nb);
}
