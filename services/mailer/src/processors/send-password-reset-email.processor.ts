import { defineProcessor } from '@app/queue';
import type { MailTransport } from '../mail-transport.ts';
import { renderPasswordResetEmail } from '../templates/password-reset-email.template.ts';
import { sendTransactionalEmail } from './send-transactional.ts';

export type SendPasswordResetEmailDeps = { transport: MailTransport; from: string };

/**
 * Renders the password-reset email in the requester's language and hands it to SMTP. As for the
 * verification email, a permanent rejection (5xx) fails for good and anything else is retried.
 */
export function sendPasswordResetEmailProcessor({ transport, from }: SendPasswordResetEmailDeps) {
  return defineProcessor({
    name: 'send-password-reset-email',
    async handle(payload, { log }) {
      return sendTransactionalEmail(transport, from, log, {
        to: payload.email,
        language: payload.language,
        email: await renderPasswordResetEmail(payload),
        logFields: { userId: payload.userId },
        label: 'password reset email',
      });
    },
  });
}
