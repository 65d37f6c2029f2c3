import { defineProcessor } from '@app/queue';
import type { MailTransport } from '../mail-transport.ts';
import { renderSignInWarningEmail } from '../templates/sign-in-warning-email.template.ts';
import { sendTransactionalEmail } from './send-transactional.ts';

export type SendSignInWarningEmailDeps = { transport: MailTransport; from: string };

/**
 * Renders the "someone tried to sign in" email in the account's language and hands it to SMTP. As for the
 * other account emails, a permanent rejection (5xx) fails for good and anything else is retried.
 */
export function sendSignInWarningEmailProcessor({ transport, from }: SendSignInWarningEmailDeps) {
  return defineProcessor({
    name: 'send-sign-in-warning-email',
    async handle(payload, { log }) {
      return sendTransactionalEmail(transport, from, log, {
        to: payload.email,
        language: payload.language,
        email: await renderSignInWarningEmail(payload),
        logFields: { userId: payload.userId },
        label: 'sign-in warning email',
      });
    },
  });
}
