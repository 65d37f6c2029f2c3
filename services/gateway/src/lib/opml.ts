import type { DataLanguage } from '@app/contracts';
import { XMLBuilder } from 'fast-xml-parser';
import { SaxesParser } from 'saxes';

/** One feed outline: where it sits in the file and the folders around it (outermost first). */
export type OpmlFeed = {
  line: number;
  title: string | null;
  url: string | null;
  /** The site of the feed, when the outline names an http(s) one. */
  htmlUrl: string | null;
  folders: string[];
  /** From the outline's xml:lang or language attribute (xml:lang is inherited from the folders around it). */
  language: DataLanguage | null;
  attrs: Record<string, string>;
};
export type OpmlParse =
  | { ok: true; title: string | null; feeds: OpmlFeed[] }
  | { ok: false; line: number; message: string };

/** The attributes the export adds so the product's own files come back with their platform and language. */
export const OPML_NS = 'https://dailycurated.app/ns/opml';
export const OPML_PREFIX = 'dailycurated';

/** `text` is what the reader shows (the subscriber may have renamed it); `title` is the feed's own. */
const textOf = (attrs: Record<string, string>) =>
  (attrs.text ?? attrs.title ?? '').trim() || attrs.title?.trim() || null;
const attrOf = (attrs: Record<string, string>, name: string) =>
  (attrs[name] ?? attrs[name.toLowerCase()] ?? '').trim();

/** A language tag the product serves (zh-CN, zh-Hans, en-US …), else null. */
export function languageOfTag(tag: string | undefined): DataLanguage | null {
  const primary = tag?.trim().toLowerCase().split(/[-_]/)[0];
  return primary === 'zh' ? 'ZH' : primary === 'en' ? 'EN' : null;
}

class RefusedDocument extends Error {}

/**
 * Reads an OPML document (1.0 or 2.0) with a streaming XML parser that keeps line numbers. A DOCTYPE is
 * refused outright, so no entity can be declared, let alone expanded (XXE, "billion laughs"); an undeclared
 * entity is an error. Outlines with an xmlUrl (or a type of rss/atom) are feeds; other outlines are folders.
 */
export function parseOpml(text: string): OpmlParse {
  const parser = new SaxesParser({ position: true });
  const feeds: OpmlFeed[] = [];
  // Each open element: its name, its folder title (folders only) and its xml:lang (inherited).
  const stack: { name: string; folder: string | null; lang: string | undefined }[] = [];
  let sawOpml = false;
  let sawBody = false;
  let title = '';
  let inHeadTitle = false;
  // An outline's line is where its tag starts (attributes may run over several lines).
  let tagLine = 1;
  parser.on('opentagstart', () => {
    tagLine = parser.line;
  });
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
    const lang = attrs['xml:lang'] ?? stack.at(-1)?.lang;
    if (name === 'body') sawBody = true;
    if (name === 'title' && stack.at(-1)?.name === 'head') inHeadTitle = true;
    if (name === 'outline') {
      const url = attrOf(attrs, 'xmlUrl') || attrOf(attrs, 'url');
      const type = (attrs.type ?? '').toLowerCase();
      const isFeed = url !== '' || type === 'rss' || type === 'atom';
      if (isFeed) {
        const htmlUrl = attrOf(attrs, 'htmlUrl');
        feeds.push({
          line: tagLine,
          title: textOf(attrs),
          url: url || null,
          htmlUrl: /^https?:\/\/\S+$/i.test(htmlUrl) && URL.canParse(htmlUrl) ? htmlUrl : null,
          folders: stack.flatMap((entry) => (entry.folder ? [entry.folder] : [])),
          language: languageOfTag(attrs['xml:lang'] ?? attrs.language) ?? languageOfTag(lang),
          attrs,
        });
      }
      stack.push({ name, folder: isFeed ? null : textOf(attrs), lang });
      return;
    }
    stack.push({ name, folder: null, lang });
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
  feeds: {
    title: string;
    xmlUrl: string;
    htmlUrl: string | null;
    platform: string;
    language: string | null;
  }[];
  /** Sources of the group that are not in the file, each said in a comment (which, and why). */
  leftOut: string[];
};

const builder = new XMLBuilder({
  ignoreAttributes: false,
  attributeNamePrefix: '@_',
  commentPropName: '#comment',
  format: true,
  indentBy: '  ',
  suppressEmptyNode: true,
  processEntities: true,
});

/** XML forbids "--" inside a comment (and a final "-"). */
const commentText = (text: string) => ` ${text.replace(/-{2,}/g, '-').replace(/-$/, '- ')} `;

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
          ...(group.leftOut.length > 0 ? { '#comment': group.leftOut.map(commentText) } : {}),
          outline: group.feeds.map((feed) => ({
            '@_type': 'rss',
            '@_text': feed.title,
            '@_title': feed.title,
            '@_xmlUrl': feed.xmlUrl,
            ...(feed.htmlUrl ? { '@_htmlUrl': feed.htmlUrl } : {}),
            [`@_${OPML_PREFIX}:platform`]: feed.platform,
            ...(feed.language ? { [`@_${OPML_PREFIX}:language`]: feed.language } : {}),
          })),
        })),
      },
    },
  };
  return builder.build(document) as string;
}
