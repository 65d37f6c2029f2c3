import type { AddressInfo } from 'node:net';
import { type AddressObject, type HeaderValue, simpleParser } from 'mailparser';
import { SMTPServer, type SMTPServerAddress } from 'smtp-server';

export type CapturedMail = {
  /** Envelope recipients: who the message was actually delivered to (includes Bcc). */
  to: string[];
  /** Envelope sender. */
  from: string;
  /** The From header as written, e.g. `Daily Curated <no-reply@localhost>`. */
  fromHeader: string;
  subject: string;
  text: string;
  html: string;
  /** Parsed headers by lower-case name. */
  headers: Map<string, HeaderValue>;
  /** The message exactly as received. */
  raw: Buffer;
  receivedAt: Date;
};

export type SmtpCaptureOptions = {
  port?: number;
  host?: string;
  /**
   * Recipients to refuse at RCPT TO. `true` answers 550 (a permanent bounce); a number
   * answers that code instead, e.g. 451 for a temporary failure.
   */
  rejectRecipients?: (address: string) => boolean | number;
};

export type SmtpCapture = {
  url: string;
  port: number;
  messages: CapturedMail[];
  /** Every RCPT TO that was refused, with the code it got. */
  rejected: { address: string; code: number }[];
  /**
   * Messages whose sender hung up before the final reply: like a real server, the capture takes
   * responsibility for a message only when it answers 250, so these were never delivered.
   */
  dropped: CapturedMail[];
  /** Holds the final reply to every message from now on (the sender waits), until release(). */
  hold(): void;
  release(): void;
  /** How many messages are waiting for their final reply. */
  readonly heldCount: number;
  /** Resolves with the first message (already received or arriving) that matches. */
  waitForMessage(predicate?: (mail: CapturedMail) => boolean, timeoutMs?: number): Promise<CapturedMail>;
  clear(): void;
  close(): Promise<void>;
};

/** A local SMTP server that keeps what it receives, for asserting on the email a user would get. */
export async function startSmtpCapture(options: SmtpCaptureOptions = {}): Promise<SmtpCapture> {
  const host = options.host ?? '127.0.0.1';
  const messages: CapturedMail[] = [];
  const rejected: SmtpCapture['rejected'] = [];
  const dropped: CapturedMail[] = [];
  const waiters = new Set<(mail: CapturedMail) => void>();
  const closedSessions = new Set<string>();
  let gate: { promise: Promise<void>; open: () => void } | null = null;
  let heldCount = 0;
  const release = () => {
    gate?.open();
    gate = null;
  };

  const server = new SMTPServer({
    authOptional: true,
    // Plain SMTP on loopback: no certificate to trust, nothing to upgrade.
    disabledCommands: ['STARTTLS'],
    logger: false,
    // A pooled client keeps its connection open; do not hold close() up for the default 30 s.
    closeTimeout: 100,
    onClose(session) {
      closedSessions.add(session.id);
    },
    onRcptTo(address: SMTPServerAddress, _session, callback) {
      const verdict = options.rejectRecipients?.(address.address) ?? false;
      if (verdict === false) return callback();
      const code = verdict === true ? 550 : verdict;
      rejected.push({ address: address.address, code });
      const error = new Error(
        `${code === 550 ? 'Mailbox unavailable' : 'Try again later'}: ${address.address}`,
      );
      (error as Error & { responseCode: number }).responseCode = code;
      callback(error);
    },
    onData(stream, session, callback) {
      const chunks: Buffer[] = [];
      stream.on('data', (chunk: Buffer) => chunks.push(chunk));
      stream.on('error', callback);
      stream.on('end', async () => {
        try {
          const raw = Buffer.concat(chunks);
          const parsed = await simpleParser(raw);
          const mail: CapturedMail = {
            to: session.envelope.rcptTo.map((rcpt) => rcpt.address),
            from: session.envelope.mailFrom ? session.envelope.mailFrom.address : '',
            fromHeader: addressText(parsed.from),
            subject: parsed.subject ?? '',
            text: parsed.text ?? '',
            html: typeof parsed.html === 'string' ? parsed.html : '',
            headers: parsed.headers,
            raw,
            receivedAt: new Date(),
          };
          if (gate) {
            heldCount += 1;
            await gate.promise;
            heldCount -= 1;
          }
          if (closedSessions.has(session.id)) {
            dropped.push(mail);
            return callback(new Error('Connection closed before the reply'));
          }
          messages.push(mail);
          for (const waiter of [...waiters]) waiter(mail);
          callback();
        } catch (error) {
          callback(error as Error);
        }
      });
    },
  });

  // A client that dies mid-message (a crashed sender, as in the mailer's crash tests) resets the
  // socket; smtp-server re-emits that as 'error', which would otherwise be an uncaught exception.
  server.on('error', () => undefined);

  await new Promise<void>((resolve, reject) => {
    server.server.once('error', reject);
    server.listen(options.port ?? 0, host, () => resolve());
  });
  const port = (server.server.address() as AddressInfo).port;

  return {
    url: `smtp://${host}:${port}`,
    port,
    messages,
    rejected,
    dropped,
    hold() {
      if (gate) return;
      let open: () => void = () => {};
      const promise = new Promise<void>((resolve) => {
        open = resolve;
      });
      gate = { promise, open };
    },
    release,
    get heldCount() {
      return heldCount;
    },
    waitForMessage(predicate = () => true, timeoutMs = 5000) {
      const found = messages.find(predicate);
      if (found) return Promise.resolve(found);
      return new Promise((resolve, reject) => {
        const waiter = (mail: CapturedMail) => {
          if (!predicate(mail)) return;
          clearTimeout(timer);
          waiters.delete(waiter);
          resolve(mail);
        };
        const timer = setTimeout(() => {
          waiters.delete(waiter);
          reject(new Error(`no matching email within ${timeoutMs} ms (${messages.length} received)`));
        }, timeoutMs);
        waiters.add(waiter);
      });
    },
    clear() {
      messages.length = 0;
      rejected.length = 0;
      dropped.length = 0;
    },
    close: () => {
      release();
      return new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
}

function addressText(value: AddressObject | AddressObject[] | undefined): string {
  if (!value) return '';
  return Array.isArray(value) ? value.map((v) => v.text).join(', ') : value.text;
}
