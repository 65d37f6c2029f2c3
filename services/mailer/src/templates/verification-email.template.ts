import type { UiLanguage } from '@app/contracts';
import type { RenderedEmail } from '@app/digest';
import { renderActionEmail } from './action-email.ts';

const COPY = {
  en: {
    subject: 'Verify your email address for Daily Curated',
    preview: 'One click and your Daily Curated account is ready.',
    heading: 'Confirm your email address',
    intro: 'Thanks for signing up for Daily Curated. Please confirm that this is your email address:',
    button: 'Verify email address',
    fallback: 'If the button does not work, copy this link into your browser:',
    ignore: 'If you did not create a Daily Curated account, you can ignore this email.',
    footer: 'You received this email because someone signed up for Daily Curated with this address.',
  },
  zh: {
    subject: '请验证您的每日精选邮箱地址',
    preview: '只需一步，即可开始使用每日精选。',
    heading: '确认您的邮箱地址',
    intro: '感谢您注册每日精选。请点击下方按钮确认这是您的邮箱地址：',
    button: '验证邮箱地址',
    fallback: '如果按钮无法使用，请将以下链接复制到浏览器中打开：',
    ignore: '如果您没有注册每日精选账户，请忽略此邮件。',
    footer: '您收到此邮件，是因为有人使用此邮箱地址注册了每日精选。',
  },
} satisfies Record<UiLanguage, Record<string, string>>;

export type VerificationEmailInput = { verifyUrl: string; language: UiLanguage };

/** The email a new user gets to confirm their address, in the language they signed up in. */
export async function renderVerificationEmail({
  verifyUrl,
  language,
}: VerificationEmailInput): Promise<RenderedEmail> {
  const copy = COPY[language];
  return renderActionEmail(language, { ...copy, notes: [copy.ignore] }, verifyUrl);
}
