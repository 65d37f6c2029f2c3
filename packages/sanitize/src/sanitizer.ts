import { createRequire } from 'node:module';
import { decodeHTML, decodeHTMLAttribute } from 'entities';

// A CommonJS module whose helpers (parseAttr) are attached at run time, out of sight of ESM named imports.
const { FilterXSS, parseAttr }: typeof import('xss') = createRequire(import.meta.url)('xss');

/** What HTML may keep: a tag not listed goes and its text stays. */
export type SanitizeProfile = {
  /** Tags kept, each with the attributes it may keep, in the order they are written. */
  tags: Readonly<Record<string, readonly string[]>>;
  /** Attributes every kept tag may keep (written after its own). */
  anyTag?: readonly string[];
  /** Per tag, the classes its class attribute keeps (the tag must list `class`); others go. */
  classes?: Readonly<Record<string, readonly RegExp[]>>;
  /** Attributes set on a tag whatever it carried, written last. */
  force?: Readonly<Record<string, Readonly<Record<string, string>>>>;
  /** Schemes a URL (href, src, poster, cite) may have, lower case without the colon. */
  schemes: readonly string[];
  /** A tag's own schemes, instead of `schemes`. */
  schemesByTag?: Readonly<Record<string, readonly string[]>>;
  /**
   * URLs resolved against the base URL passed with the HTML and written absolute; one that cannot
   * be made absolute goes. Otherwise a URL is kept as written, a relative one too.
   */
  absoluteUrls?: boolean;
  /** Attributes an <img> without a src may hold its URL in (lazy loading), in order of preference. */
  lazySrc?: readonly string[];
  /** Void elements written `<br />` rather than `<br>`. */
  selfClosingSlash?: boolean;
};

/** HTML → the HTML a profile allows; `baseUrl` is what relative URLs resolve against (absoluteUrls). */
export type Sanitizer = (html: string, baseUrl?: string) => string;

/** Attributes holding a URL: kept only for the profile's schemes. */
const URL_ATTRIBUTES = new Set(['href', 'src', 'poster', 'cite']);

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

const VOID_ELEMENTS = new Set([
  'area',
  'base',
  'br',
  'col',
  'embed',
  'hr',
  'img',
  'input',
  'link',
  'meta',
  'source',
  'track',
  'wbr',
]);

/** Attributes no profile may keep: they run script, load styles, or hold URLs this module does not check. */
const NEVER_KEPT = /^(on|style$|srcset$|action$|formaction$|background$|ping$|xlink:|data$)/;

const ESCAPES: Record<string, string> = { '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;' };
const escapeChar = (c: string) => ESCAPES[c]!;

/** Text between tags, entities decoded once and written back escaped, as an HTML serialiser would. */
function escapeText(text: string): string {
  const decoded = text.includes('&') ? decodeHTML(text) : text;
  return /[&<>]/.test(decoded) ? decoded.replace(/[&<>]/g, escapeChar) : decoded;
}

function attribute(name: string, value: string): string {
  // Empty, a bare name; except alt, whose empty value marks an image as decorative.
  if (value === '' && name !== 'alt') return name;
  return `${name}="${/[&<>"]/.test(value) ? value.replace(/[&<>"]/g, escapeChar) : value}"`;
}

/** A tag's attributes, by lower-case name (the first of a repeated one wins), values as written. */
function attributesOf(tagHtml: string): Map<string, string> {
  const attributes = new Map<string, string>();
  const space = tagHtml.search(/\s/);
  if (space === -1) return attributes;
  const inner = tagHtml.slice(space + 1, -1).replace(/\/\s*$/, '');
  parseAttr(inner, (name, value) => {
    if (!attributes.has(name)) attributes.set(name, value);
    return '';
  });
  return attributes;
}

function checkProfile(profile: SanitizeProfile): void {
  for (const [tag, names] of Object.entries(profile.tags)) {
    if (DROPPED_WITH_CONTENT.has(tag)) throw new Error(`Sanitize profile: <${tag}> is always dropped`);
    for (const name of [...names, ...(profile.anyTag ?? [])]) {
      if (NEVER_KEPT.test(name)) throw new Error(`Sanitize profile: ${tag}[${name}] cannot be kept`);
    }
  }
}

/**
 * The engine behind every profile: js-xss finds the tags, this module decides each one. `writeText`
 * writes the text between tags (htmlToText keeps it as written and decodes it afterwards).
 */
