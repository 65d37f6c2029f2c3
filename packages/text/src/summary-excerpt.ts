import type { Nodes, RootContent } from 'mdast';
import { fromMarkdown } from 'mdast-util-from-markdown';

export type ExcerptOptions = {
  /** Longest result in characters (code points), the closing "…" included. */
  maxLength?: number;
  /** The summary's language; guessed from its script when not given. */
  language?: 'en' | 'zh';
  /** The headline shown beside the excerpt: a heading that only repeats it is left out. */
  headline?: string | null;
};

/** One block of the summary: a heading or paragraph's words, or one list item's blocks. */
type Piece = { text: string; isItem: false } | { parts: Piece[]; isItem: true; startsList: boolean };

type Marks = { colon: string; semicolon: string; period: string };
const LATIN_MARKS: Marks = { colon: ':', semicolon: ';', period: '.' };
const CJK_MARKS: Marks = { colon: '：', semicolon: '；', period: '。' };

const CJK = /[\p{Script=Han}\p{Script=Hiragana}\p{Script=Katakana}\p{Script=Hangul}]/u;
const CJK_ALL = /[\p{Script=Han}\p{Script=Hiragana}\p{Script=Katakana}\p{Script=Hangul}]/gu;
/** Punctuation that already closes a piece: nothing is added after it. */
const CLOSED = /[.!?:;…。！？：；]["'”’)）」』]*$/u;
/** Full-width punctuation is followed by no space. */
const FULL_WIDTH_END = /[\u3000-\u303f\uff00-\uffef]["'”’)）」』]*$/u;

/**
 * A summary's markdown as one line of prose for a card or an email: headings and list items end in
 * punctuation instead of running into the next words ("Key points: New API; Faster builds"),
 * with Chinese punctuation (：；。) for Chinese text. Emphasis, links, images, code blocks and HTML
 * are dropped to their words, and a cut falls between words, marked with "…".
 */
export function summaryExcerpt(markdown: string, options: ExcerptOptions = {}): string {
  const headline = tidy(options.headline ?? '');
  const blocks = fromMarkdown(markdown).children.filter(
    (node) => !(headline && node.type === 'heading' && tidy(inlineText(node)) === headline),
  );
  const pieces = collectBlocks(blocks);
  const language = options.language ?? guessLanguage(joinPieces(pieces, LATIN_MARKS));
  const text = joinPieces(pieces, language === 'zh' ? CJK_MARKS : LATIN_MARKS);
  return options.maxLength === undefined ? text : cutAt(text, options.maxLength);
}

function collectBlocks(nodes: readonly RootContent[]): Piece[] {
  return nodes.flatMap((node): Piece[] => {
    switch (node.type) {
      case 'heading':
      case 'paragraph': {
        const text = tidy(inlineText(node));
        return text ? [{ text, isItem: false }] : [];
      }
      case 'blockquote':
        return collectBlocks(node.children);
      case 'list':
        // An item with paragraphs of its own or a nested list reads as one clause.
        return node.children.flatMap((item, index): Piece[] => {
          const parts = collectBlocks(item.children);
          return parts.length ? [{ parts, isItem: true, startsList: index === 0 }] : [];
        });
      default:
        // Code blocks, raw HTML, rules, definitions: nothing a reader of an excerpt needs.
        return [];
    }
  });
}

/** A block's words: emphasis, links and code spans as their text; images, HTML and footnote marks dropped. */
export function inlineText(node: Nodes): string {
  switch (node.type) {
    case 'text':
    case 'inlineCode':
      return node.value;
    case 'break':
      return ' ';
    case 'image':
    case 'imageReference':
    case 'html':
    case 'footnoteReference':
      return '';
    default:
      return 'children' in node ? node.children.map((child) => inlineText(child as Nodes)).join('') : '';
  }
}

/** Collapses white space; a line break between two Chinese characters is no space at all. */
export function tidy(text: string): string {
  return text
    .replace(/\s+/g, ' ')
    .replace(
      /(?<=[\p{Script=Han}\u3000-\u303f\uff00-\uffef]) (?=[\p{Script=Han}\u3000-\u303f\uff00-\uffef])/gu,
      '',
    )
    .trim();
}

/**
 * Items of one list are separated by semicolons, a list is introduced by a colon, anything else
 * ends with a full stop; a piece that already ends in punctuation keeps its own.
 */
function joinPieces(pieces: readonly Piece[], marks: Marks): string {
  let out = '';
  pieces.forEach((piece, index) => {
    const text = piece.isItem ? joinPieces(piece.parts, marks) : piece.text;
    if (index > 0) {
      if (!CLOSED.test(out)) {
        const continuesList = piece.isItem && !piece.startsList;
        const introducesList = piece.isItem && piece.startsList && !pieces[index - 1]!.isItem;
        out += continuesList ? marks.semicolon : introducesList ? marks.colon : marks.period;
      }
      const noSpace = FULL_WIDTH_END.test(out) || (marks === CJK_MARKS && CJK.test(out.at(-1) ?? ''));
      out += noSpace ? '' : ' ';
    }
    out += text;
  });
  return out;
}

/** Chinese when Han (or other CJK) characters are at least a quarter as many as Latin letters. */
function guessLanguage(text: string): 'en' | 'zh' {
  const cjk = text.match(CJK_ALL)?.length ?? 0;
  const latin = text.match(/\p{Script=Latin}/gu)?.length ?? 0;
  return cjk > 0 && cjk * 4 >= latin ? 'zh' : 'en';
}

const isWordChar = (char: string | undefined) => !!char && /[\p{L}\p{N}_'’-]/u.test(char) && !CJK.test(char);

/** At most `max` characters with the "…"; a Latin word is not split unless it is half the excerpt. */
function cutAt(text: string, max: number): string {
  const chars = [...text];
  if (chars.length <= max) return text;
  let end = Math.max(max - 1, 0);
  if (isWordChar(chars[end]) && isWordChar(chars[end - 1])) {
    let start = end - 1;
    while (start > 0 && isWordChar(chars[start - 1])) start -= 1;
    if (start > max / 2) end = start;
  }
  const head = chars
    .slice(0, end)
    .join('')
    .replace(/[\s,.;:!?、，。；：！？（(「『“‘-]+$/u, '');
  return `${head}…`;
}
