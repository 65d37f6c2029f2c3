import { createHash } from 'node:crypto';

const TRACKING = /^(utm_[a-z]+|fbclid|gclid|mc_cid|mc_eid|ref_src|spm)$/i;

/**
 * The key a crawled item is stored under: absolute, no tracking parameters, lower-case host. The
 * fragment stays: microblogs (Scripting News, Nitter) tell items of one page apart by it.
 */
export function canonicalUrl(raw: string, base?: string): string | null {
  let url: URL;
  try {
    url = new URL(raw.trim(), base);
  } catch {
    return null;
  }
  if (url.protocol !== 'http:' && url.protocol !== 'https:') return null;
  // The parser has lower-cased the host already (http and https are special schemes); only a query
  // can hold tracking parameters, and it is rewritten only when one is removed.
  if (url.search) {
    for (const key of [...url.searchParams.keys()]) if (TRACKING.test(key)) url.searchParams.delete(key);
  }
  return url.href;
}

export function urlHash(canonical: string): string {
  return createHash('sha256').update(canonical).digest('hex');
}
