import { BRAND_NAME, type UiLanguage } from '@app/contracts';
import { toHtmlLang } from '@app/rules';
import escapeHtml from 'escape-html';

export type RenderedEmail = { subject: string; html: string; text: string };

const FONTS = {
  // System fonts only: remote web fonts are blocked by most mail clients.
  en: "-apple-system, 'Segoe UI', Roboto, Helvetica, Arial, sans-serif",
  zh: "-apple-system, 'PingFang SC', 'Hiragino Sans GB', 'Microsoft YaHei', 'Noto Sans CJK SC', sans-serif",
};

/**
 * The line inboxes show after the subject: the first text of the body, hidden from the opened email
 * by `display:none` (no height and `mso-hide:all` for clients that ignore it), never by a text colour
 * close to the background or a 1px font as MJML's own mj-preview does: spam filters score such text
 * as concealed (SpamAssassin's HTML_FONT_LOW_CONTRAST).
 */
function preheader(text: string): string {
  return `<div style="display:none;max-height:0;max-width:0;overflow:hidden;mso-hide:all" aria-hidden="true">${escapeHtml(text)}</div>`;
}

/**
 * The shared frame of every email: the product's name in the reader's language, title, preview line,
 * a white card on grey and a footer.
 * `body` is MJML for the inside of the card's column; every value placed in it goes through
 * escape-html (MJML passes text and attributes through as HTML), quotes included.
 */
export async function renderLayout(options: {
  language: UiLanguage;
  title: string;
  preview: string;
  body: string;
  footer: string;
}): Promise<string> {
  const source = `
<mjml lang="${toHtmlLang(options.language)}">
  <mj-head>
    <mj-title>${escapeHtml(options.title)}</mj-title>
    <mj-attributes>
      <mj-all font-family="${FONTS[options.language]}" />
      <mj-text font-size="15px" line-height="24px" color="#1f2933" />
    </mj-attributes>
  </mj-head>
  <mj-body background-color="#f4f5f7">
    <mj-raw>${preheader(options.preview)}</mj-raw>
    <mj-section padding="24px 0 8px">
      <mj-column>
        <mj-text align="center" font-size="20px" font-weight="700" color="#1c7ed6">${escapeHtml(BRAND_NAME[options.language])}</mj-text>
      </mj-column>
    </mj-section>
    <mj-section background-color="#ffffff" border-radius="8px" padding="24px">
      <mj-column>${options.body}</mj-column>
    </mj-section>
    <mj-section padding="16px 0">
      <mj-column>
        <mj-text align="center" font-size="12px" line-height="18px" color="#7b8794">${escapeHtml(options.footer)}</mj-text>
      </mj-column>
    </mj-section>
  </mj-body>
</mjml>`;
  // Strict: a template mistake fails the job loudly instead of mailing a broken layout.
  // fonts: {} — MJML would otherwise add a Google Fonts <link> for 'Roboto' in the stack, which
  // the comment above rules out (and which tells a third party each time an email is opened).
  // MJML (and the HTML tool chain under it) loads with the first email, not at start-up.
  const { default: mjml2html } = await import('mjml');
  const { html } = await mjml2html(source, { validationLevel: 'strict', fonts: {} });
  return html;
}
