import { decodeBody } from './fetch/charset.ts';
import type { Fetcher } from './fetch/http-fetcher.ts';
import { htmlToText, sanitizeContent } from './parse/html.ts';

/**
 * Fetches an article page and extracts its main text with Mozilla Readability (on a linkedom
 * DOM). Returns sanitised HTML, or null when the page cannot be fetched or has no article:
 * the feed's excerpt then stays the post's content.
 */
export async function extractArticle(
  fetcher: Fetcher,
  url: string,
  options: { timeoutMs: number; maxBytes: number },
): Promise<string | null> {
  try {
    const page = await fetcher.fetch(url, {
      ...options,
      accept: 'text/html,application/xhtml+xml;q=0.9,*/*;q=0.5',
    });
    if (page.notModified) return null;
    if (page.contentType && !/html|xml/i.test(page.contentType)) return null;
    // The DOM and Readability load with the first article (CRAWLER_EXTRACT_MAX=0 never loads them).
    const [{ parseHTML }, { Readability }] = await Promise.all([
      import('linkedom'),
      import('@mozilla/readability'),
    ]);
    const { document } = parseHTML(decodeBody(page.body, page.contentType));
    const article = new Readability(document as unknown as ConstructorParameters<typeof Readability>[0], {
      charThreshold: 200,
    }).parse();
    if (!article?.content) return null;
    const html = sanitizeContent(article.content, page.url);
    return htmlToText(html).length > 0 ? html : null;
  } catch {
    return null;
  }
}