export function createFilter(profile: SanitizeProfile, writeText: (text: string) => string): Sanitizer {
  checkProfile(profile);
  const tags = Object.keys(profile.tags);
  const lazySrc = profile.lazySrc ?? [];
  const forcedOf = (tag: string) => profile.force?.[tag] ?? {};
  const schemes = new Map(tags.map((tag) => [tag, new Set(profile.schemesByTag?.[tag] ?? profile.schemes)]));
  /** Per tag, the attributes taken from the source, then the forced ones as written. */
  const kept = new Map(
    tags.map((tag) => [
      tag,
      [...new Set([...profile.tags[tag]!, ...(profile.anyTag ?? [])])].filter(
        (name) => !Object.hasOwn(forcedOf(tag), name),
      ),
    ]),
  );
  const forced = new Map(
    tags.map((tag) => [
      tag,
      Object.entries(forcedOf(tag))
        .map(([name, value]) => ` ${attribute(name, value)}`)
        .join(''),
    ]),
  );
  const voidEnd = profile.selfClosingSlash ? ' />' : '>';

  /** The base URL of the document being sanitised (sanitising is synchronous, so one at a time). */
  let currentBase: string | undefined;
  /** Where in the output the outermost dropped element began, and how deep inside dropped elements we are. */
  let droppedFrom = -1;
  let droppedDepth = 0;
  let droppedRanges: [number, number][] = [];

  /** A URL as it may be written, or null when its scheme is not allowed for the tag. */
  function safeUrl(tag: string, raw: string | undefined): string | null {
    if (!raw) return null;
    const allowed = schemes.get(tag)!;
    const value = decodeHTMLAttribute(raw);
    if (profile.absoluteUrls) {
      try {
        const url = new URL(value.trim(), currentBase);
        return allowed.has(url.protocol.slice(0, -1)) ? url.toString() : null;
      } catch {
        return null;
      }
    }
    // Browsers skip control characters and spaces in a scheme ("java\tscript:"): so does the check.
    // biome-ignore lint/suspicious/noControlCharactersInRegex: the control characters are the point
    const scheme = /^([a-z][a-z0-9+.-]*):/i.exec(value.replace(/[\x00-\x20]+/g, ''));
    return !scheme || allowed.has(scheme[1]!.toLowerCase()) ? value : null;
  }

  /** An attribute's value as it is written, or null when it goes. */
  function attributeValue(tag: string, name: string, raw: string | undefined): string | null {
    if (raw === undefined) return null;
    if (URL_ATTRIBUTES.has(name)) return safeUrl(tag, raw);
    const value = decodeHTMLAttribute(raw);
    const classes = name === 'class' ? profile.classes?.[tag] : undefined;
    if (!classes) return value;
    const kept = value.split(/\s+/).filter((token) => classes.some((pattern) => pattern.test(token)));
    return kept.length > 0 ? kept.join(' ') : null;
  }

  function openingTag(tag: string, tagHtml: string): string {
    const attrs = attributesOf(tagHtml);
    if (tag === 'img') {
      // An image without a usable URL would show as a broken frame: it goes.
      const src = safeUrl(tag, [attrs.get('src'), ...lazySrc.map((name) => attrs.get(name))].find(Boolean));
      if (!src) return '';
      attrs.set('src', src);
    }
    let out = `<${tag}`;
    for (const name of kept.get(tag)!) {
      const value =
        tag === 'img' && name === 'src' ? attrs.get('src')! : attributeValue(tag, name, attrs.get(name));
      if (value !== null) out += ` ${attribute(name, value)}`;
    }
    return out + forced.get(tag)! + (VOID_ELEMENTS.has(tag) ? voidEnd : '>');
  }

  const filter = new FilterXSS({
    whiteList: Object.fromEntries(tags.map((tag) => [tag, []])),
    allowCommentTag: false,
    css: false,
    escapeHtml: writeText,
    onTag(tag, html, info) {
      if (!info.isWhite) return undefined;
      if (!info.isClosing) return openingTag(tag, html);
      // Browsers read "</br>" as a line break; other void elements have nothing to close.
      if (tag === 'br') return `<br${voidEnd}`;
      return VOID_ELEMENTS.has(tag) ? '' : `</${tag}>`;
    },
    // Any other tag goes, its text stays; a script, style or embedded document goes with its content.
    onIgnoreTag(tag, _html, info) {
      if (!DROPPED_WITH_CONTENT.has(tag) || VOID_ELEMENTS.has(tag)) return '';
      if (!info.isClosing) {
        if (droppedDepth++ === 0) droppedFrom = info.position ?? 0;
      } else if (droppedDepth > 0 && --droppedDepth === 0) {
        droppedRanges.push([droppedFrom, info.position ?? droppedFrom]);
      }
      return '';
    },
  });

  return (html, baseUrl) => {
    if (!html) return '';
    currentBase = baseUrl;
    droppedDepth = 0;
    droppedRanges = [];
    try {
      // As in HTML, a "<" that cannot start a tag ("a < b") is text, not the start of one.
      let out = filter.process(html.replace(/<(?![a-zA-Z/!?])/g, '&lt;'));
      // An element left open runs to the end, as a browser would read it.
      if (droppedDepth > 0) droppedRanges.push([droppedFrom, out.length]);
      for (const [from, to] of droppedRanges.reverse()) out = out.slice(0, from) + out.slice(to);
      return out;
    } finally {
      currentBase = undefined;
    }
  };
}

/**
 * One sanitiser per profile, made once and reused: no scripts, styles, event handlers, embedded
 * documents or URLs of other schemes survive, whatever the markup tries.
 */
export function createSanitizer(profile: SanitizeProfile): Sanitizer {
  return createFilter(profile, escapeText);
}
