import { type Gateway, PUBLIC_URL, TEST_JWT_SECRET } from '@app/gateway/testing';
import { createLogger } from '@app/logger';
import { mailerConfigSchema, startService } from '@app/mailer';
import type { RunningService } from '@app/queue';
import {
  type CapturedMail,
  type SmtpCapture,
  type SmtpCaptureOptions,
  startSmtpCapture,
  waitFor,
} from '@app/testing';

export type DeliveredVerification = { mail: CapturedMail; verifyUrl: string };
export type DeliveredPasswordReset = { mail: CapturedMail; resetUrl: string };
export type DeliveredConfirmation = { mail: CapturedMail; url: string; token: string };

export type MailDelivery = {
  smtp: SmtpCapture;
  /** The verification email for `email` as the user receives it, and the link in it. */
  waitForVerification(email: string, nth?: number): Promise<DeliveredVerification>;
  /** The `nth` (from 1) password reset email for `email`, and the link in it. */
  waitForPasswordReset(email: string, nth?: number): Promise<DeliveredPasswordReset>;
  /** The newsletter confirmation emails `email` received so far. */
  confirmationsTo(email: string): CapturedMail[];
  /** The `nth` (from 1) newsletter confirmation email to `email`, with its link and token. */
  waitForConfirmation(email: string, nth?: number): Promise<DeliveredConfirmation>;
  /** How many emails with this kind of link `email` has received so far. */
  count(email: string, link: RegExp): number;
  close(): Promise<void>;
};

/** Emailed links open web pages (/auth/verify, /zh/auth/reset, …) that post the token. */
export const VERIFY_LINK = /https?:\/\/\S+?(?:\/zh)?\/auth\/verify\?token=\S+/;
export const RESET_LINK = /https?:\/\/\S+?(?:\/zh)?\/auth\/reset\?token=\S+/;
const CONFIRM_LINK = /https?:\/\/\S+\/newsletter\/confirm\?token=(\S+)/;

/**
 * The real mailer service, in-process, on the gateway's database and queue prefix, with the gateway's
 * key and public URL, sending to the SMTP server at `smtpUrl`.
 */
export function startMailer(gateway: Gateway, smtpUrl: string): Promise<RunningService> {
  const config = mailerConfigSchema.parse({
    NODE_ENV: 'test',
    DATABASE_URL: gateway.db.url,
    REDIS_URL: gateway.transportOptions.redisUrl,
    HEALTH_PORT: '0',
    SMTP_URL: smtpUrl,
    PUBLIC_URL,
    JWT_SECRET: TEST_JWT_SECRET,
  });
  return startService(config, {
    prisma: gateway.db.prisma,
    prefix: gateway.transportOptions.prefix,
    logger: createLogger('mailer-test', { level: 'silent' }),
  });
}

/**
 * The mailer sending to a local capture server: the email a user would get, not the job the gateway
 * queued.
 */
export async function startMailDelivery(
  gateway: Gateway,
  options: SmtpCaptureOptions = {},
): Promise<MailDelivery> {
  const smtp = await startSmtpCapture(options);
  const mailer = await startMailer(gateway, smtp.url);
  const matches = (email: string, link: RegExp) => (m: CapturedMail) =>
    m.to.includes(email) && link.test(m.text);
  const waitForNth = (email: string, link: RegExp, nth: number) =>
    smtp.waitForMessage(
      (m) => matches(email, link)(m) && smtp.messages.filter(matches(email, link)).indexOf(m) === nth - 1,
      15_000,
    );
  const confirmationsTo = (email: string) => smtp.messages.filter(matches(email, CONFIRM_LINK));
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
    confirmationsTo,
    async waitForConfirmation(email, nth = 1) {
      const mail = await waitFor(() => confirmationsTo(email)[nth - 1], {
        timeoutMs: 15_000,
        message: `confirmation email ${nth} to ${email}`,
      });
      const match = mail.text.match(CONFIRM_LINK);
      return { mail, url: match![0], token: decodeURIComponent(match![1]!) };
    },
    count: (email, link) => smtp.messages.filter(matches(email, link)).length,
    async close() {
      await mailer.close();
      await smtp.close();
    },
  };
}
