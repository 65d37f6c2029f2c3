import type { UiLanguage } from '@app/contracts';
import type { RenderedEmail } from '@app/digest';
import { renderActionEmail } from './action-email.ts';

const COPY = {
  en: {
    subject: 'Reset your Daily Curated password',
    preview: 'A link to choose a new password, valid for one hour.',
    heading: 'Choose a new password',
    intro:
      'Someone asked to reset the password of the Daily Curated account for this address. To choose a new password, open this page:',
    button: 'Reset password',
    fallback: 'If the button does not work, copy this link into your browser:',
    expiry:
      'The link works once and expires in one hour. Setting a new password signs your account out on every device.',
    ignore: 'If you did not ask for this, you can ignore this email: your password stays as it is.',
    footer:
      'You received this email because a password reset was requested for this address on Daily Curated.',
  },
  zh: {
    subject: '重置您的每日精选密码',
    preview: '设置新密码的链接，一小时内有效。',
    heading: '设置新密码',
    intro: '有人请求重置此邮箱地址对应的每日精选账户密码。请打开以下页面设置新密码：',
    button: '重置密码',
    fallback: '如果按钮无法使用，请将以下链接复制到浏览器中打开：',
    expiry: '此链接只能使用一次，一小时后失效。设置新密码后，您的账户将在所有设备上退出登录。',
    ignore: '如果这不是您本人的操作，请忽略此邮件，您的密码不会改变。',
    footer: '您收到此邮件，是因为有人在每日精选为此邮箱地址请求了密码重置。',
  },
} satisfies Record<UiLanguage, Record<string, string>>;

export type PasswordResetEmailInput = { resetUrl: string; language: UiLanguage };

/** The "forgot password" email, in the language the request was made in. */
export async function renderPasswordResetEmail({
  resetUrl,
  language,
}: PasswordResetEmailInput): Promise<RenderedEmail> {
  const copy = COPY[language];
  return renderActionEmail(language, { ...copy, notes: [copy.expiry, copy.ignore] }, resetUrl);
}
