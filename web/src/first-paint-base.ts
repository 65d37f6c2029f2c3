// What the two first-paint entries share (first-paint.ts on the home page, first-paint-reading.ts on the
// summaries page and a blog post): the navigation bar's space, the app's dimmed text, and where to draw.
import { FONT_FAMILY } from './font-family';
import { stripLanguagePrefix } from './i18n/language';

/**
 * The app's dimmed text. theme.ts's colours (dimmed, the brand's) are set when the app starts: before, the
 * variables are not there, and the rules fall back to the same values.
 */
export const DIMMED = 'var(--mantine-color-dimmed, #5c636a)';

/** The navigation bar's space, in the app's font. */
export const BAR_STYLE = `
#root { font-family: ${FONT_FAMILY}; }
.fp-bar { height: 4rem; border-bottom: 1px solid var(--mantine-color-gray-3); }`;

export function block(className: string, tag = 'div') {
  const element = document.createElement(tag);
  element.className = className;
  return element;
}

/**
 * #root, the path (without a trailing slash) and the page's path without its language prefix, when
 * the app has not drawn yet; nothing once it has (the server's reading view, which a browser that runs
 * scripts does not show, may be there).
 */
export function firstPaintTarget(): { root: HTMLElement; pathname: string; page: string } | null {
  const root = document.getElementById('root');
  if (!root || root.querySelector(':scope > :not([data-page-body])')) return null;
  const pathname = window.location.pathname.replace(/\/+$/, '') || '/';
  return { root, pathname, page: stripLanguagePrefix(pathname) };
}

/** The page's style, the navigation bar's space, then the page's parts, into #root. */
export function paint(root: HTMLElement, css: string, ...parts: HTMLElement[]) {
  const style = document.createElement('style');
  style.textContent = css;
  root.append(style, block('fp-bar'), ...parts);
}
