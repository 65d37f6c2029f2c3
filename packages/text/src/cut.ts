import type { RootContent } from 'mdast';
import { fromMarkdown } from 'mdast-util-from-markdown';
import { inlineText, tidy } from './inline.ts';

const CJK = /[\p{Script=Han}\p{Script=Hiragana}\p{Script=Katakana}\p{Script=Hangul}]/u;

/** A letter or digit of a word that is written with spaces around it (not a CJK character). */
const isWordChar = (char: string | undefined) => !!char && /[\p{L}\p{N}_'’-]/u.test(char) && !CJK.test(char);

/**
 * At most `max` characters (code points) with the closing "…"; a Latin word is not split unless it
 * is half the text, and neither a bullet left with no words nor punctuation comes before the "…".
 */
export function cutAtWord(text: string, max: number): string {
  const chars = [...text];
  if (chars.length <= max) return text;
  if (max < 1) return '';
  let end = max - 1;
  if (isWordChar(chars[end]) && isWordChar(chars[end - 1])) {
    let start = end - 1;
    while (start > 0 && isWordChar(chars[start - 1])) start -= 1;
    if (start > max / 2) end = start;
  }
  const head = chars
    .slice(0, end)
    .join('')
    .replace(/[\s•,.;:!?、，。；：！？（(「『“‘-]+$/u, '');
  return `${head}…`;
}

/** The markdown's top-level blocks, less a heading that only repeats the headline shown beside them. */
export function bodyBlocks(markdown: string, headline?: string | null): RootContent[] {
  const shown = tidy(headline ?? '');
  return fromMarkdown(markdown).children.filter(
    (node) => !(shown && node.type === 'heading' && tidy(inlineText(node)) === shown),
  );
}
