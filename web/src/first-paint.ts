// The home page's first paint, before the app's code has arrived (a separate, tiny entry: the documents of
// / and /zh load it `async`): the navigation bar's space and the hero's title and subtitle, in the
// language the app will pick, the way the home page draws them. The app replaces all of it when it renders
// (React empties #root), the server's reading view with it. Elsewhere it does nothing. (The summaries
// page and a blog post have their own, first-paint-reading.ts: neither downloads the other's.)
import { BAR_STYLE, block, DIMMED, firstPaintTarget, paint } from './first-paint-base';
import { en as enHome, zh as zhHome } from 'virtual:first-paint-hero';
import { detectLanguage, hasZhPrefix } from './i18n/language';
import { browserLanguages, readStoredLanguage } from './i18n/language-storage';

const STYLE = `${BAR_STYLE}
.fp-hero { padding-block: 48px; background: linear-gradient(135deg, var(--mantine-color-brand-0, #edf2ff), var(--mantine-color-violet-0, #f3f0ff)); }
.fp-container { max-width: 960px; margin-inline: auto; padding-inline: var(--mantine-spacing-md); display: flex; flex-direction: column; align-items: center; gap: var(--mantine-spacing-lg); text-align: center; }
.fp-title { margin: 0; font-weight: 700; font-size: 32px; line-height: 1.15; }
.fp-subtitle { margin: 0; max-width: 640px; color: ${DIMMED}; font-size: var(--mantine-font-size-md); line-height: var(--mantine-line-height); }
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
  const hero = block('fp-hero', 'section');
  const container = block('fp-container');
  const title = block('fp-title', 'h1');
  title.textContent = strings.heroTitle;
  const subtitle = block('fp-subtitle', 'p');
  subtitle.textContent = strings.heroSubtitle;
  container.append(title, subtitle);
  hero.append(container);
  paint(root, STYLE, hero);
}

const target = firstPaintTarget();
if (target?.page === '/' && (target.pathname === '/' || hasZhPrefix(target.pathname))) drawHero(target.root);
