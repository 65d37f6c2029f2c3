import { DEFAULT_TIME_ZONE, isValidTimeZone } from '@app/time';
import type { WebPageMatch } from '@app/contracts';
import type { HeadLink } from './page-document.ts';
import { REFRESH_COOKIE, SESSION_HINT_COOKIE } from './refresh-cookie.ts';

/**
 * The zone a reader picked on the summary page (the web app writes it beside its own storage), so the
 * page's first request can be known here; the app reads the same zone.
 */
export const TIME_ZONE_COOKIE = 'preferred_timezone';

type DocumentRequest = { query: string; cookies: Record<string, string | undefined> };

/**
 * The API answers a page's first screen will ask for, fetched with the document (`rel=preload`,
 * `as=fetch`, with cookies as the app's requests send them), at the addresses the web client writes
 * (the browser tests check the app's request is the preload). Only where the address is certain and
 * the answer the same for everyone who gets it: a blog post, and the summary page's default view for
 * a visitor (no session: a reader's own answer depends on their plan, which a request without their
 * token cannot carry), in the zone the app will use. Anything else would be fetched twice.
 */
export function dataPreloads(
  page: Pick<WebPageMatch, 'name' | 'params' | 'language'> | null,
  request: DocumentRequest,
): HeadLink[] {
  if (!page) return [];
  const { language } = page;
  if (page.name === 'blogPost')
    return [fetchOf(`/api/blog/posts/${encodeURIComponent(page.params.slug ?? '')}?language=${language}`)];
  if (page.name !== 'contentSummary' || request.query) return [];
  if (request.cookies[SESSION_HINT_COOKIE] || request.cookies[REFRESH_COOKIE]) return [];
  const picked = request.cookies[TIME_ZONE_COOKIE];
  const zone = picked && isValidTimeZone(picked) ? picked : DEFAULT_TIME_ZONE;
  // The web client's address for the list (queries/content.ts summariesQueryOptions), parameter for parameter.
  const query = new URLSearchParams({ page: '1', timezone: zone, language, group: 'story' });
  return [fetchOf(`/api/summaries?${query}`)];
}

const fetchOf = (href: string): HeadLink => ({
  rel: 'preload',
  as: 'fetch',
  href,
  crossorigin: 'use-credentials',
});
