import { createLogger } from '@app/logger';
import { mailerConfigSchema, startService } from '@app/mailer';
import { type CapturedMail, type SmtpCapture, startSmtpCapture } from '@app/testing';
import type { Gateway } from './gateway-harness.ts';

export type DeliveredVerification = { mail: CapturedMail; verifyUrl: string };

export type MailDelivery = {
  smtp: SmtpCapture;
  /** The verification email for `email` as the user receives it, and the link in it. */
  waitForVerification(email: string): Promise<DeliveredVerification>;
  close(): Promise<void>;
};

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
  return {
    smtp,
    async waitForVerification(email) {
      const mail = await smtp.waitForMessage((m) => m.to.includes(email), 15_000);
      const verifyUrl = mail.text.match(/https?:\/\/\S+\/api\/auth\/verify\?token=\S+/)?.[0];
      if (!verifyUrl) throw new Error(`no verification link in the email:\n${mail.text}`);
      return { mail, verifyUrl };
    },
    async close() {
      await mailer.close();
      await smtp.close();
    },
  };
}
