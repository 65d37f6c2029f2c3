/**
 * The `redirect` search parameter of /auth holds the page a visitor was sent away from. Only
 * same-origin paths are followed, so the parameter cannot send anyone to another site.
 */
export function safeRedirectTarget(value: unknown): string | undefined {
  if (typeof value !== 'string' || !value.startsWith('/')) return undefined;
  if (value.startsWith('//') || value.startsWith('/\\')) return undefined;
  // Never bounce back to the auth screens themselves.
  const path = value.split(/[?#]/)[0] ?? '';
  if (/^(\/zh)?\/auth(\/|$)/.test(path)) return undefined;
  return value;
}
