const SECRET_KEY = /token|password|secret|authorization|api[_-]?key/i;
const SECRET_PARAM = /^(token|code|key|signature|sig)$/i;
const REDACTED = '[redacted]';

/**
 * A job payload as an admin may see it: values under secret-looking keys are replaced, and links
 * keep their path but lose the query values that act as credentials (a verification link's token).
 */
export function redactJobData(value: unknown, key = ''): unknown {
  if (SECRET_KEY.test(key) && value !== null && value !== undefined) return REDACTED;
  if (typeof value === 'string') return redactUrl(value);
  if (Array.isArray(value)) return value.map((item) => redactJobData(item));
  if (value && typeof value === 'object') {
    return Object.fromEntries(Object.entries(value).map(([k, v]) => [k, redactJobData(v, k)]));
  }
  return value;
}

function redactUrl(text: string): string {
  if (!/^https?:\/\//i.test(text) || !text.includes('?')) return text;
  let url: URL;
  try {
    url = new URL(text);
  } catch {
    return text;
  }
  let changed = false;
  for (const name of [...url.searchParams.keys()]) {
    if (SECRET_PARAM.test(name)) {
      url.searchParams.set(name, REDACTED);
      changed = true;
    }
  }
  return changed ? url.toString() : text;
}
