import type { Logger } from '@app/logger';
import { UnrecoverableError } from 'bullmq';
import { isPermanentSmtpError, type MailTransport, smtpReply, textEncodingFor } from '../mail-transport.ts';

export type TransactionalEmail = {
  to: string;
  language: 'en' | 'zh';
  email: { subject: string; html: string; text: string };
  /** What the log names the recipient by (never the address or the link). */
  logFields: Record<string, unknown>;
  /** "verification email", "password reset email", …: the log's words for it. */
  label: string;
};

/**
 * Hands one rendered account or consent email to SMTP. A permanent rejection (5xx) fails the job for
 * good, since a retry would bounce again; anything else is thrown as is so the queue retries with backoff.
 */
export async function sendTransactionalEmail(
  transport: MailTransport,
  from: string,
  log: Pick<Logger, 'info' | 'error'>,
  message: TransactionalEmail,
): Promise<{ messageId: string }> {
  try {
    const info = await transport.sendMail({
      from,
      to: message.to,
      subject: message.email.subject,
      html: message.email.html,
      text: message.email.text,
      textEncoding: textEncodingFor(message.language),
      // Marks it as machine-sent so auto-responders stay quiet (RFC 3834).
      headers: { 'Auto-Submitted': 'auto-generated' },
    });
    log.info({ ...message.logFields, messageId: info.messageId }, `${message.label} sent`);
    return { messageId: info.messageId };
  } catch (error) {
    if (isPermanentSmtpError(error)) {
      log.error({ ...message.logFields, reply: smtpReply(error) }, `${message.label} rejected by SMTP`);
      throw new UnrecoverableError(`SMTP rejected the message: ${smtpReply(error)}`);
    }
    throw error;
  }
}
