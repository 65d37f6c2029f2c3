import { defineProcessor } from '@app/queue';
import type { MailTransport } from '../mail-transport.ts';
import { renderRegistrationAttemptEmail } from '../templates/registration-attempt-email.template.ts';
import { sendTransactionalEmail } from './send-transactional.ts';

export type SendRegistrationAttemptEmailDeps = { transport: MailTransport; from: string };

/**
 * Renders the "someone tried to register your address" email in the language of the registration and
 * hands it to SMTP. As for the other account emails, a permanent rejection (5xx) fails for good and
 * anything else is retried.
 */
export function sendRegistrationAttemptEmailProcessor({ transport, from }: SendRegistrationAttemptEmailDeps) {
  return defineProcessor({
    name: 'send-registration-attempt-email',
    async handle(payload, { log }) {
      return sendTransactionalEmail(transport, from, log, {
        to: payload.email,
        language: payload.language,
        email: await renderRegistrationAttemptEmail(payload),
        logFields: { userId: payload.userId },
        label: 'registration attempt email',
      });
    },
  });
}
