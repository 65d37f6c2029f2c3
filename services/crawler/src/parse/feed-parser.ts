import escapeHtml from 'escape-html';
import { decodeHTML } from 'entities';
import Parser from 'rss-parser';
import { CrawlError } from '../errors.ts';
import { cleanTitle } from './html.ts';

export type FeedItem = {
  /** guid / id / link, whatever identifies the item in its feed. */
  id: string | null;
  link: string | null;
  title: string;
  /** Raw (unsanitised) HTML of the richest content field. */
  html: string;
  /** A short description when the feed has one beside the content. */
  summary: string;
  author: string | null;
  publishedAt: Date | null;
  enclosure: { url: string; type?: string; length?: number } | null;
  /** Platform extras (itunes, media, yt) copied from the feed. */
  extra: Record<string, unknown>;
};

export type ParsedFeed = { title: string; link: string | null; language: string | null; items: FeedItem[] };

type RssItem = Record<string, unknown> & Parser.Item;

const parser = new Parser<Record<string, unknown>, RssItem>({
  customFields: {
    feed: ['language'],
    item: [
      ['content:encoded', 'contentEncoded'],
      ['dc:creator', 'dcCreator'],
      ['dc:date', 'dcDate'],
      ['yt:videoId', 'ytVideoId'],
      ['yt:channelId', 'ytChannelId'],
      ['media:group', 'mediaGroup'],
      ['media:thumbnail', 'mediaThumbnail'],
      ['podcast:transcript', 'podcastTranscript', { keepArray: true }],
      ['description', 'rawDescription'],
      ['summary', 'atomSummary'],
    ],
  },
  defaultRSS: 2,
  xml2js: { strict: true },
});

const XML_ENTITIES = new Set(['amp', 'lt', 'gt', 'quot', 'apos']);

/**
 * Parses RSS 0.9x/1.0/2.0, Atom and JSON Feed text. Real feeds break XML in predictable ways,
 * repaired first: whitespace before the declaration, HTML named entities (&nbsp;) that XML does
 * not define. Anything still unparseable, or with no feed structure, is a CrawlError
 * 'parse_error' (never an exception of another kind).
 */
export async function parseFeed(text: string): Promise<ParsedFeed> {
  const trimmed = text.replace(/^[\s\ufeff]+/, '');
  if (trimmed.startsWith('{')) return parseJsonFeed(trimmed);
  if (!trimmed.startsWith('<'))
    throw new CrawlError('parse_error', 'Not a feed: the document is neither XML nor JSON');
  const repaired = trimmed.replace(/&([a-zA-Z][a-zA-Z0-9]{1,31});/g, (whole, name: string) => {
    if (XML_ENTITIES.has(name)) return whole;
    const decoded = decodeHTML(whole);
    return decoded === whole ? `&amp;${name};` : `&#${decoded.codePointAt(0)};`;
  });
  let feed: Parser.Output<RssItem> & Record<string, unknown>;
  try {
    feed = (await parser.parseString(repaired)) as typeof feed;
  } catch (error) {
    throw new CrawlError('parse_error', `Feed XML cannot be parsed: ${firstLine(error)}`, { cause: error });
  }
  return {
    title: cleanTitle(feed.title ?? ''),
    link: typeof feed.link === 'string' ? feed.link.trim() : null,
    language:
      typeof feed.language === 'string' && feed.language.trim() ? feed.language : rootXmlLang(repaired),
    items: (feed.items ?? []).map(toFeedItem),
  };
}

/** An Atom feed (or an RSS one) states its language as xml:lang on its root or channel element. */
function rootXmlLang(text: string): string | null {
  return (
    /<(?:feed|rss|channel|rdf:RDF)\b[^>]*?\sxml:lang\s*=\s*["']([^"']+)["']/.exec(text.slice(0, 4096))?.[1] ??
    null
  );
}

