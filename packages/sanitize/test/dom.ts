import { type DefaultTreeAdapterMap, parseFragment } from 'parse5';

type Node = DefaultTreeAdapterMap['childNode'] | DefaultTreeAdapterMap['documentFragment'];
export type Element = DefaultTreeAdapterMap['element'];

/** Sanitised HTML as a browser builds it (parse5 follows the HTML standard's tree construction). */
function walk(html: string, visit: (node: Node) => void) {
  const go = (node: Node) => {
    visit(node);
    if ('childNodes' in node) for (const child of node.childNodes) go(child);
    if (node.nodeName === 'template') go((node as DefaultTreeAdapterMap['template']).content);
  };
  go(parseFragment(html));
}

/** Every element of `html`, in document order. */
export function elementsOf(html: string): Element[] {
  const elements: Element[] = [];
  walk(html, (node) => {
    if ('tagName' in node) elements.push(node);
  });
  return elements;
}

/** The text a reader sees, comments excluded. */
export function textOf(html: string): string {
  let text = '';
  walk(html, (node) => {
    if (node.nodeName === '#text') text += (node as DefaultTreeAdapterMap['textNode']).value;
  });
  return text;
}

/** Each element as `tag[name=value ...]`, for comparing structure without caring about spelling. */
export function shapeOf(html: string): string[] {
  return elementsOf(html).map(
    (element) => `${element.tagName}[${element.attrs.map((a) => `${a.name}=${a.value}`).join(' ')}]`,
  );
}
