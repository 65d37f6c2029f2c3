import type { UiLanguage } from '@app/contracts';
import type { RenderedEmail } from '@app/digest';
import { renderActionEmail } from './action-email.ts';

const COPY = {
  en: {
    subject: 'Confirm your Daily Curated newsletter subscription',
    preview: 'One click and your daily digest starts tomorrow at 8 AM.',
    heading: 'Confirm your subscription',
    intro: 'Please confirm that you want the Daily Curated digest at this address, every day at 8 AM:',
    button: 'Confirm subscription',
    ignore: 'If you did not subscribe, ignore this email and you will not hear from us again.',
    footer: 'You received this email because this address was entered in a Daily Curated signup form.',
  },
  zh: {
    subject: '请确认订阅 Daily Curated 每日摘要',
    preview: '确认后，每天早上 8 点为您发送每日摘要。',
    heading: '确认您的订阅',
    intro: '请确认您希望每天早上 8 点在此邮箱收到 Daily Curated 每日摘要：',
    button: '确认订阅',
    ignore: '如果您没有订阅，请忽略此邮件，我们不会再联系您。',
    footer: '您收到此邮件，是因为有人在 Daily Curated 订阅表单中填写了此邮箱地址。',
  },
} satisfies Record<UiLanguage, Record<string, string>>;

/** Double opt-in: the email that turns a signup into a confirmed subscriber. */
export async function renderNewsletterConfirmation(input: {
  confirmUrl: string;
  language: UiLanguage;
}): Promise<RenderedEmail> {
  const copy = COPY[input.language];
  return renderActionEmail(input.language, { ...copy, notes: [copy.ignore] }, input.confirmUrl);
}
