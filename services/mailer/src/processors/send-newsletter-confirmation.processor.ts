import type { PrismaClient } from '@app/db';
import { confirmationPageUrl, signConfirmationToken } from '@app/digest';
import { defineProcessor } from '@app/queue';
import { toUiLanguage } from '@app/rules';
import type { MailTransport } from '../mail-transport.ts';
import { renderNewsletterConfirmation } from '../templates/newsletter-confirmation.template.ts';
import { sendTransactionalEmail } from './send-transactional.ts';

export type SendNewsletterConfirmationDeps = {
  prisma: PrismaClient;
  transport: MailTransport;
  from: string;
  publicUrl: string;
  secret: string;
};

/**
 * Double opt-in: mails the link to the subscriber's pending request (what they asked for is stored with
 * it and applied only when the link is used). Nothing is sent for a request already used or expired.
 * The gateway enqueues at most one job per address per 10 minutes; this job only sends.
 */
export function sendNewsletterConfirmationProcessor(deps: SendNewsletterConfirmationDeps) {
  return defineProcessor({
    name: 'send-newsletter-confirmation',
    async handle(payload, { log }) {
      const confirmation = await deps.prisma.newsletterConfirmation.findUnique({
        where: { subscriberId: payload.subscriberId },
        include: { subscriber: { select: { email: true, timeZone: true } } },
      });
      if (!confirmation || confirmation.usedAt || confirmation.expiresAt <= new Date()) {
        return { skipped: true };
      }
      const language = toUiLanguage(confirmation.language);
      const token = signConfirmationToken(deps.secret, confirmation);
      const email = await renderNewsletterConfirmation({
        language,
        confirmUrl: confirmationPageUrl(deps.publicUrl, language, token),
        // What the request asked for, else what the subscriber has: the zone the digest will keep.
        timeZone: confirmation.timeZone ?? confirmation.subscriber.timeZone,
      });
      return sendTransactionalEmail(deps.transport, deps.from, log, {
        to: confirmation.subscriber.email,
        language,
        email,
        logFields: { subscriberId: confirmation.subscriberId },
        label: 'newsletter confirmation',
      });
    },
  });
}
