import { type MailParserOptions, type ParsedMail, simpleParser } from 'mailparser';

/** One recipient of a delivery status notification (RFC 3464 §2.3). */
export type DsnRecipient = {
  /** The address as the reporting server saw it (Final-Recipient, else Original-Recipient). */
  recipient: string;
  /** failed, delayed, delivered, relayed or expanded. */
  action: string;
  /** The enhanced status code (RFC 3463), e.g. 5.1.1. */
  status: string;
  /** Diagnostic-Code without its type, e.g. `550 5.1.1 <x@y>: Recipient address rejected`. */
  diagnostic: string | null;
  /** hard: failed with a 5.x.x status, the address will never take mail; soft: anything else. */
  kind: 'hard' | 'soft';
};

export type DeliveryReport = {
  /** Arrival-Date of the per-message fields, else the report's Date header. */
  reportedAt: Date | null;
  recipients: DsnRecipient[];
};

/**
 * keepDeliveryStatus (mailparser ≥ 3.6, missing from its type definitions) keeps the report part as
 * an attachment instead of folding it into the text.
 */
const DSN_PARSER_OPTIONS = {
  keepDeliveryStatus: true,
  skipHtmlToText: true,
  skipTextToHtml: true,
  skipTextLinks: true,
} as MailParserOptions;

/**
 * Reads a bounce message: mailparser takes the MIME apart, then the `message/delivery-status` part
 * is read as RFC 3464 defines it: groups of header fields separated by blank lines, the first about
 * the message, each further one about a recipient. Returns null for mail that is not a DSN (an
 * auto-reply, spam to the bounce address), so the caller can drop it.
 */
export async function parseDeliveryReport(raw: Buffer | string): Promise<DeliveryReport | null> {
  const mail = await simpleParser(raw, DSN_PARSER_OPTIONS);
  const part = mail.attachments.find(
    (a) => a.contentType === 'message/delivery-status' || a.contentType === 'message/global-delivery-status',
  );
  if (!part) return null;
  const groups = part.content
    .toString('utf8')
    .replace(/\r\n/g, '\n')
    .split(/\n[ \t]*\n/)
    .map((group) => group.trim())
    .filter(Boolean);
  const [messageGroup, ...recipientGroups] = await Promise.all(groups.map(readFieldGroup));
  const recipients = recipientGroups.flatMap((fields) => {
    const recipient = addressOf(fields.get('final-recipient') ?? fields.get('original-recipient'));
    const action = fields.get('action')?.toLowerCase();
    const status = /\d\.\d{1,3}\.\d{1,3}/.exec(fields.get('status') ?? '')?.[0];
    if (!recipient || !action || !status) return [];
    const diagnostic = fields.get('diagnostic-code')?.replace(/^[^;]*;\s*/, '') ?? null;
    const kind: DsnRecipient['kind'] = action === 'failed' && status.startsWith('5.') ? 'hard' : 'soft';
    return [{ recipient, action, status, diagnostic, kind }];
  });
  return { reportedAt: dateOf(messageGroup?.get('arrival-date')) ?? mail.date ?? null, recipients };
}

/**
 * A group of DSN fields has the syntax of a message header (RFC 3464 §2.1), so mailparser reads it
 * too (unfolding, encoded words); the raw line keeps each value as written.
 */
async function readFieldGroup(group: string): Promise<Map<string, string>> {
  const parsed: ParsedMail = await simpleParser(`${group}\n\n`, {
    skipHtmlToText: true,
    skipTextToHtml: true,
  });
  const fields = new Map<string, string>();
  for (const { key, line } of parsed.headerLines) {
    const value = line
      .slice(line.indexOf(':') + 1)
      .replace(/\s*\r?\n\s*/g, ' ')
      .trim();
    if (!fields.has(key)) fields.set(key, value);
  }
  return fields;
}

/** `rfc822; user@example.com` → `user@example.com` (lower-cased, angle brackets dropped). */
function addressOf(field: string | undefined): string | null {
  if (!field) return null;
  const address = field
    .replace(/^[^;]*;\s*/, '')
    .replace(/[<>]/g, '')
    .trim()
    .toLowerCase();
  return address.includes('@') ? address : null;
}

function dateOf(value: string | undefined): Date | null {
  if (!value) return null;
  const date = new Date(value);
  return Number.isNaN(date.getTime()) ? null : date;
}
