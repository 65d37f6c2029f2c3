import type { UiLanguage } from '@app/contracts';
import type { RenderedEmail } from '@app/digest';
import { renderActionEmail } from './action-email.ts';

const COPY = {
  en: {
    subject: 'Someone tried to sign in to your Daily Curated account',
    preview: 'Several sign-ins with a wrong password were tried for this address.',
    heading: 'Someone tried to sign in to your account',
    intro:
      'Several attempts to sign in to the Daily Curated account for this address failed with a wrong password. If that was you, there is nothing to do. If not, someone may be guessing your password: you can choose a new one here.',
    button: 'Choose a new password',
    fallback: 'If the button does not work, copy this link into your browser:',
    devices:
      'These attempts do not hold up sign-ins from a browser you have signed in with before. A new password clears any slowdown they caused and signs your account out on every device.',
    frequency: 'While the attempts go on, we send this email at most once every few hours.',
    footer: 'You received this email because sign-ins to your Daily Curated account failed several times.',
  },
  zh: {
    subject: '有人尝试登录您的每日精选账户',
    preview: '有人多次使用错误的密码尝试登录此邮箱地址对应的账户。',
    heading: '有人尝试登录您的账户',
    intro:
      '有人多次使用错误的密码尝试登录此邮箱地址对应的每日精选账户。如果是您本人，无需任何操作。如果不是，可能有人在猜测您的密码，您可以在此设置新密码：',
    button: '设置新密码',
    fallback: '如果按钮无法使用，请将以下链接复制到浏览器中打开：',
    devices:
      '这些尝试不会影响您在以前登录过的浏览器上登录。设置新密码会解除这些尝试造成的登录限速，并让您的账户在所有设备上退出登录。',
    frequency: '在这些尝试持续期间，此类邮件每隔几个小时最多发送一次。',
    footer: '您收到此邮件，是因为您的每日精选账户多次登录失败。',
  },
} satisfies Record<UiLanguage, Record<string, string>>;

export type SignInWarningEmailInput = { resetUrl: string; language: UiLanguage };

/** Tells an account's owner that its logins keep failing, with the way to a new password. */
export async function renderSignInWarningEmail({
  resetUrl,
  language,
}: SignInWarningEmailInput): Promise<RenderedEmail> {
  const copy = COPY[language];
  return renderActionEmail(language, { ...copy, notes: [copy.devices, copy.frequency] }, resetUrl);
}
