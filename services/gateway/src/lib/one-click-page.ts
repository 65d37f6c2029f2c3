import { BRAND_NAME, type UiLanguage } from '@app/contracts';
import { toHtmlLang } from '@app/rules';
import escapeHtml from 'escape-html';

/**
 * The page a browser gets for the List-Unsubscribe URL. Opening it changes nothing (mail scanners and
 * link previews fetch it); its button sends the POST a mail client sends (RFC 8058) to the URL it was
 * opened at (the form has no action), marked by this field so the answer leads back to this page
 * rather than to the JSON a mail client gets.
 */
export const PAGE_FORM_FIELD = 'from';
export const PAGE_FORM_VALUE = 'page';

type OneClickPage =
  /** Subscribed to something: asks before unsubscribing from everything. */
  | { kind: 'confirm'; language: UiLanguage; email: string; manageUrl: string }
  /** Nothing left to receive. */
  | { kind: 'done'; language: UiLanguage; email: string; homeUrl: string }
  /** The token does not verify (edited, cut off, or revoked). */
  | { kind: 'invalid'; language: UiLanguage; homeUrl: string };

const COPY = {
  en: {
    title: 'Unsubscribe',
    confirmHeading: 'Unsubscribe from the daily digest?',
    confirmText: (email: string) => `${email} will no longer get the Daily Curated digest, for any topic.`,
    button: 'Unsubscribe',
    manage: 'Choose topics instead',
    doneHeading: 'You are unsubscribed',
    doneText: (email: string) => `${email} no longer gets the Daily Curated digest.`,
    invalidHeading: 'Invalid unsubscribe link',
    invalidText:
      'This link is incomplete or no longer valid. Use the unsubscribe link in your latest digest.',
    home: 'Visit Daily Curated',
  },
  zh: {
    title: '退订',
    confirmHeading: '退订每日摘要？',
    confirmText: (email: string) => `${email} 将不再收到每日精选任何主题的每日摘要。`,
    button: '退订',
    manage: '改为选择主题',
    doneHeading: '您已退订',
    doneText: (email: string) => `${email} 不会再收到每日精选的每日摘要。`,
    invalidHeading: '无效的退订链接',
    invalidText: '此链接不完整或已失效，请使用最近一封摘要邮件中的退订链接。',
    home: '访问每日精选',
  },
} as const;

/** The reader's language for a link that names nobody: the browser's first choice, else English. */
export function languageOfBrowser(acceptLanguage: string | undefined): UiLanguage {
  return /^\s*zh\b/i.test(acceptLanguage ?? '') ? 'zh' : 'en';
}

/** The site's pages in the reader's language (Chinese under /zh). */
function sitePageUrl(publicUrl: string, language: UiLanguage, path: string): string {
  return `${publicUrl.replace(/\/+$/, '')}${language === 'zh' ? '/zh' : ''}${path}`;
}

/**
 * The page for one link: `reader` is whom the token names (null: nobody, a 400 in the browser's
 * language), in their own language, with or without anything left to unsubscribe from.
 */
export function oneClickPage(input: {
  publicUrl: string;
  token: string;
  browserLanguage: UiLanguage;
  reader: { language: UiLanguage; email: string; isSubscribed: boolean } | null;
}): { status: 200 | 400; html: string } {
  const { publicUrl, reader } = input;
  if (!reader) {
    const language = input.browserLanguage;
    const homeUrl = sitePageUrl(publicUrl, language, '/');
    return { status: 400, html: renderOneClickPage({ kind: 'invalid', language, homeUrl }) };
  }
  const { language, email } = reader;
  const manage = `/unsubscribe?token=${encodeURIComponent(input.token)}&action=view`;
  const page: OneClickPage = reader.isSubscribed
    ? { kind: 'confirm', language, email, manageUrl: sitePageUrl(publicUrl, language, manage) }
    : { kind: 'done', language, email, homeUrl: sitePageUrl(publicUrl, language, '/') };
  return { status: 200, html: renderOneClickPage(page) };
}

// Colours with at least 4.5:1 contrast on white (WCAG AA); the layout holds from 320 px up.
const STYLE = `
  body { margin: 0; background: #f4f5f7; color: #1f2933; font: 16px/1.5 -apple-system, 'Segoe UI', Roboto,
    'PingFang SC', 'Microsoft YaHei', 'Noto Sans CJK SC', sans-serif; }
  main { box-sizing: border-box; max-width: 34rem; margin: 0 auto; padding: 2rem 1rem; overflow-wrap: anywhere; }
  .card { background: #fff; border-radius: 8px; padding: 1.5rem; }
  .brand { margin: 0 0 1rem; color: #1864ab; font-weight: 700; text-align: center; }
  h1 { margin: 0 0 0.75rem; font-size: 1.5rem; line-height: 1.3; }
  p { margin: 0 0 1rem; }
  button { font: inherit; font-weight: 600; color: #fff; background: #1864ab; border: 0; border-radius: 6px;
    padding: 0.625rem 1.25rem; min-height: 44px; cursor: pointer; }
  button:hover { background: #1a4f80; }
  a { color: #1864ab; }
  a, button { outline-offset: 2px; }
  a:focus-visible, button:focus-visible { outline: 3px solid #1864ab; }
  .secondary { margin: 1rem 0 0; }`;

function renderOneClickPage(page: OneClickPage): string {
  const copy = COPY[page.language];
  let heading: string;
  let body: string;
  switch (page.kind) {
    case 'confirm':
      heading = copy.confirmHeading;
      body = `<p>${escapeHtml(copy.confirmText(page.email))}</p>
      <form method="post">
        <input type="hidden" name="List-Unsubscribe" value="One-Click">
        <input type="hidden" name="${PAGE_FORM_FIELD}" value="${PAGE_FORM_VALUE}">
        <button type="submit">${escapeHtml(copy.button)}</button>
      </form>
      <p class="secondary"><a href="${escapeHtml(page.manageUrl)}">${escapeHtml(copy.manage)}</a></p>`;
      break;
    case 'done':
      heading = copy.doneHeading;
      body = `<p role="status">${escapeHtml(copy.doneText(page.email))}</p>
      <p class="secondary"><a href="${escapeHtml(page.homeUrl)}">${escapeHtml(copy.home)}</a></p>`;
      break;
    case 'invalid':
      heading = copy.invalidHeading;
      body = `<p>${escapeHtml(copy.invalidText)}</p>
      <p class="secondary"><a href="${escapeHtml(page.homeUrl)}">${escapeHtml(copy.home)}</a></p>`;
      break;
  }
  const brand = BRAND_NAME[page.language];
  return `<!doctype html>
<html lang="${toHtmlLang(page.language)}">
  <head>
    <meta charset="utf-8">
    <meta name="viewport" content="width=device-width, initial-scale=1">
    <meta name="robots" content="noindex">
    <title>${escapeHtml(`${copy.title} · ${brand}`)}</title>
    <style>${STYLE}
    </style>
  </head>
  <body>
    <main>
      <p class="brand">${escapeHtml(brand)}</p>
      <div class="card">
      <h1>${escapeHtml(heading)}</h1>
      ${body}
      </div>
    </main>
  </body>
</html>
`;
}
