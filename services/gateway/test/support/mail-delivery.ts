import { createLogger } from '@app/logger';
import { mailerConfigSchema, startService } from '@app/mailer';
import { type CapturedMail, type SmtpCapture, startSmtpCapture } from '@app/testing';
import type { Gateway } from './gateway-harness.ts';

export type DeliveredVerification = { mail: CapturedMail; verifyUrl: string };
export type DeliveredPasswordReset = { mail: CapturedMail; resetUrl: string };

export type MailDelivery = {
  smtp: SmtpCapture;
  /** The verification email for `email` as the user receives it, and the link in it. */
  waitForVerification(email: string, nth?: number): Promise<DeliveredVerification>;
  /** The `nth` (from 1) password reset email for `email`, and the link in it. */
  waitForPasswordReset(email: string, nth?: number): Promise<DeliveredPasswordReset>;
  /** How many emails with this kind of link `email` has received so far. */
  count(email: string, link: RegExp): number;
  close(): Promise<void>;
};

/** Emailed links open web pages (/auth/verify, /zh/auth/reset, …) that post the token. */
export const VERIFY_LINK = /https?:\/\/\S+?(?:\/zh)?\/auth\/verify\?token=\S+/;
export const RESET_LINK = /https?:\/\/\S+?(?:\/zh)?\/auth\/reset\?token=\S+/;

/**
 * The real mailer service, in-process, on the gateway's database and queue prefix, sending over SMTP
 * to a local capture server: the email a user would get, not the job the gateway queued.
 */
export async function startMailDelivery(gateway: Gateway): Promise<MailDelivery> {
  const smtp = await startSmtpCapture();
  const config = mailerConfigSchema.parse({
    NODE_ENV: 'test',
    DATABASE_URL: gateway.db.url,
    REDIS_URL: gateway.transportOptions.redisUrl,
    HEALTH_PORT: '0',
    SMTP_URL: smtp.url,
  });
  const mailer = await startService(config, {
    prisma: gateway.db.prisma,
    prefix: gateway.transportOptions.prefix,
    logger: createLogger('mailer-test', { level: 'silent' }),
  });
  const matches = (email: string, link: RegExp) => (m: CapturedMail) =>
    m.to.includes(email) && link.test(m.text);
  const waitForNth = (email: string, link: RegExp, nth: number) =>
    smtp.waitForMessage(
      (m) => matches(email, link)(m) && smtp.messages.filter(matches(email, link)).indexOf(m) === nth - 1,
      15_000,
    );
  return {
    smtp,
    async waitForVerification(email, nth = 1) {
      const mail = await waitForNth(email, VERIFY_LINK, nth);
      return { mail, verifyUrl: mail.text.match(VERIFY_LINK)![0] };
    },
    async waitForPasswordReset(email, nth = 1) {
      const mail = await waitForNth(email, RESET_LINK, nth);
      return { mail, resetUrl: mail.text.match(RESET_LINK)![0] };
    },
    count: (email, link) => smtp.messages.filter(matches(email, link)).length,
    async close() {
      await mailer.close();
      await smtp.close();
    },
  };
}
