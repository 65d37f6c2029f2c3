import escapeHtml from 'escape-html';
import { BLOG_FEED_ITEM, createSanitizer, FEED_ITEM, SUMMARY_PAGE } from '@app/sanitize';
import { Marked, marked, type Token, type Tokens } from 'marked';

/** Item HTML for the feeds: text markup and links only (see FEED_ITEM). */
export const sanitizeFeedHtml = createSanitizer(FEED_ITEM);
/** A blog post's body for the blog feed: its text markup, links and http(s) images (see BLOG_FEED_ITEM). */
export const sanitizeBlogFeedHtml = createSanitizer(BLOG_FEED_ITEM);
const sanitizePageHtml = createSanitizer(SUMMARY_PAGE);

// On a page, HTML written in a summary shows as the text it is (a summary that names the `<dialog>`
// element without backticks keeps the name), never as markup.
const pageMarked = new Marked({
  gfm: true,
  renderer: {
    html: ({ text, block }) => (block ? `<p>${escapeHtml(text.trim())}</p>\n` : escapeHtml(text)),
  },
});

/** A summary's markdown as the HTML a feed item carries. */
export function summaryHtml(markdown: string): string {
  return sanitizeFeedHtml(marked.parse(markdown, { async: false, gfm: true }) as string);
}

/**
 * The level a summary's top headings get on a page: under the page's h1, its sections and the topic
 * page's source groups (h3), inside a card whose title the page shows already. From h4 down the web
 * app's type scale draws them as small section titles (18 px and less), not page titles.
 */
export const SUMMARY_TOP_HEADING = 4;

/** A heading's words as a reader sees them: marks, links and images dropped to their text. */
function inlineText(tokens: readonly Token[]): string {
  return tokens
    .map((token) => {
      if (token.type === 'image' || token.type === 'html') return '';
      if (token.type === 'br') return ' ';
      if ('tokens' in token && token.tokens) return inlineText(token.tokens);
      return 'text' in token ? String(token.text) : '';
    })
    .join('');
}

/** Compared loosely: case, spacing and a closing full stop do not make a heading another headline. */
const sameWords = (a: string, b: string) => {
  const tidy = (text: string) =>
    text
      .replace(/\s+/g, ' ')
      .trim()
      .replace(/[.。!！]+$/u, '')
      .toLowerCase();
  return tidy(a) !== '' && tidy(a) === tidy(b);
};

/**
 * A summary's markdown as the HTML the web app puts into its pages as it is (SummaryDto.content_html):
 * parsed and sanitised here, so the browser needs no markdown parser. The card shows the headline, so
 * a heading that only repeats it is left out, and the headings left start at SUMMARY_TOP_HEADING
 * (a summary written with `#` or `##` would otherwise be the size and rank of the page's own title).
 */
export function summaryPageHtml(markdown: string, headline?: string | null): string {
  const tokens = pageMarked.lexer(markdown);
  const kept = headline
    ? tokens.filter(
        (token) =>
          !(token.type === 'heading' && sameWords(inlineText((token as Tokens.Heading).tokens), headline)),
      )
    : tokens;
  const headings: Tokens.Heading[] = [];
  pageMarked.walkTokens(kept, (token) => {
    if (token.type === 'heading') headings.push(token as Tokens.Heading);
  });
  const shift = SUMMARY_TOP_HEADING - Math.min(SUMMARY_TOP_HEADING, ...headings.map((h) => h.depth));
  for (const heading of headings) heading.depth = Math.min(6, heading.depth + shift);
  return sanitizePageHtml(pageMarked.parser(kept));
}
