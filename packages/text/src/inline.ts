import type { Nodes } from 'mdast';

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