function toFeedItem(item: RssItem): FeedItem {
  const str = (value: unknown): string => {
    if (typeof value === 'string') return value;
    if (Array.isArray(value)) return str(value[0]);
    if (value && typeof value === 'object' && '_' in value) return str((value as { _: unknown })._);
    return '';
  };
  const html =
    str(item.contentEncoded) ||
    str(item.content) ||
    str(item.rawDescription) ||
    str(item.atomSummary) ||
    str(item.summary);
  const link = str(item.link).trim() || null;
  const guid = str(item.guid).trim() || str(item.id).trim() || null;
  const enclosure = item.enclosure?.url
    ? {
        url: item.enclosure.url.trim(),
        type: item.enclosure.type,
        length: item.enclosure.length ? Number(item.enclosure.length) || undefined : undefined,
      }
    : null;
  const author = cleanTitle(str(item.dcCreator) || str(item.creator) || str(item.author)) || null;
  const extra: Record<string, unknown> = {};
  if (item.itunes) extra.itunes = item.itunes;
  if (item.ytVideoId) extra.videoId = str(item.ytVideoId);
  if (item.ytChannelId) extra.channelId = str(item.ytChannelId);
  if (item.mediaGroup) extra.mediaGroup = item.mediaGroup;
  if (item.mediaThumbnail) extra.thumbnail = (item.mediaThumbnail as { $?: { url?: string } })?.$?.url;
  if (Array.isArray(item.podcastTranscript) && item.podcastTranscript.length)
    extra.transcripts = item.podcastTranscript;
  return {
    id: guid,
    link,
    title: cleanTitle(item.title ?? ''),
    html,
    summary: str(item.contentSnippet),
    author,
    publishedAt: parseDate(item.isoDate) ?? parseDate(str(item.pubDate)) ?? parseDate(str(item.dcDate)),
    enclosure,
    extra,
  };
}

export function parseDate(value: unknown): Date | null {
  if (typeof value !== 'string' || !value.trim()) return null;
  // Drupal wraps the date in an HTML <time datetime="…"> element.
  const text = /datetime="([^"]+)"/.exec(value)?.[1] ?? value.trim();
  const time = Date.parse(text);
  if (Number.isNaN(time)) return null;
  const date = new Date(time);
  const year = date.getUTCFullYear();
  return year < 1990 || year > 2100 ? null : date;
}

type JsonFeedItem = {
  id?: unknown;
  url?: unknown;
  external_url?: unknown;
  title?: unknown;
  content_html?: unknown;
  content_text?: unknown;
  summary?: unknown;
  date_published?: unknown;
  date_modified?: unknown;
  author?: { name?: unknown };
  authors?: { name?: unknown }[];
  attachments?: { url?: unknown; mime_type?: unknown; size_in_bytes?: unknown }[];
};

function parseJsonFeed(text: string): ParsedFeed {
  let doc: {
    version?: unknown;
    title?: unknown;
    home_page_url?: unknown;
    language?: unknown;
    items?: unknown;
  };
  try {
    doc = JSON.parse(text);
  } catch (error) {
    throw new CrawlError('parse_error', `Feed JSON cannot be parsed: ${firstLine(error)}`, { cause: error });
  }
  if (
    typeof doc.version !== 'string' ||
    !doc.version.startsWith('https://jsonfeed.org/version/') ||
    !Array.isArray(doc.items)
  ) {
    throw new CrawlError('parse_error', 'JSON document is not a JSON Feed');
  }
  const s = (v: unknown) => (typeof v === 'string' ? v : '');
  return {
    title: cleanTitle(s(doc.title)),
    link: s(doc.home_page_url) || null,
    language: s(doc.language) || null,
    items: (doc.items as JsonFeedItem[])
      .filter((i) => i && typeof i === 'object')
      .map((item) => {
        const attachment = item.attachments?.find((a) => typeof a?.url === 'string');
        const html = s(item.content_html) || escapeText(s(item.content_text)) || escapeText(s(item.summary));
        return {
          id: item.id === undefined || item.id === null ? null : String(item.id),
          link: s(item.url) || s(item.external_url) || null,
          title: cleanTitle(s(item.title)),
          html,
          summary: s(item.summary),
          author: s(item.authors?.[0]?.name) || s(item.author?.name) || null,
          publishedAt: parseDate(item.date_published) ?? parseDate(item.date_modified),
          enclosure: attachment
            ? {
                url: s(attachment.url),
                type: s(attachment.mime_type) || undefined,
                length: Number(attachment.size_in_bytes) || undefined,
              }
            : null,
          extra: {},
        };
      }),
  };
}

function escapeText(text: string): string {
  if (!text) return '';
  return text
    .split(/\n{2,}/)
    .map((p) => `<p>${escapeHtml(p)}</p>`)
    .join('');
}

function firstLine(error: unknown): string {
  return (error instanceof Error ? error.message : String(error)).split('\n')[0]!.slice(0, 200);
}
