/**
 * The `redirect` search parameter of /auth holds the page a visitor was sent away from. Only
 * same-site relative paths are followed, so the parameter cannot send anyone to another site.
 */

/** Longer than any in-app href; a longer value is not one of ours. */
const MAX_LENGTH = 2048;
/** How many layers of percent-encoding are unwrapped before giving up on a value. */
const MAX_DECODE_LAYERS = 4;
/** Any origin works: a relative path resolved against it must keep it. */
const PROBE_ORIGIN = 'http://same-site.invalid';

// Browsers drop tabs and line breaks anywhere in a URL ('/\t/evil.com' is '//evil.com') and
// read a backslash as a slash, so neither may appear in a path we navigate to.
// biome-ignore lint/suspicious/noControlCharactersInRegex: the control characters are the point
const CONTROL = /[\u0000-\u001f\u007f]/;

function pathPart(value: string): string {
  return value.split(/[?#]/)[0] ?? '';
}

/** A path that stays on this site when a browser follows it: '/x', never '//x', '/\x' or 'x'. */
function isLocalPath(value: string): boolean {
  if (!value.startsWith('/') || value.startsWith('//')) return false;
  if (CONTROL.test(value)) return false;
  return !pathPart(value).includes('\\');
}

export function safeRedirectTarget(value: unknown): string | undefined {
  if (typeof value !== 'string' || value.length === 0 || value.length > MAX_LENGTH) return undefined;
  // Every decoding of the value must be local too: '/%2F%2Fevil.com' and '/%5Cevil.com' turn into
  // '//evil.com' and '/\evil.com' for whatever decodes them next.
  let layer = value;
  for (let i = 0; i < MAX_DECODE_LAYERS; i++) {
    if (!isLocalPath(layer)) return undefined;
    let decoded: string;
    try {
      decoded = decodeURIComponent(layer);
    } catch {
      return undefined;
    }
    if (decoded === layer) break;
    if (i === MAX_DECODE_LAYERS - 1) return undefined;
    layer = decoded;
  }
  // The browser's own reading decides last: the path must resolve to this site.
  try {
    if (new URL(value, PROBE_ORIGIN).origin !== PROBE_ORIGIN) return undefined;
  } catch {
    return undefined;
  }
  // Never bounce back to the auth screens themselves.
  if (/^(\/zh)?\/auth(\/|$)/i.test(pathPart(layer))) return undefined;
  return value;
}
