import type { RootContent } from 'mdast';
import { bodyBlocks, cutAtWord } from './cut.ts';
import { inlineText, tidy } from './inline.ts';

export type PlainTextOptions = {
  /** Longest result in characters (code points), the closing "…" included. */
  maxLength?: number;
  /** The headline shown above the text: a heading that only repeats it is left out. */
  headline?: string | null;
};

/** Starts a list item's line: not a list mark in markdown, so the text stays one paragraph. */
const BULLET = '• ';

/**
 * Markdown as plain text to paste into a post (LinkedIn, Reddit, WeChat…, none of which render
 * markdown): headings and paragraphs as blocks of their words, list items as "• " lines, emphasis,
 * links and code spans as their words; code blocks, HTML, images and rules are left out. Blocks are
 * separated by a blank line. Read back as markdown, the result is paragraphs of text only.
 */
export function plainText(markdown: string, options: PlainTextOptions = {}): string {
  const text = collectBlocks(bodyBlocks(markdown, options.headline)).join('\n\n');
  return options.maxLength === undefined ? text : cutAtWord(text, options.maxLength);
}

function collectBlocks(nodes: readonly RootContent[]): string[] {
  return nodes.flatMap((node): string[] => {
    switch (node.type) {
      case 'heading':
      case 'paragraph': {
        const text = tidy(inlineText(node));
        return text ? [text] : [];
      }
      case 'blockquote':
        return collectBlocks(node.children);
      case 'list': {
        // One list is one block of lines; an item's paragraphs read as one line, its own list as
        // lines after it.
        const lines = node.children.flatMap((item) => {
          const words = item.children.filter((child) => child.type !== 'list');
          const nested = item.children.filter((child) => child.type === 'list');
          const line = tidy(collectBlocks(words).join(' '));
          return [...(line ? [`${BULLET}${line}`] : []), ...collectBlocks(nested)];
        });
        return lines.length ? [lines.join('\n')] : [];
      }
      default:
        return [];
    }
  });
}
