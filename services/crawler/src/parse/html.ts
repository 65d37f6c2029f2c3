import { decodeHTML } from 'entities';
import sanitizeHtml from 'sanitize-html';

const ALLOWED_TAGS = [
  ...sanitizeHtml.defaults.allowedTags,
  'img',
  'figure',
  'figcaption',
  'picture',
  'video',
  'audio',
  'source',
  'del',
  'ins',
  'sup',
  'sub',
];

/**
 * Feed and page HTML → safe HTML: no scripts, styles, event handlers, iframes or javascript:
 * URLs; relative links and images resolved against the item's base URL; lazy-loaded images
 * (data-src, as WeChat publishes them) given a real src.
 */
export function sanitizeContent(html: string, baseUrl?: string): string {
  if (!html) return '';
  const resolve = (value: string | undefined) => {
    if (!value || !baseUrl) return value;
    try {
      return new URL(value, baseUrl).toString();
    } catch {
      return value;
    }
  };
  return sanitizeHtml(html, {
    allowedTags: ALLOWED_TAGS,
    allowedAttributes: {
      a: ['href', 'title'],
      img: ['src', 'alt', 'title', 'width', 'height'],
      video: ['src', 'poster', 'controls'],
      audio: ['src', 'controls'],
      source: ['src', 'type'],
      td: ['colspan', 'rowspan'],
      th: ['colspan', 'rowspan'],
      time: ['datetime'],
    },
    allowedSchemes: ['http', 'https', 'mailto'],
    allowProtocolRelative: false,
    transformTags: {
      a: (tagName, attribs) => ({ tagName, attribs: { ...attribs, href: resolve(attribs.href) ?? '' } }),
      img: (tagName, attribs) => ({
        tagName,
        attribs: {
          ...attribs,
          src: resolve(attribs.src || attribs['data-src'] || attribs['data-original']) ?? '',
        },
      }),
    },
    exclusiveFilter: (frame) => frame.tag === 'img' && !frame.attribs.src,
  }).trim();
}

/** HTML → plain text with paragraph breaks, entities decoded. Used for titles, snippets and summaries. */
export function htmlToText(html: string): string {
  if (!html) return '';
  const withBreaks = html.replace(/<(br|\/p|\/div|\/li|\/h[1-6]|\/tr|\/blockquote)\b[^>]*>/gi, '$&\n');
  const text = sanitizeHtml(withBreaks, {
    allowedTags: [],
    allowedAttributes: {},
    nonTextTags: ['script', 'style', 'noscript', 'textarea', 'template'],
  });
  return decodeHTML(text)
    .replace(/[ \t\u00a0]+/g, ' ')
    .replace(/ *\n */g, '\n')
    .replace(/\n{3,}/g, '\n\n')
    .trim();
}

/** A title may carry HTML, entities (even double-escaped ones in type="html" Atom titles) and padding. */
export function cleanTitle(raw: unknown): string {
  const value =
    typeof raw === 'string'
      ? raw
      : typeof raw === 'object' && raw && '_' in raw
        ? String((raw as { _: unknown })._)
        : '';
  return htmlToText(value).replace(/\s+/g, ' ').trim().slice(0, 500);
}
