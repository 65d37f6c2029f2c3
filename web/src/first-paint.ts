// The home page's first paint, before the app's code has arrived (a separate, tiny entry: index.html
// loads it `async`). On / and /zh it draws the navigation bar's space and the hero's title and subtitle,
// in the language the app will pick, the way the home page draws them; the app replaces all of it when it
// renders (React empties #root), the server's reading view with it. Elsewhere it does nothing.
import { FONT_FAMILY } from './font-family';
import { home as enHome } from './i18n/en.json';
import { home as zhHome } from './i18n/zh.json';
import { detectLanguage, hasZhPrefix, stripLanguagePrefix } from './i18n/language';
import { browserLanguages, readStoredLanguage } from './i18n/language-storage';

const STYLE = `
#root { font-family: ${FONT_FAMILY}; }
.fp-bar { height: 4rem; border-bottom: 1px solid var(--mantine-color-gray-3); }
.fp-hero { padding-block: 48px; background: linear-gradient(135deg, var(--mantine-color-brand-0), var(--mantine-color-violet-0)); }
.fp-container { max-width: 960px; margin-inline: auto; padding-inline: var(--mantine-spacing-md); display: flex; flex-direction: column; align-items: center; gap: var(--mantine-spacing-lg); text-align: center; }
.fp-title { margin: 0; font-weight: 700; font-size: 32px; line-height: 1.15; }
.fp-subtitle { margin: 0; max-width: 640px; color: var(--mantine-color-dimmed); font-size: var(--mantine-font-size-md); line-height: var(--mantine-line-height); }
@media (min-width: 48em) {
  .fp-hero { padding-block: 96px; }
  .fp-title { font-size: 48px; }
  .fp-subtitle { font-size: var(--mantine-font-size-lg); }
}`;

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
// Only on the home page, and never over the app once it has drawn (the server's reading view, which
// a browser that runs scripts does not show, may be there).
if (
  root &&
  !root.querySelector(':scope > :not([data-page-body])') &&
  stripLanguagePrefix(pathname) === '/' &&
  (pathname === '/' || hasZhPrefix(pathname))
)
  drawHero(root);
