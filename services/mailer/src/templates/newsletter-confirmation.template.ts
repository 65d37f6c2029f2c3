import type { UiLanguage } from '@app/contracts';
import type { RenderedEmail } from '@app/digest';
import { digestTimeText } from '@app/rules';
import { renderActionEmail } from './action-email.ts';

/** `time` is when the digest arrives, with its zone ("8 AM, Asia/Shanghai"; "上午 8 点（Asia/Shanghai）"). */
const COPY = {
  en: (time: string) => ({
    subject: 'Confirm your Daily Curated newsletter subscription',
    preview: `One click and your daily digest arrives every day at ${time}.`,
    heading: 'Confirm your subscription',
    intro: `Please confirm that you want the Daily Curated digest at this address, every day at ${time}:`,
    button: 'Confirm subscription',
    ignore: 'If you did not subscribe, ignore this email and you will not hear from us again.',
    zone: 'The time zone can be changed on the subscription management page, linked from every digest.',
    footer: 'You received this email because this address was entered in a Daily Curated signup form.',
  }),
  zh: (time: string) => ({
    subject: '请确认订阅每日精选的每日摘要',
    preview: `确认后，每天${time}为您发送每日摘要。`,
    heading: '确认您的订阅',
    intro: `请确认您希望每天${time}在此邮箱收到每日精选的每日摘要：`,
    button: '确认订阅',
    ignore: '如果您没有订阅，请忽略此邮件，我们不会再联系您。',
    zone: '时区可以在订阅管理页面修改，每封摘要邮件中都有该页面的链接。',
    footer: '您收到此邮件，是因为有人在每日精选的订阅表单中填写了此邮箱地址。',
  }),
} satisfies Record<UiLanguage, (time: string) => Record<string, string>>;

/** Double opt-in: the email that turns a signup into a confirmed subscriber, saying when digests arrive. */
export async function renderNewsletterConfirmation(input: {
  confirmUrl: string;
  language: UiLanguage;
  /** The zone the request asked for (else the subscriber's): the digest arrives at 8 AM there. */
  timeZone: string;
}): Promise<RenderedEmail> {
  const copy = COPY[input.language](digestTimeText(input.language, input.timeZone));
  return renderActionEmail(input.language, { ...copy, notes: [copy.zone, copy.ignore] }, input.confirmUrl);
}
