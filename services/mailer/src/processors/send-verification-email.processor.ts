import { defineProcessor } from '@app/queue';
import type { MailTransport } from '../mail-transport.ts';
import { renderVerificationEmail } from '../templates/verification-email.template.ts';
import { sendTransactionalEmail } from './send-transactional.ts';

export type SendVerificationEmailDeps = { transport: MailTransport; from: string };

/**
 * Renders the verification email in the user's language and hands it to SMTP. A permanent
 * rejection (5xx) fails the job for good, since a retry would bounce again; anything else
 * is thrown as is so the queue retries with backoff.
 */
export function sendVerificationEmailProcessor({ transport, from }: SendVerificationEmailDeps) {
  return defineProcessor({
    name: 'send-verification-email',
    async handle(payload, { log }) {
      return sendTransactionalEmail(transport, from, log, {
        to: payload.email,
        language: payload.language,
        email: await renderVerificationEmail(payload),
        logFields: { userId: payload.userId },
        label: 'verification email',
      });
    },
  });
}
