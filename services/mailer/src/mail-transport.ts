import type { UiLanguage } from '@app/contracts';
import { createTransport, type SendMailOptions, type Transporter } from 'nodemailer';

export type MailTransport = Transporter;
export type MailMessage = Pick<SendMailOptions, 'to' | 'subject' | 'html' | 'text' | 'headers'>;

export type MailTransportOptions = {
  /** Open connections (default 5). */
  maxConnections?: number;
  /** Messages per second over the whole pool; 0 or unset: no limit. */
  rateLimit?: number;
};

/**
 * Pooled: a busy send window reuses a few open connections instead of a TCP and SMTP
 * handshake per message.
 */
export function createMailTransport(smtpUrl: string, options: MailTransportOptions = {}): MailTransport {
  return createTransport({
    url: smtpUrl,
    pool: true,
    maxConnections: options.maxConnections ?? 5,
    maxMessages: Number.POSITIVE_INFINITY,
    ...(options.rateLimit ? { rateDelta: 1000, rateLimit: options.rateLimit } : {}),
  });
}

/**
 * The transfer encoding of an email's text parts, by its language: quoted-printable keeps English
 * readable and is what filters expect of it; Chinese in quoted-printable triples in size (every byte
 * of every character becomes =XX), so it goes as base64, as Chinese mail services send it. Stating
 * it also spares nodemailer a scan of each body to guess (a measurable share of a digest run).
 */
export function textEncodingFor(language: UiLanguage): 'quoted-printable' | 'base64' {
  return language === 'zh' ? 'base64' : 'quoted-printable';
}

/**
 * A 5xx reply (e.g. 550 mailbox unavailable) will get the same answer on every retry;
 * 4xx replies and connection errors are worth retrying later.
 */
export function isPermanentSmtpError(error: unknown): boolean {
  const code = (error as { responseCode?: unknown } | null)?.responseCode;
  return typeof code === 'number' && code >= 500 && code < 600;
}

/** The server's reply line, for logs and the failed job's reason. */
export function smtpReply(error: unknown): string {
  const { response, message } = (error ?? {}) as { response?: string; message?: string };
  return response ?? message ?? String(error);
}
