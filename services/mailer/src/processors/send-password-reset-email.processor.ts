import { defineProcessor } from '@app/queue';
import { UnrecoverableError } from 'bullmq';
import { isPermanentSmtpError, type MailTransport, smtpReply, textEncodingFor } from '../mail-transport.ts';
import { renderPasswordResetEmail } from '../templates/password-reset-email.template.ts';

export type SendPasswordResetEmailDeps = { transport: MailTransport; from: string };

/**
 * Renders the password-reset email in the requester's language and hands it to SMTP. As for the
 * verification email, a permanent rejection (5xx) fails for good and anything else is retried.
 */
export function sendPasswordResetEmailProcessor({ transport, from }: SendPasswordResetEmailDeps) {
  return defineProcessor({
    name: 'send-password-reset-email',
    async handle(payload, { log }) {
      const email = await renderPasswordResetEmail(payload);
      try {
        const info = await transport.sendMail({
          from,
          to: payload.email,
          subject: email.subject,
          html: email.html,
          text: email.text,
          textEncoding: textEncodingFor(payload.language),
          headers: { 'Auto-Submitted': 'auto-generated' },
        });
        // Neither the address nor the link goes to the log.
        log.info({ userId: payload.userId, messageId: info.messageId }, 'password reset email sent');
        return { messageId: info.messageId };
      } catch (error) {
        if (isPermanentSmtpError(error)) {
          log.error(
            { userId: payload.userId, reply: smtpReply(error) },
            'password reset email rejected by SMTP',
          );
          throw new UnrecoverableError(`SMTP rejected the message: ${smtpReply(error)}`);
        }
        throw error;
      }
    },
  });
}
