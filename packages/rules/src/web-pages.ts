import {
  TOPIC_LANDING_SLUGS,
  type TopicLandingSlug,
  type UiLanguage,
  WEB_PAGES,
  type WebPage,
  type WebPageMatch,
  type WebPageName,
} from '@app/contracts';

// How the web app's router reads a path, over the contracts' table of its pages (WEB_PAGES), for the
// gateway: a path that no page matches answers 404. A web test holds this matcher to the router's
// matching.

export function isTopicLandingSlug(value: string): value is TopicLandingSlug {
  return (TOPIC_LANDING_SLUGS as ReadonlyArray<string>).includes(value);
}

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
