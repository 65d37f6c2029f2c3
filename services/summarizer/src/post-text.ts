import { decodeHTML } from 'entities';

/**
 * Stored post content → plain text for the summarizer. The crawler stores HTML sanitised by
 * @app/sanitize (no scripts or styles, every "<" and ">" outside a tag escaped), so dropping tags
 * is enough here.
 */
export function postText(html: string): string {
  return decodeHTML(
    html
      .replace(/<(br|\/p|\/div|\/li|\/h[1-6]|\/tr|\/blockquote)\b[^>]*>/gi, '$&\n')
      .replace(/<[^>]+>/g, ' '),
  )
    .replace(/[ \t\u00a0]+/g, ' ')
    .replace(/ *\n */g, '\n')
    .replace(/\n{3,}/g, '\n\n')
    .trim();
}
