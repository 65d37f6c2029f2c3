import { AppError } from '@app/contracts';
import { literalUrlRefusal, resolvesToPrivateAddress } from '@app/url-guard';

export type UrlRefusal = 'scheme' | 'private';

/** A value with a scheme (`x:`) is meant as a URL; keywords, handles and channel ids have none. */
const HAS_SCHEME = /^[a-z][a-z0-9+.-]*:/i;
const HTTP_URL = /^https?:\/\//i;

/**
 * Why the crawler must never be pointed at `value`, or null: a scheme other than http(s), or a host on
 * loopback/private/link-local ranges (as an IP literal in any spelling, a localhost name, or a DNS name
 * resolving there). SSRF is refused upfront here; the crawler's fetcher checks again at every hop.
 */
export async function urlRefusal(value: string, allowPrivate: boolean): Promise<UrlRefusal | null> {
  const text = value.trim();
  if (!HAS_SCHEME.test(text)) return null;
  const refusal = literalUrlRefusal(text);
  if (refusal === 'invalid' || refusal === 'scheme') return 'scheme';
  if (allowPrivate) return null;
  if (refusal === 'private') return 'private';
  return (await resolvesToPrivateAddress(new URL(text).hostname)) ? 'private' : null;
}

/** Throws 400 VALIDATION_FAILED on `field` with the message of the refusal. */
export async function assertFetchableUrl(
  value: string,
  field: string,
  options: { allowPrivate: boolean; messages: Record<UrlRefusal, string> },
): Promise<void> {
  const refusal = await urlRefusal(value, options.allowPrivate);
  if (!refusal) return;
  const message = options.messages[refusal];
  throw new AppError('VALIDATION_FAILED', message, { [field]: message });
}

/** The http(s) URLs anywhere in a datasource config (e.g. a podcast's rss_url), with their JSON path. */
export function configUrls(config: unknown, path = 'config'): { path: string; url: string }[] {
  if (typeof config === 'string') return HTTP_URL.test(config.trim()) ? [{ path, url: config }] : [];
  if (Array.isArray(config)) return config.flatMap((item, index) => configUrls(item, `${path}.${index}`));
  if (config && typeof config === 'object') {
    return Object.entries(config).flatMap(([key, item]) => configUrls(item, `${path}.${key}`));
  }
  return [];
}
