import { z } from 'zod';
import type { UiLanguage } from './common.ts';

// The web app's pages, as its router (web/src/router.tsx) declares them, for the gateway: a path
// that no page matches answers 404, the indexed pages make the sitemap, the others are kept from
// crawlers in robots.txt. A web test holds this table equal to the router's and this matcher to the
// router's matching.

export type WebPage = {
  /** The router's path, without the /zh prefix: `$name` a parameter, `{-$name}` an optional one (last). */
  readonly path: string;
  /** Listed in the sitemap (when it has no parameter) and open to crawlers; false: Disallow'ed. */
  readonly index: boolean;
};

export const WEB_PAGES = {
  home: { path: '/', index: true },
  contentSummary: { path: '/content-summary', index: true },
  dailyPodcast: { path: '/daily-podcast', index: true },
  pricing: { path: '/pricing', index: true },
  blog: { path: '/blog', index: true },
  blogPost: { path: '/blog/$slug', index: true },
  topic: { path: '/topics/$id', index: true },
  youtubeSource: { path: '/youtube/{-$sourceName}', index: true },
  otherYoutubeSources: { path: '/other-youtube-sources', index: true },
  // Token links and account screens: nothing there for a search engine.
  unsubscribe: { path: '/unsubscribe', index: false },
  newsletterConfirm: { path: '/newsletter/confirm', index: false },
  auth: { path: '/auth', index: false },
  authCallback: { path: '/auth/callback', index: false },
  authReset: { path: '/auth/reset', index: false },
  authVerify: { path: '/auth/verify', index: false },
  profile: { path: '/profile', index: false },
  contentHistory: { path: '/content-history', index: false },
  contentGenerator: { path: '/content-generator', index: false },
  admin: { path: '/admin', index: false },
  // The debug screens.
  authTest: { path: '/auth-test', index: false },
  dataTest: { path: '/data-test', index: false },
  simpleTest: { path: '/simple-test', index: false },
  languageFilterTest: { path: '/language-filter-test', index: false },
  databaseTest: { path: '/database-test', index: false },
} as const satisfies Record<string, WebPage>;

export type WebPageName = keyof typeof WEB_PAGES;

/** The topics that have a landing page at /topics/{slug}; any topic has its detail page at /topics/{id}. */
export const TOPIC_LANDING_SLUGS = [
  'ai-agents-apps',
  'engineering',
  'indie-hackers-side-hustle',
  'product-management',
  'startup-vc',
] as const;
export type TopicLandingSlug = (typeof TOPIC_LANDING_SLUGS)[number];

export function isTopicLandingSlug(value: string): value is TopicLandingSlug {
  return (TOPIC_LANDING_SLUGS as ReadonlyArray<string>).includes(value);
}

export type WebPageMatch = {
  name: WebPageName;
  /** The parameters, decoded ('/youtube/A%20B' → sourceName 'A B'); an absent optional one is missing. */
  params: Record<string, string>;
  language: UiLanguage;
};

const PATTERNS = (Object.entries(WEB_PAGES) as [WebPageName, WebPage][]).map(([name, page]) => ({
  name,
  segments: page.path.split('/').filter(Boolean),
}));

function decodeSegment(segment: string): string | null {
  try {
    return decodeURIComponent(segment);
  } catch {
    return null;
  }
}

/** The path's segments as the router reads them, or null for a path no page can have. */
function segmentsOf(path: string): string[] | null {
  // '//host/…' is another site's address to a browser, not a path of this one.
  if (!path.startsWith('/') || path.startsWith('//')) return null;
  const raw = path.slice(1).split('/');
  // One trailing slash is the same page.
  if (raw.at(-1) === '') raw.pop();
  const segments: string[] = [];
  for (const part of raw) {
    const segment = decodeSegment(part);
    // An empty segment (a doubled slash) or a dot segment: a browser would have read another path.
    if (!segment || segment === '.' || segment === '..') return null;
    segments.push(segment);
  }
  return segments;
}

function matchPattern(pattern: readonly string[], segments: readonly string[]) {
  const params: Record<string, string> = {};
  const optionalLast = pattern.at(-1)?.startsWith('{-$') === true;
  const fits = segments.length === pattern.length || (optionalLast && segments.length === pattern.length - 1);
  if (!fits) return null;
  for (const [index, part] of pattern.entries()) {
    const segment = segments[index];
    if (part.startsWith('{-$')) {
      if (segment !== undefined) params[part.slice(3, -1)] = segment;
    } else if (part.startsWith('$')) {
      params[part.slice(1)] = segment as string;
    } else if (segment?.toLowerCase() !== part.toLowerCase()) {
      // Static segments match whatever their case, as the router's do.
      return null;
    }
  }
  return params;
}

/**
 * The page the web app shows for `path` (as sent: percent-encoded, without the query), or null when it
 * shows its 404 screen. Each segment is decoded on its own, so '/blog%2Fx' is one segment, not two; a
 * leading 'zh' segment (exactly) is the Chinese site.
 */
export function matchWebPage(path: string): WebPageMatch | null {
  const segments = segmentsOf(path);
  if (!segments) return null;
  const language: UiLanguage = segments[0] === 'zh' ? 'zh' : 'en';
  if (language === 'zh') segments.shift();
  for (const pattern of PATTERNS) {
    const params = matchPattern(pattern.segments, segments);
    if (params) return { name: pattern.name, params, language };
  }
  return null;
}

/** The public path of a page in a language: ('/pricing', 'zh') → '/zh/pricing', ('/', 'zh') → '/zh'. */
export function webPagePath(path: string, language: UiLanguage): string {
  if (language === 'en') return path;
  return path === '/' ? '/zh' : `/zh${path}`;
}

/** GET /api/social-cards/card.png: the link-preview picture of one public page. */
export const SocialCardQuerySchema = z.object({
  page: z
    .string()
    .min(1)
    .max(1024)
    .describe("The page's path as in its canonical URL (percent-encoded): /zh/blog/hello"),
  v: z
    .string()
    .regex(/^[\w-]{1,32}$/)
    .optional()
    .describe("The card's version, from the page's head: a new one whenever the card's words change"),
});
