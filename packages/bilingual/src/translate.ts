import { tokenize } from '@app/stories';
import type { Dictionary } from './dictionary.ts';
import { NAMES } from './names.ts';

export type SearchLanguage = 'EN' | 'ZH';

/** One word of the query in the other language: any of its terms stands for it. */
export type TermGroup = {
  terms: string[];
  /** A name, number or word the dictionary lacks, searched as written (names cross languages). */
  literal: boolean;
};

/** The query's script: Latin, Han, both, or another (Cyrillic, Arabic, kana…): no dictionary for that. */
export function scriptOf(q: string): 'latin' | 'han' | 'mixed' | 'other' | 'none' {
  const han = (q.match(/\p{Script=Han}/gu) ?? []).length;
  const latin = (q.match(/\p{Script=Latin}/gu) ?? []).length;
  const letters = (q.match(/\p{L}/gu) ?? []).length;
  if (letters === 0) return /\p{N}/u.test(q) ? 'latin' : 'none';
  if (letters - han - latin > (han + latin) / 2 || han + latin === 0) return 'other';
  if (han > 0 && latin > 0) return 'mixed';
  return han > 0 ? 'han' : 'latin';
}

/** The most words of a query turned into groups. */
export const MAX_GROUPS = 8;
/** Chinese words the dictionary lacks are split into known words of this many characters at most. */
const MAX_WORD = 6;

/**
 * A search query in `from` as term groups in the other language: English words through the
 * dictionary (the word itself kept, Chinese text often carries English terms), Chinese words through
 * it too (unknown ones split into known words), names and numbers as written. Empty when nothing is
 * left to search for.
 */
export function translateQuery(dictionary: Dictionary, q: string, from: SearchLanguage): TermGroup[] {
  const groups: TermGroup[] = [];
  const add = (group: TermGroup) => {
    if (groups.length < MAX_GROUPS && !groups.some((g) => g.terms.join() === group.terms.join()))
      groups.push(group);
  };
  if (from === 'EN') {
    for (const raw of q
      .normalize('NFKC')
      .toLowerCase()
      .match(/[\p{L}\p{N}]+(?:[.'’][\p{L}\p{N}]+)*/gu) ?? []) {
      const [token] = tokenize(raw, 'EN');
      if (!token) continue;
      const names = NAMES.filter(([, en]) => en === token).map(([zh]) => zh);
      const zh = names.length > 0 ? names : /\d/.test(token) ? [] : (dictionary.enToZh.get(token) ?? []);
      add(zh.length > 0 ? { terms: [...zh, raw], literal: false } : { terms: [raw], literal: true });
    }
    return groups;
  }
  const normalized = q.normalize('NFKC');
  // Names first: the dictionary has few companies and products.
  for (const [zh, en] of NAMES) if (normalized.includes(zh)) add({ terms: [en], literal: true });
  const rest = NAMES.reduce((text, [zh]) => text.replaceAll(zh, ' '), normalized);
  for (const token of tokenize(rest.replace(/\p{Script=Han}+/gu, ' '), 'EN'))
    add({ terms: [token], literal: true });
  // Han runs split into the dictionary's longest words (the segmenter splits what it does not know).
  for (const run of rest.match(/\p{Script=Han}+/gu) ?? []) {
    for (const word of knownWords(dictionary, run)) {
      // Single characters are too ambiguous to stand for a word.
      if (ZH_SKIP.has(word) || [...word].length < 2) continue;
      const en = dictionary.zhToEn.get(word);
      if (en) add({ terms: [...en], literal: false });
    }
  }
  return groups;
}

/** Words that only hold a Chinese query together ("的", "新", "发布"): nothing to search for. */
const ZH_SKIP = new Set([
  '的',
  '了',
  '在',
  '是',
  '和',
  '与',
  '新',
  '发布',
  '宣布',
  '正式',
  '推出',
  '最新',
  '关于',
  '公司',
]);

/** The word itself when the dictionary has it; otherwise its longest known words, left to right. */
function knownWords(dictionary: Dictionary, word: string): string[] {
  const chars = [...word];
  const out: string[] = [];
  let i = 0;
  while (i < chars.length) {
    let found = '';
    for (let n = Math.min(MAX_WORD, chars.length - i); n >= 1 && !found; n--) {
      const candidate = chars.slice(i, i + n).join('');
      if (dictionary.zhToEn.has(candidate)) found = candidate;
    }
    if (found) {
      out.push(found);
      i += [...found].length;
    } else i++;
  }
  return out;
}
