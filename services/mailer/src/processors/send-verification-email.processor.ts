import { defineProcessor } from '@app/queue';
import { UnrecoverableError } from 'bullmq';
import { isPermanentSmtpError, type MailTransport, smtpReply, textEncodingFor } from '../mail-transport.ts';
import { renderVerificationEmail } from '../templates/verification-email.template.ts';

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
      const email = await renderVerificationEmail(payload);
      try {
        const info = await transport.sendMail({
          from,
          to: payload.email,
          subject: email.subject,
          html: email.html,
          text: email.text,
          textEncoding: textEncodingFor(payload.language),
          // Marks it as machine-sent so auto-responders stay quiet (RFC 3834).
          headers: { 'Auto-Submitted': 'auto-generated' },
        });
        // The address stays out of the log; the user id identifies the recipient.
        log.info({ userId: payload.userId, messageId: info.messageId }, 'verification email sent');
        return { messageId: info.messageId };
      } catch (error) {
        if (isPermanentSmtpError(error)) {
          log.error(
            { userId: payload.userId, reply: smtpReply(error) },
            'verification email rejected by SMTP',
          );
          throw new UnrecoverableError(`SMTP rejected the message: ${smtpReply(error)}`);
        }
        throw error;
      }
    },
  });
}
