import { XMLBuilder } from 'fast-xml-parser';
import { SaxesParser } from 'saxes';

/** One feed outline: where it sits in the file and the folders around it (outermost first). */
export type OpmlFeed = {
  line: number;
  title: string | null;
  url: string | null;
  folders: string[];
  attrs: Record<string, string>;
};
export type OpmlParse =
  | { ok: true; title: string | null; feeds: OpmlFeed[] }
  | { ok: false; line: number; message: string };

/** The attributes the export adds so the product's own files come back with their platform and language. */
export const OPML_NS = 'https://dailycurated.app/ns/opml';
export const OPML_PREFIX = 'dailycurated';

const textOf = (attrs: Record<string, string>) => (attrs.text ?? attrs.title ?? '').trim() || null;

class RefusedDocument extends Error {}

/**
 * Reads an OPML document with a streaming XML parser that keeps line numbers. A DOCTYPE is refused outright,
 * so no entity can be declared, let alone expanded (XXE, "billion laughs"); an undeclared entity is an error.
 * Outlines with an xmlUrl (or a type of rss/atom) are feeds; other outlines with children are folders.
 */
export function parseOpml(text: string): OpmlParse {
  const parser = new SaxesParser({ position: true });
  const feeds: OpmlFeed[] = [];
  // Each open outline: its title and whether it is a feed (feeds nested in feeds keep the folder path).
  const stack: { name: string; folder: string | null }[] = [];
  let sawOpml = false;
  let sawBody = false;
  let title = '';
  let inHeadTitle = false;
  parser.on('doctype', () => {
    throw new RefusedDocument('A DOCTYPE is not accepted in OPML');
  });
  parser.on('opentag', (tag) => {
    const attrs = tag.attributes as Record<string, string>;
    const name = tag.name.toLowerCase();
    if (stack.length === 0 && !sawOpml) {
      if (name !== 'opml') throw new RefusedDocument('Not an OPML document');
      sawOpml = true;
    }
    if (name === 'body') sawBody = true;
    if (name === 'title' && stack.at(-1)?.name === 'head') inHeadTitle = true;
    if (name === 'outline') {
      const url = (attrs.xmlUrl ?? attrs.xmlurl ?? attrs.url ?? '').trim();
      const type = (attrs.type ?? '').toLowerCase();
      const isFeed = url !== '' || type === 'rss' || type === 'atom';
      const folders = stack.flatMap((entry) => (entry.folder ? [entry.folder] : []));
      if (isFeed) feeds.push({ line: parser.line, title: textOf(attrs), url: url || null, folders, attrs });
      stack.push({ name, folder: isFeed ? null : textOf(attrs) });
      return;
    }
    stack.push({ name, folder: null });
  });
  parser.on('text', (value) => {
    if (inHeadTitle) title += value;
  });
  parser.on('closetag', () => {
    inHeadTitle = false;
    stack.pop();
  });
  try {
    parser.write(text).close();
  } catch (error) {
    const message = error instanceof Error ? error.message : String(error);
    return { ok: false, line: parser.line, message };
  }
  if (!sawOpml || !sawBody)
    return { ok: false, line: 1, message: 'Not an OPML document (no <opml> with a <body>)' };
  return { ok: true, title: title.trim() || null, feeds };
}

export type OpmlGroup = {
  title: string;
  feeds: { title: string; xmlUrl: string; htmlUrl?: string; platform: string; language: string }[];
};

const builder = new XMLBuilder({
  ignoreAttributes: false,
  attributeNamePrefix: '@_',
  format: true,
  indentBy: '  ',
  suppressEmptyNode: true,
  processEntities: true,
});

/** OPML 2.0 with one folder outline per group (a topic), the way feed readers export subscriptions. */
export function buildOpml(title: string, created: Date, groups: OpmlGroup[]): string {
  const document = {
    '?xml': { '@_version': '1.0', '@_encoding': 'UTF-8' },
    opml: {
      '@_version': '2.0',
      [`@_xmlns:${OPML_PREFIX}`]: OPML_NS,
      head: { title, dateCreated: created.toUTCString() },
      body: {
        outline: groups.map((group) => ({
          '@_text': group.title,
          '@_title': group.title,
          outline: group.feeds.map((feed) => ({
            '@_type': 'rss',
            '@_text': feed.title,
            '@_title': feed.title,
            '@_xmlUrl': feed.xmlUrl,
            ...(feed.htmlUrl ? { '@_htmlUrl': feed.htmlUrl } : {}),
            [`@_${OPML_PREFIX}:platform`]: feed.platform,
            [`@_${OPML_PREFIX}:language`]: feed.language,
          })),
        })),
      },
    },
  };
  return builder.build(document) as string;
}
