import { CRAWLED_CONTENT, createSanitizer, htmlToText } from '@app/sanitize';

export { htmlToText };

const sanitizeCrawled = createSanitizer(CRAWLED_CONTENT);

/**
 * Feed and page HTML → safe HTML: no scripts, styles, event handlers, iframes or javascript:
 * URLs; relative links and images resolved against the item's base URL; lazy-loaded images
 * (data-src, as WeChat publishes them) given a real src.
 */
export function sanitizeContent(html: string, baseUrl?: string): string {
  return sanitizeCrawled(html, baseUrl).trim();
}

/** A title may carry HTML, entities (even double-escaped ones in type="html" Atom titles) and padding. */
export function cleanTitle(raw: unknown): string {
  const value =
    typeof raw === 'string'
      ? raw
      : typeof raw === 'object' && raw && '_' in raw
        ? String((raw as { _: unknown })._)
        : '';
  // Plain text (most titles and names) has no tags or entities to undo.
  const text = /[<&]/.test(value) ? htmlToText(value) : value;
  return text.replace(/\s+/g, ' ').trim().slice(0, 500);
}
