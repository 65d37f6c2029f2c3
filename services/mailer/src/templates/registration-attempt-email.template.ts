import type { UiLanguage } from '@app/contracts';
import { type RenderedEmail, renderLayout } from '@app/digest';
import escapeHtml from 'escape-html';

const COPY = {
  en: {
    subject: 'Someone tried to create a Daily Curated account with your address',
    preview: 'This address already has an account: sign in, or choose a new password.',
    heading: 'You already have an account',
    intro:
      'Someone just tried to create a Daily Curated account with this email address. It already has an account, so nothing was changed and no new account was made.',
    signIn: 'If that was you, sign in with your password:',
    signInButton: 'Sign in',
    reset: 'Forgot your password? Ask for a link to choose a new one:',
    resetButton: 'Reset password',
    ignore: 'If it was not you, you can ignore this email: your account and your password stay as they are.',
    footer: 'You received this email because someone tried to register this address on Daily Curated.',
  },
  zh: {
    subject: '有人尝试用您的邮箱地址注册每日精选账户',
    preview: '此邮箱地址已有账户：您可以直接登录，或设置新密码。',
    heading: '您已经有账户了',
    intro: '刚刚有人尝试用此邮箱地址注册每日精选账户。该地址已有账户，因此没有做任何更改，也没有创建新账户。',
    signIn: '如果是您本人，请用您的密码登录：',
    signInButton: '登录',
    reset: '忘记密码？可以申请一个设置新密码的链接：',
    resetButton: '重置密码',
    ignore: '如果不是您本人，请忽略此邮件，您的账户和密码不会改变。',
    footer: '您收到此邮件，是因为有人尝试在每日精选用此邮箱地址注册。',
  },
} satisfies Record<UiLanguage, Record<string, string>>;

export type RegistrationAttemptEmailInput = { signInUrl: string; resetUrl: string; language: UiLanguage };

const button = (href: string, label: string, background: string) =>
  `<mj-button href="${escapeHtml(href)}" background-color="${background}" border-radius="6px" font-size="15px" padding="8px 0 16px">${escapeHtml(label)}</mj-button>`;

/**
 * Tells an address's owner that someone tried to register it: it already has an account, with the ways
 * in (sign in, or a new password). The registration page answered the stranger as for a new address.
 */
export async function renderRegistrationAttemptEmail({
  signInUrl,
  resetUrl,
  language,
}: RegistrationAttemptEmailInput): Promise<RenderedEmail> {
  const copy = COPY[language];
  const html = await renderLayout({
    language,
    title: copy.subject,
    preview: copy.preview,
    footer: copy.footer,
    body: `
      <mj-text font-size="20px" font-weight="700">${escapeHtml(copy.heading)}</mj-text>
      <mj-text>${escapeHtml(copy.intro)}</mj-text>
      <mj-text>${escapeHtml(copy.signIn)}</mj-text>
      ${button(signInUrl, copy.signInButton, '#1c7ed6')}
      <mj-text>${escapeHtml(copy.reset)}</mj-text>
      ${button(resetUrl, copy.resetButton, '#495057')}
      <mj-text font-size="13px" color="#52606d">${escapeHtml(copy.ignore)}</mj-text>`,
  });
  const text = [
    copy.heading,
    '',
    copy.intro,
    '',
    copy.signIn,
    signInUrl,
    '',
    copy.reset,
    resetUrl,
    '',
    copy.ignore,
    '',
    '--',
    copy.footer,
    '',
  ].join('\n');
  return { subject: copy.subject, html, text };
}
