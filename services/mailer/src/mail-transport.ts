import type { UiLanguage } from '@app/contracts';
import { createTransport, type SendMailOptions, type Transporter } from 'nodemailer';

export type MailTransport = Transporter;
export type MailMessage = Pick<SendMailOptions, 'to' | 'subject' | 'html' | 'text' | 'headers'>;

export type MailTransportOptions = {
  /** Open connections (default 5). */
  maxConnections?: number;
  /** Messages per second over the whole pool; 0 or unset: no limit. */
  rateLimit?: number;
  /** Signs every message (DKIM-Signature header, rsa-sha256, relaxed/relaxed); unset: unsigned. */
  dkim?: { domainName: string; keySelector: string; privateKey: string };
};

/**
 * nodemailer's default list (RFC 6376 §5.4.1) plus List-Unsubscribe-Post: RFC 8058 §4 and the
 * large mailbox providers only honour one-click unsubscribe when the signature covers both headers.
 */
const DKIM_SIGNED_HEADERS = [
  'From:Sender:Reply-To:Subject:Date:Message-ID:To:Cc:MIME-Version:Content-Type',
  'Content-Transfer-Encoding:Content-ID:Content-Description:Resent-Date:Resent-From:Resent-Sender',
  'Resent-To:Resent-Cc:Resent-Message-ID:In-Reply-To:References',
  'List-Id:List-Help:List-Unsubscribe:List-Unsubscribe-Post:List-Subscribe:List-Post:List-Owner:List-Archive',
].join(':');

/**
 * Pooled: a busy send window reuses a few open connections instead of a TCP and SMTP
 * handshake per message. With `dkim`, nodemailer signs each message as it streams it out, so
 * every email of the product (digest, opt-in, account mail) carries the signature.
 */
export function createMailTransport(smtpUrl: string, options: MailTransportOptions = {}): MailTransport {
  return createTransport({
    url: smtpUrl,
    pool: true,
    maxConnections: options.maxConnections ?? 5,
    maxMessages: Number.POSITIVE_INFINITY,
    ...(options.rateLimit ? { rateDelta: 1000, rateLimit: options.rateLimit } : {}),
    ...(options.dkim ? { dkim: { ...options.dkim, headerFieldNames: DKIM_SIGNED_HEADERS } } : {}),
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
