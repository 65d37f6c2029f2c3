import type { SanitizeProfile } from './sanitizer.ts';

/** Heading levels, allowed wherever text is. */
const HEADINGS = ['h1', 'h2', 'h3', 'h4', 'h5', 'h6'];

/** Sections, text, lists and tables: markup that can neither run nor fetch anything. */
const CONTENT_TAGS = [
  'address',
  'article',
  'aside',
  'footer',
  'header',
  ...HEADINGS,
  'hgroup',
  'main',
  'nav',
  'section',
  'blockquote',
  'dd',
  'div',
  'dl',
  'dt',
  'figcaption',
  'figure',
  'hr',
  'li',
  'menu',
  'ol',
  'p',
  'pre',
  'ul',
  'a',
  'abbr',
  'b',
  'bdi',
  'bdo',
  'br',
  'cite',
  'code',
  'data',
  'dfn',
  'em',
  'i',
  'kbd',
  'mark',
  'q',
  'rb',
  'rp',
  'rt',
  'rtc',
  'ruby',
  's',
  'samp',
  'small',
  'span',
  'strong',
  'sub',
  'sup',
  'time',
  'u',
  'var',
  'wbr',
  'caption',
  'col',
  'colgroup',
  'table',
  'tbody',
  'td',
  'tfoot',
  'th',
  'thead',
  'tr',
];

/** What markdown makes of a summary, short of images: text markup, links and tables. */
const SUMMARY_TAGS = [
  'p',
  'br',
  'hr',
  ...HEADINGS,
  'ul',
  'ol',
  'li',
  'blockquote',
  'strong',
  'em',
  'b',
  'i',
  'del',
  'code',
  'pre',
  'a',
  'table',
  'thead',
  'tbody',
  'tr',
  'th',
  'td',
];

/** `tags`, each keeping the attributes `attributes` lists for it (none when not listed). */
function withAttributes(tags: string[], attributes: Record<string, string[]>): SanitizeProfile['tags'] {
  return Object.fromEntries([...new Set(tags)].map((tag) => [tag, attributes[tag] ?? []]));
}

/** Links leaving the site send no referrer and give the page they open no hold on this one. */
const SAFE_LINK = { rel: 'noopener noreferrer' };

/**
 * Feed items and article pages as crawled: relative links and images resolved against the item's
 * URL (absolute, http, https or mailto only), lazy-loaded images (data-src, as WeChat publishes
 * them) given a real src, media kept without autoplay or scripts.
 */
export const CRAWLED_CONTENT: SanitizeProfile = {
  tags: withAttributes(
    [
      ...CONTENT_TAGS,
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
    ],
    {
      a: ['href', 'title'],
      img: ['src', 'alt', 'title', 'width', 'height'],
      video: ['src', 'poster', 'controls'],
      audio: ['src', 'controls'],
      source: ['src', 'type'],
      td: ['colspan', 'rowspan'],
      th: ['colspan', 'rowspan'],
      time: ['datetime'],
    },
  ),
  schemes: ['http', 'https', 'mailto'],
  absoluteUrls: true,
  lazySrc: ['data-src', 'data-original'],
};

/**
 * Blog posts an admin writes (markdown or HTML): text markup, images (data: URLs too, as pasted
 * from an editor), ids for in-page anchors, code classes for highlighting.
 */
export const BLOG_POST: SanitizeProfile = {
  tags: withAttributes([...CONTENT_TAGS, 'img', 'del', 'ins'], {
    a: ['href', 'name', 'title', 'target'],
    img: ['src', 'alt', 'title', 'width', 'height', 'loading'],
    code: ['class'],
  }),
  anyTag: ['id'],
  force: { a: SAFE_LINK },
  schemes: ['http', 'https', 'mailto'],
  schemesByTag: { img: ['http', 'https', 'data'] },
  selfClosingSlash: true,
};

/**
 * A summary in the site's feeds. Feed readers render item HTML themselves, often with fewer
 * defences than a browser page: only text markup and http(s)/mailto links leave the site; images
 * and handlers do not.
 */
export const FEED_ITEM: SanitizeProfile = {
  tags: withAttributes(SUMMARY_TAGS, { a: ['href'] }),
  force: { a: SAFE_LINK },
  schemes: ['http', 'https', 'mailto'],
  selfClosingSlash: true,
};

/**
 * A blog post in the blog's feed: the post's text markup, links and pictures from http(s) URLs (no
 * data: URLs, which readers refuse, no ids that would clash on a reader's page of many items).
 */
export const BLOG_FEED_ITEM: SanitizeProfile = {
  tags: withAttributes([...CONTENT_TAGS, 'img', 'del', 'ins'], {
    a: ['href', 'title'],
    img: ['src', 'alt', 'title', 'width', 'height'],
  }),
  force: { a: SAFE_LINK },
  schemes: ['http', 'https', 'mailto'],
  schemesByTag: { img: ['http', 'https'] },
  selfClosingSlash: true,
};

/**
 * A summary on the web app's pages (under the app's CSP), with what GitHub-style markdown shows
 * there too: images from http(s) URLs (loaded lazily, sending no referrer), code languages, list
 * starts, column alignment. Links open in a new tab that cannot reach back to the page.
 */
export const SUMMARY_PAGE: SanitizeProfile = {
  tags: withAttributes([...SUMMARY_TAGS, 'img'], {
    a: ['href', 'title'],
    img: ['src', 'alt', 'title'],
    code: ['class'],
    ol: ['start'],
    th: ['align'],
    td: ['align'],
  }),
  classes: { code: [/^language-/] },
  force: {
    a: { target: '_blank', ...SAFE_LINK },
    img: { loading: 'lazy', referrerpolicy: 'no-referrer' },
  },
  schemes: ['http', 'https', 'mailto'],
  schemesByTag: { img: ['http', 'https'] },
  selfClosingSlash: true,
};
