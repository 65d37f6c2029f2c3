/**
 * Links the API hands to browsers as hrefs come from feeds and models: only http(s) ones go out, so a
 * `javascript:` or `data:` "URL" in a stored row can never become a clickable script in any client.
 */
export const isWebUrl = (url: unknown): url is string =>
  typeof url === 'string' && /^https?:\/\//i.test(url.trim());

export const webUrls = (urls: readonly string[] | null | undefined): string[] =>
  (urls ?? []).filter(isWebUrl);

/** The first of `candidates` that is a web URL, or null. */
export const firstWebUrl = (...candidates: unknown[]): string | null => candidates.find(isWebUrl) ?? null;
