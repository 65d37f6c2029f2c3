import type { Element } from 'domhandler';
import { DomUtils, parseDocument } from 'htmlparser2';

// A page's document as a client that runs no script reads it: its head (what crawlers and link
// previews see) and the reading view the server writes into #root.

/** The head of a document as a parser reads it (no script runs): what crawlers and link previews see. */
export function headOf(html: string) {
  const document = parseDocument(html);
  const all = (name: string) => DomUtils.getElementsByTagName(name, document);
  const attr = (element: Element, name: string) => element.attribs[name];
  const html_ = all('html')[0]!;
  const meta = (key: string) =>
    all('meta')
      .filter((m) => attr(m, 'property') === key || attr(m, 'name') === key)
      .map((m) => attr(m, 'content'));
  const links = all('link').map((link) => ({ ...link.attribs }));
  return {
    lang: attr(html_, 'lang'),
    title: DomUtils.textContent(all('title')[0]!),
    description: meta('description'),
    meta,
    canonical: links.filter((link) => link.rel === 'canonical').map((link) => link.href),
    preload: links
      .filter((link) => link.rel === 'preload')
      .map((link) =>
        Object.fromEntries(
          Object.entries(link).filter(([name]) => name !== 'rel' && name !== 'data-page-head'),
        ),
      ),
    hreflang: Object.fromEntries(
      links
        .filter((link) => link.rel === 'alternate' && link.hreflang)
        .map((link) => [link.hreflang, link.href]),
    ),
    feeds: links.filter((link) => link.rel === 'alternate' && link.type).map((link) => link.href ?? ''),
    jsonLd: all('script')
      .filter((script) => attr(script, 'type') === 'application/ld+json')
      .map((script) => JSON.parse(DomUtils.textContent(script)) as Record<string, unknown>),
    scripts: all('script').filter((script) => attr(script, 'type') !== 'application/ld+json').length,
  };
}

/** The reading view the server writes into #root, as a parser reads it. */
export function viewOf(html: string) {
  const document = parseDocument(html);
  const view = DomUtils.findOne((element) => 'data-page-body' in element.attribs, document.children);
  if (!view) return null;
  const texts = (name: string) =>
    DomUtils.getElementsByTagName(name, view).map((e) => DomUtils.textContent(e));
  return {
    h1: texts('h1'),
    h2: texts('h2'),
    links: DomUtils.getElementsByTagName('a', [view]).map((a) => a.attribs.href ?? ''),
    text: DomUtils.textContent(view),
    scripts: DomUtils.getElementsByTagName('script', [view]).length,
  };
}
