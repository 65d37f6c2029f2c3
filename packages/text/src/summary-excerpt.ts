import type { RootContent } from 'mdast';
import { bodyBlocks, cutAtWord } from './cut.ts';
import { inlineText, tidy } from './inline.ts';

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
  const pieces = collectBlocks(bodyBlocks(markdown, options.headline));
  const language = options.language ?? guessLanguage(joinPieces(pieces, LATIN_MARKS));
  const text = joinPieces(pieces, language === 'zh' ? CJK_MARKS : LATIN_MARKS);
  return options.maxLength === undefined ? text : cutAtWord(text, options.maxLength);
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
