import { decodeHTML } from 'entities';
import { createFilter } from './sanitizer.ts';

/** Every tag goes; scripts, styles and embedded documents with their content. Text is kept as written. */
const stripTags = createFilter({ tags: {}, schemes: [] }, (text) => text);

/** Where a line ends in the text: after a line break, a block or a table row. */
const LINE_END = /<(br|\/(?:p|div|li|h[1-6]|tr|blockquote|pre))\b[^>]*>/gi;
/** Table cells of a row are apart, on one line. */
const CELL_END = /<\/t[dh]\b[^>]*>/gi;

/**
 * HTML → plain text with paragraph breaks, entities decoded, spaces collapsed. For titles, snippets,
 * excerpts and word counts.
 */
export function htmlToText(html: string): string {
  if (!html) return '';
  // Most titles and names are plain text already: nothing to strip or decode.
  const text = /[<&]/.test(html)
    ? decodeHTML(stripTags(html.replace(LINE_END, '$&\n').replace(CELL_END, '$& ')))
    : html;
  return text
    .replace(/[ \t\u00a0]+/g, ' ')
    .replace(/ *\n */g, '\n')
    .replace(/\n{3,}/g, '\n\n')
    .trim();
}
