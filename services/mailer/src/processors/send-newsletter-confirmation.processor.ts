import type { PrismaClient } from '@app/db';
import { defineProcessor } from '@app/queue';
import { UnrecoverableError } from 'bullmq';
import { signUnsubscribeToken } from '../digest/unsubscribe-token.ts';
import { isPermanentSmtpError, type MailTransport, smtpReply, textEncodingFor } from '../mail-transport.ts';
import { renderNewsletterConfirmation } from '../templates/newsletter-confirmation.template.ts';

export type SendNewsletterConfirmationDeps = {
  prisma: PrismaClient;
  transport: MailTransport;
  from: string;
  publicUrl: string;
  secret: string;
};

/** Double opt-in: mails the confirm link (signed like unsubscribe links) unless already confirmed. */
export function sendNewsletterConfirmationProcessor(deps: SendNewsletterConfirmationDeps) {
  return defineProcessor({
    name: 'send-newsletter-confirmation',
    async handle(payload, { log }) {
      const subscriber = await deps.prisma.newsletterSubscriber.findUnique({
        where: { id: payload.subscriberId },
      });
      if (!subscriber || subscriber.confirmedAt || subscriber.status !== 'active') return { skipped: true };
      const token = signUnsubscribeToken(deps.secret, subscriber);
      const language = subscriber.language === 'ZH' ? 'zh' : 'en';
      const email = await renderNewsletterConfirmation({
        language,
        confirmUrl: `${deps.publicUrl}/api/newsletter/confirm?token=${encodeURIComponent(token)}`,
      });
      try {
        const info = await deps.transport.sendMail({
          from: deps.from,
          to: subscriber.email,
          subject: email.subject,
          html: email.html,
          text: email.text,
          textEncoding: textEncodingFor(language),
          headers: { 'Auto-Submitted': 'auto-generated' },
        });
        log.info({ subscriberId: subscriber.id, messageId: info.messageId }, 'newsletter confirmation sent');
        return { messageId: info.messageId };
      } catch (error) {
        if (isPermanentSmtpError(error))
          throw new UnrecoverableError(`SMTP rejected the message: ${smtpReply(error)}`);
        throw error;
      }
    },
  });
}
