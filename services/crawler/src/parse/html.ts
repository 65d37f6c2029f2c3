import { createRequire } from 'node:module';
import escapeHtml from 'escape-html';
import { decodeHTML } from 'entities';
import sanitizeHtml from 'sanitize-html';

// A CommonJS module whose helpers (parseAttr) are attached at run time, out of sight of ESM named imports.
const { FilterXSS, parseAttr }: typeof import('xss') = createRequire(import.meta.url)('xss');

/** Tags kept (without attributes unless listed in ATTRIBUTES); any other tag is dropped and its text kept. */
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

const ATTRIBUTES: Record<string, string[]> = {
  a: ['href', 'title'],
  img: ['src', 'alt', 'title', 'width', 'height'],
  video: ['src', 'poster', 'controls'],
  audio: ['src', 'controls'],
  source: ['src', 'type'],
  td: ['colspan', 'rowspan'],
  th: ['colspan', 'rowspan'],
  time: ['datetime'],
};

/** An image's attributes besides its src, kept as they are. */
const IMAGE_ATTRIBUTES = ATTRIBUTES.img!.filter((name) => name !== 'src');

/** Attributes holding a URL: resolved against the item's URL and kept only for these schemes. */
const URL_ATTRIBUTES = new Set(['href', 'src', 'poster']);
const SCHEMES = new Set(['http:', 'https:', 'mailto:']);

/** Elements dropped together with everything inside them. */
const DROPPED_WITH_CONTENT = new Set([
  'script',
  'style',
  'noscript',
  'template',
  'textarea',
  'select',
  'option',
  'iframe',
  'object',
  'embed',
  'svg',
  'math',
  'head',
  'title',
]);

/** The item's URL for the document being sanitised (sanitising is synchronous, so one at a time). */
let currentBase: string | undefined;
/** Where in the output the outermost dropped element began, and how deep inside dropped elements we are. */
let droppedFrom = -1;
let droppedDepth = 0;
let droppedRanges: [number, number][] = [];

function safeUrl(raw: string | undefined): string | null {
  if (!raw) return null;
  try {
    const url = new URL(decodeHTML(raw).trim(), currentBase);
    return SCHEMES.has(url.protocol) ? url.toString() : null;
  } catch {
    return null;
  }
}

function attribute(name: string, value: string): string {
  return `${name}="${escapeHtml(value)}"`;
}

/** An <img>'s attributes, by lower-case name, from the tag's source text. */
function imageAttributes(tagHtml: string): Record<string, string> {
  const attributes: Record<string, string> = {};
  const space = tagHtml.search(/\s/);
  if (space === -1) return attributes;
  const inner = tagHtml.slice(space + 1, -1).replace(/\/\s*$/, '');
  parseAttr(inner, (name, value) => {
    attributes[name] ??= value;
    return '';
  });
  return attributes;
}

const contentFilter = new FilterXSS({
  whiteList: Object.fromEntries(ALLOWED_TAGS.map((tag) => [tag, ATTRIBUTES[tag] ?? []])),
  allowCommentTag: false,
  css: false,
  onTag(tag, html, info) {
    if (tag !== 'img' || !info.isWhite) return undefined;
    if (info.isClosing) return '';
    // Lazy-loaded images (WeChat's data-src) get a real src; an image without one is dropped.
    const attrs = imageAttributes(html);
    const src = safeUrl(attrs.src || attrs['data-src'] || attrs['data-original']);
    if (!src) return '';
    const rest = IMAGE_ATTRIBUTES.filter((name) => attrs[name] !== undefined).map(
      (name) => ` ${attribute(name, decodeHTML(attrs[name]!))}`,
    );
    return `<img ${attribute('src', src)}${rest.join('')}>`;
  },
  // Any other tag goes, its text stays; a script, style or embedded document goes with its content.
  onIgnoreTag(tag, _html, info) {
    if (!DROPPED_WITH_CONTENT.has(tag)) return '';
    if (!info.isClosing) {
      if (droppedDepth++ === 0) droppedFrom = info.position ?? 0;
    } else if (droppedDepth > 0 && --droppedDepth === 0) {
      droppedRanges.push([droppedFrom, info.position ?? droppedFrom]);
    }
    return '';
  },
  onTagAttr(_tag, name, value, isWhiteAttr) {
    if (!isWhiteAttr || !URL_ATTRIBUTES.has(name)) return undefined;
    const url = safeUrl(value);
    return url ? attribute(name, url) : '';
  },
});

/**
 * Feed and page HTML → safe HTML: no scripts, styles, event handlers, iframes or javascript:
 * URLs; relative links and images resolved against the item's base URL; lazy-loaded images
 * (data-src, as WeChat publishes them) given a real src.
 */
export function sanitizeContent(html: string, baseUrl?: string): string {
  if (!html) return '';
  currentBase = baseUrl;
  droppedDepth = 0;
  droppedRanges = [];
  try {
    // As in HTML, a "<" that cannot start a tag ("a < b") is text, not the start of one.
    let out = contentFilter.process(html.replace(/<(?![a-zA-Z/!?])/g, '&lt;'));
    // An element left open runs to the end, as a browser would read it.
    if (droppedDepth > 0) droppedRanges.push([droppedFrom, out.length]);
    for (const [from, to] of droppedRanges.reverse()) out = out.slice(0, from) + out.slice(to);
    return out.trim();
  } finally {
    currentBase = undefined;
  }
}

/** HTML → plain text with paragraph breaks, entities decoded. Used for titles, snippets and summaries. */
export function htmlToText(html: string): string {
  if (!html) return '';
  // Most titles and names are plain text already: nothing to strip or decode.
  const text = /[<&]/.test(html) ? decodeHTML(stripTags(html)) : html;
  return text
    .replace(/[ \t\u00a0]+/g, ' ')
    .replace(/ *\n */g, '\n')
    .replace(/\n{3,}/g, '\n\n')
    .trim();
}

function stripTags(html: string): string {
  const withBreaks = html.replace(/<(br|\/p|\/div|\/li|\/h[1-6]|\/tr|\/blockquote)\b[^>]*>/gi, '$&\n');
  return sanitizeHtml(withBreaks, {
    allowedTags: [],
    allowedAttributes: {},
    nonTextTags: ['script', 'style', 'noscript', 'textarea', 'template'],
  });
}

/** A title may carry HTML, entities (even double-escaped ones in type="html" Atom titles) and padding. */
export function cleanTitle(raw: unknown): string {
  const value =
    typeof raw === 'string'
      ? raw
      : typeof raw === 'object' && raw && '_' in raw
        ? String((raw as { _: unknown })._)
        : '';
  // Plain text (most titles and names) has no tags or entities to undo.
  const text = /[<&]/.test(value) ? htmlToText(value) : value;
  return text.replace(/\s+/g, ' ').trim().slice(0, 500);
}
