import type { Language } from '@app/db';

const HAN = /\p{Script=Han}/gu;
const LATIN = /\p{Script=Latin}/gu;
/** Fewer letters than this say nothing about a feed's language. */
const MIN_LETTERS = 20;

/**
 * The language of a feed that was added without one: Chinese when it says so (`<language>`, xml:lang)
 * or when Han characters are at least a quarter as many as Latin letters in its items, English when it
 * declares another language or its text is mostly Latin; null while there is too little to tell. The
 * text may overrule a declared English: feeds often keep their blog platform's default `en-US`.
 */
export function feedLanguage(declared: string | null | undefined, texts: readonly string[]): Language | null {
  const primary = declared?.trim().toLowerCase().split(/[-_]/)[0] ?? '';
  if (primary === 'zh' || primary === 'cn') return 'ZH';
  const sample = texts
    .join('\n')
    .slice(0, 50_000)
    .replace(/<[^>]*>/g, ' ');
  const han = sample.match(HAN)?.length ?? 0;
  const latin = sample.match(LATIN)?.length ?? 0;
  if (han + latin >= MIN_LETTERS && han * 4 >= latin) return 'ZH';
  if (primary !== '' || han + latin >= MIN_LETTERS) return 'EN';
  return null;
}
