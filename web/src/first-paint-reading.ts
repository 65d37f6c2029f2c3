// The first paint of the summaries page and of a blog post, before the app's code has arrived (a separate,
// tiny entry: their documents load it `async`): on a blog post its title and cover picture where the
// post's page puts them, on the summaries page its title and first cards (title and excerpt) where the
// page's list puts them, from what the server wrote into the document (the reading view's heading and
// list, the cover's preload). The app replaces all of it when it renders (React empties #root), the
// server's reading view with it. Elsewhere it does nothing.
import { TITLE_MAX, truncate } from './features/content/truncate';
import { BAR_STYLE, block, DIMMED, firstPaintTarget, paint } from './first-paint-base';

// The blog post page's layout (features/blog/blog-post-page.tsx): a medium container, the back link
// and the meta line above the title, the byline under it, then the cover (200 px high, 360 from sm).
// The cover is drawn a pixel taller, and the meta line a little under its height there (21.7 px), so
// the app's copy of the same picture, which replaces this one, is never counted as a later and larger
// paint (Largest Contentful Paint compares areas to the pixel): what the reader sees does not change.
const POST_STYLE = `${BAR_STYLE}
.fp-post { max-width: 960px; margin-inline: auto; padding: var(--mantine-spacing-xl) var(--mantine-spacing-md); display: flex; flex-direction: column; gap: var(--mantine-spacing-md); }
.fp-back { height: 36px; }
.fp-meta { height: 21px; }
.fp-byline { height: 30px; }
.fp-post-title { margin: 0; font-weight: 700; font-size: 28px; line-height: 1.3; }
.fp-cover { display: block; width: 100%; height: 201px; object-fit: cover; border-radius: var(--mantine-radius-lg); }
@media (min-width: 48em) {
  .fp-post-title { font-size: 38px; }
  .fp-cover { height: 361px; }
}`;

/** A blog post's title and cover, when the server's document names both. */
function drawPost(root: HTMLElement) {
  const heading = root.querySelector('[data-page-body] main h1')?.textContent?.trim();
  const cover = document.head.querySelector<HTMLLinkElement>('link[rel="preload"][as="image"]')?.href;
  if (!heading || !cover) return;
  const post = block('fp-post');
  const title = block('fp-post-title', 'h1');
  title.textContent = heading;
  const image = document.createElement('img');
  image.className = 'fp-cover';
  // Decorative here: the app's page, which replaces it, names the picture.
  image.alt = '';
  image.src = cover;
  image.setAttribute('fetchpriority', 'high');
  post.append(block('fp-back'), block('fp-meta'), title, block('fp-byline'), image);
  paint(root, POST_STYLE, post);
}

// The summaries page's layout (features/content/summary-page/content-summary-page.tsx and summary-card.tsx):
// the title and the counts line (on phones, the buttons' row under them, or beside them once they fit),
// the sources panel (300 px, from 640 px wide), then the list column: the toolbar and the filter card
// (closed on phones), then the cards: a row of badges and buttons, the title, the excerpt. Where the app's
// rows wrap (its buttons on narrow phones, the open filter card's controls from 640 px), their space is
// their smallest height in that range of widths and language, so a card is never drawn lower than the
// app puts it, and on most phones and from 992 px exactly where it does. The excerpt's lines are 0.2 px taller than the app's (20.5 px, not 20.3), so the
// app's copy of the same text, which replaces this one, is never counted as a later and larger paint; the
// card's last row (date and source) is a pixel shorter, so the next cards do not drift below the app's.
const SUMMARIES_STYLE = `${BAR_STYLE}
.fp-page { max-width: 1400px; margin-inline: auto; padding: var(--mantine-spacing-lg) var(--mantine-spacing-sm); box-sizing: border-box; }
.fp-heading { margin-bottom: var(--mantine-spacing-md); }
.fp-page-title { margin: 0; font-weight: 700; font-size: 24px; line-height: 1.3; }
.fp-counts { height: 20.3px; margin-top: 2px; }
.fp-buttons { height: 36px; margin-top: var(--mantine-spacing-sm); }
.fp-columns { display: flex; gap: var(--mantine-spacing-md); align-items: flex-start; }
.fp-side { display: none; flex: none; width: 300px; }
.fp-list { flex: 1; min-width: 0; display: flex; flex-direction: column; gap: var(--mantine-spacing-md); }
.fp-filters { height: 110.5px; }
.fp-cards { display: flex; flex-direction: column; gap: var(--mantine-spacing-sm); }
.fp-card { border: 1px solid var(--mantine-color-gray-3); border-radius: var(--mantine-radius-md); padding: var(--mantine-spacing-md); }
.fp-badges { height: 28px; margin-bottom: var(--mantine-spacing-xs); }
.fp-card-title { font-weight: 600; font-size: 16px; line-height: 1.35; overflow-wrap: anywhere; }
.fp-excerpt { margin-top: 4px; font-size: 14px; line-height: 20.5px; color: ${DIMMED}; overflow-wrap: anywhere; }
.fp-card-foot { height: 15.8px; margin-top: var(--mantine-spacing-xs); }
@media (min-width: 27em) {
  :lang(zh) .fp-buttons { display: none; }
}
@media (min-width: 37.5em) {
  .fp-buttons { display: none; }
}
@media (min-width: 40em) {
  .fp-side { display: block; }
  .fp-filters { height: 378.5px; }
  :lang(zh) .fp-filters { height: 338.5px; }
}
@media (min-width: 48em) {
  .fp-page { padding-inline: var(--mantine-spacing-lg); }
  .fp-page-title { font-size: 30px; }
  .fp-filters { height: 338.5px; }
  :lang(zh) .fp-filters { height: 302.5px; }
}
@media (min-width: 62em) {
  .fp-filters, :lang(zh) .fp-filters { height: 254.5px; }
}`;

/** The summaries page's title and first cards, from the server's reading view (its default list only). */
function drawSummaries(root: HTMLElement) {
  const view = root.querySelector('[data-page-body] main');
  const heading = view?.querySelector('h1')?.textContent?.trim();
  const items = [...(view?.querySelectorAll('.pb-list > li') ?? [])];
  if (!heading || items.length === 0 || window.location.search) return;
  const page = block('fp-page');
  const head = block('fp-heading');
  const title = block('fp-page-title', 'h1');
  title.textContent = heading;
  head.append(title, block('fp-counts'), block('fp-buttons'));
  const list = block('fp-list');
  const cards = block('fp-cards');
  list.append(block('fp-filters'), cards);
  for (const item of items) {
    const card = block('fp-card');
    const cardTitle = block('fp-card-title');
    cardTitle.textContent = truncate(item.querySelector('h2')?.textContent?.trim() ?? '', TITLE_MAX);
    const excerpt = block('fp-excerpt');
    excerpt.textContent = item.querySelector('p:not(.pb-meta)')?.textContent ?? '';
    card.append(block('fp-badges'), cardTitle, excerpt, block('fp-card-foot'));
    cards.append(card);
  }
  const columns = block('fp-columns');
  columns.append(block('fp-side'), list);
  page.append(head, columns);
  paint(root, SUMMARIES_STYLE, page);
}

const target = firstPaintTarget();
if (target?.page === '/content-summary') drawSummaries(target.root);
else if (target && /^\/blog\/[^/]+$/.test(target.page)) drawPost(target.root);
