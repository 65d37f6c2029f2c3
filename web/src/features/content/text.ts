import { toLocale } from '@app/rules';
import { formatInstant } from '@app/time/format';
import { truncate } from './truncate';

// Shared with the summary page's first paint (src/first-paint-reading.ts), which loads nothing else of the app.
export { TITLE_MAX, truncate } from './truncate';
export const MAX_LINKS = 5;

/** "November 29, 2026 at 10:04 PM" / "2026年11月29日 22:04", in the reader's zone. */
export const formatDate = (iso: string, language: 'en' | 'zh', timeZone: string) =>
  formatInstant(iso, toLocale(language), { date: 'long', time: 'short', timeZone });

/** "November 29, 2026" / "2026年11月29日", in the reader's zone. */
export const formatDay = (iso: string, language: 'en' | 'zh', timeZone: string) =>
  formatInstant(iso, toLocale(language), { date: 'long', timeZone });

/** Pages to show: all up to 7, otherwise first, last and a window around the current one. */
export function pageWindow(current: number, total: number): (number | 'gap')[] {
  if (total <= 7) return Array.from({ length: total }, (_, i) => i + 1);
  const pages = new Set([1, total, current - 1, current, current + 1]);
  const sorted = [...pages].filter((p) => p >= 1 && p <= total).sort((a, b) => a - b);
  const out: (number | 'gap')[] = [];
  for (const p of sorted) {
    const last = out[out.length - 1];
    if (typeof last === 'number' && p - last > 1) out.push('gap');
    out.push(p);
  }
  return out;
}

const LINK_MAX = 60;

/**
 * A link as a reader reads it: the page's title when it is known, else its host and path (no scheme,
 * "www.", query, fragment or closing slash), cut to a line. The link itself keeps the full URL.
 */
export function linkLabel(url: string, titles?: ReadonlyMap<string, string>): string {
  let shown = url.replace(/^https?:\/\/(www\.)?/i, '').replace(/\/?([?#].*)?$/, '');
  try {
    shown = decodeURI(shown);
  } catch {
    // A malformed escape: the path as written.
  }
  return truncate(titles?.get(url) || shown, LINK_MAX);
}
