import { type UiLanguage, WEB_PAGES } from '@app/contracts';
import { webPagePath } from '@app/rules';
import escapeHtml from 'escape-html';
import { pageStrings, siteStrings } from './page-head.ts';

/**
 * Marks the reading view the server writes into `#root`: the page's titles and text for a client that
 * runs no script (a crawler, a reader with JavaScript off, a link preview that reads the body). A
 * browser that runs scripts never shows it (`@media (scripting: enabled)`): the app draws the page and
 * replaces it (React empties its root).
 */
export const SERVER_BODY_ATTRIBUTE = 'data-page-body';

/** One entry of a page's list: a summary, a blog post, a topic or a channel. */
export type BodyItem = {
  title: string;
  /** A path of this site, or an http(s) URL. */
  href: string;
  text?: string;
  /** Source, author, topic: shown under the text. */
  meta?: string[];
  /** ISO 8601. */
  date?: string | null;
  /** Other sites' pages it came from (a story's report: the original), http(s) URLs. */
  links?: { href: string; label: string }[];
};

/** What the server writes for a page: a heading, a lead, then a list, an article or both. */
export type PageBody = {
  language: UiLanguage;
  title: string;
  lead?: string;
  /** The home page's heading is its hero. */
  hero?: boolean;
  items?: BodyItem[];
  /** Sanitised HTML (a blog post's body, as the blog's API serves it). */
  articleHtml?: string;
  /** Under the heading of an article: author, date. */
  byline?: string[];
  /** When the list is empty. */
  empty?: string;
};

/** The site's main links: the pages' own titles (page-head.ts). */
const NAV_PAGES = ['contentSummary', 'dailyPodcast', 'blog', 'pricing'] as const;
const NAV_LABEL: Record<UiLanguage, string> = { en: 'Main', zh: '主导航' };

// The app's look in a few rules (Mantine's variables come with the build's stylesheet). Hidden where
// scripts run: there the app draws the page.
const STYLE = `
@media (scripting: enabled) { [${SERVER_BODY_ATTRIBUTE}] { display: none; } }
[${SERVER_BODY_ATTRIBUTE}] { font-family: -apple-system, BlinkMacSystemFont, "Segoe UI", Roboto, "PingFang SC", "Hiragino Sans GB", "Microsoft YaHei", "Noto Sans CJK SC", sans-serif; color: var(--mantine-color-text, #1a1b1e); line-height: 1.55; }
.pb-bar { display: flex; flex-wrap: wrap; align-items: center; gap: 4px 16px; min-height: 4rem; padding: 8px 16px; border-bottom: 1px solid var(--mantine-color-gray-3, #dee2e6); box-sizing: border-box; }
.pb-bar a { color: inherit; text-decoration: none; }
.pb-home { font-weight: 700; font-size: 18px; margin-right: auto; }
.pb-nav { display: flex; flex-wrap: wrap; gap: 4px 16px; }
.pb-main { max-width: 960px; margin-inline: auto; padding: 24px 16px 48px; }
.pb-hero { padding-block: 48px; text-align: center; }
.pb-main h1 { margin: 0 0 8px; font-size: 30px; line-height: 1.2; }
.pb-hero h1 { font-size: 32px; }
.pb-lead, .pb-meta { color: var(--mantine-color-dimmed, #5c5f66); }
.pb-list { list-style: none; margin: 24px 0 0; padding: 0; display: grid; gap: 16px; }
.pb-list li { border: 1px solid var(--mantine-color-gray-3, #dee2e6); border-radius: 8px; padding: 16px; }
.pb-list h2 { margin: 0 0 4px; font-size: 18px; line-height: 1.35; }
.pb-list a { color: #1864ab; }
.pb-list p { margin: 4px 0 0; overflow-wrap: anywhere; }
.pb-meta { font-size: 14px; }
.pb-article { overflow-wrap: anywhere; }
.pb-article img { max-width: 100%; height: auto; }
@media (min-width: 48em) { .pb-hero { padding-block: 96px; } .pb-hero h1 { font-size: 48px; } }`;

const text = (value: string) => escapeHtml(value);
/** A path of this site in the page's language; an absolute URL as it is. */
const hrefOf = (href: string, language: UiLanguage) =>
  href.startsWith('/') ? webPagePath(href, language) : href;

function metaLine(values: (string | null | undefined)[], date: string | null | undefined): string {
  const parts = values.filter((value): value is string => Boolean(value)).map(text);
  if (date) parts.push(`<time datetime="${text(date)}">${text(date.slice(0, 10))}</time>`);
  return parts.length > 0 ? `<p class="pb-meta">${parts.join(' · ')}</p>` : '';
}

function renderItem(item: BodyItem, language: UiLanguage): string {
  return [
    '<li>',
    `<h2><a href="${text(hrefOf(item.href, language))}">${text(item.title)}</a></h2>`,
    item.text ? `<p>${text(item.text)}</p>` : '',
    metaLine(item.meta ?? [], item.date),
    item.links?.length
      ? `<p class="pb-meta">${item.links.map((link) => `<a href="${text(link.href)}" rel="noopener noreferrer">${text(link.label)}</a>`).join(' · ')}</p>`
      : '',
    '</li>',
  ].join('');
}

/** The reading view's HTML: the site's bar with its main links, then the page. Every text is escaped. */
export function renderPageBody(body: PageBody): string {
  const { language } = body;
  const nav = NAV_PAGES.map(
    (name) =>
      `<a href="${webPagePath(WEB_PAGES[name].path, language)}">${text(pageStrings(name, language)?.title ?? name)}</a>`,
  ).join('');
  const heading = body.hero
    ? `<section class="pb-hero"><h1>${text(body.title)}</h1>${body.lead ? `<p class="pb-lead">${text(body.lead)}</p>` : ''}</section>`
    : `<h1>${text(body.title)}</h1>${body.lead ? `<p class="pb-lead">${text(body.lead)}</p>` : ''}`;
  const byline = body.byline ? metaLine(body.byline, null) : '';
  const article = body.articleHtml ? `<article class="pb-article">${body.articleHtml}</article>` : '';
  const items = body.items ?? [];
  const list =
    items.length > 0
      ? `<ul class="pb-list">${items.map((item) => renderItem(item, language)).join('')}</ul>`
      : body.empty
        ? `<p>${text(body.empty)}</p>`
        : '';
  return [
    `<div ${SERVER_BODY_ATTRIBUTE}>`,
    `<header class="pb-bar"><a class="pb-home" href="${webPagePath('/', language)}">${text(siteStrings(language).name)}</a>`,
    `<nav class="pb-nav" aria-label="${text(NAV_LABEL[language])}">${nav}</nav></header>`,
    `<main class="pb-main">${heading}${byline}${article}${list}</main>`,
    '</div>',
  ].join('');
}

/**
 * The document with the reading view in its (empty) `#root` and the view's style in its head; as it is
 * when it has none.
 */
export function withPageBody(document: string, body: PageBody | null): string {
  if (!body || !document.includes('<div id="root"></div>')) return document;
  return document
    .replace('</head>', () => `  <style ${SERVER_BODY_ATTRIBUTE}-style>${STYLE}</style>\n  </head>`)
    .replace('<div id="root"></div>', () => `<div id="root">${renderPageBody(body)}</div>`);
}
