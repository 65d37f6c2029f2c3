import type { UiLanguage } from '@app/contracts';
import { type RenderedEmail, renderLayout } from '@app/digest';
import escapeHtml from 'escape-html';

/** The words of an email whose point is one link (verify, reset, confirm), in one language. */
export type ActionEmailCopy = {
  subject: string;
  preview: string;
  heading: string;
  intro: string;
  button: string;
  /** Shown above the bare link, for mail clients that do not show the button. */
  fallback?: string;
  /** Small print under the link, one paragraph each. */
  notes: string[];
  footer: string;
};

/** A heading, an intro, the button, the link spelled out, the small print: HTML and plain text. */
export async function renderActionEmail(
  language: UiLanguage,
  copy: ActionEmailCopy,
  link: string,
): Promise<RenderedEmail> {
  const url = escapeHtml(link);
  const fallback = copy.fallback ? `${escapeHtml(copy.fallback)}<br />` : '';
  const notes = copy.notes
    .map((note) => `\n      <mj-text font-size="13px" color="#52606d">${escapeHtml(note)}</mj-text>`)
    .join('');
  const html = await renderLayout({
    language,
    title: copy.subject,
    preview: copy.preview,
    footer: copy.footer,
    body: `
      <mj-text font-size="20px" font-weight="700">${escapeHtml(copy.heading)}</mj-text>
      <mj-text>${escapeHtml(copy.intro)}</mj-text>
      <mj-button href="${url}" background-color="#1c7ed6" border-radius="6px" font-size="15px" padding="16px 0">${escapeHtml(copy.button)}</mj-button>
      <mj-text font-size="13px" color="#52606d">${fallback}<a href="${url}" style="color:#1c7ed6;word-break:break-all">${url}</a></mj-text>${notes}`,
  });
  const text = [copy.heading, '', copy.intro, '', link, '', ...copy.notes, '', '--', copy.footer, ''].join(
    '\n',
  );
  return { subject: copy.subject, html, text };
}
