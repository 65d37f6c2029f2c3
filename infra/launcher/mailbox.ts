import { randomBytes } from 'node:crypto';
import { existsSync } from 'node:fs';
import fs from 'node:fs/promises';
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo, Server } from 'node:net';
import path from 'node:path';
import { formatInstant } from '@app/time/format';
import { simpleParser } from 'mailparser';
import { SMTPServer } from 'smtp-server';

/** What we keep of each message next to its raw .eml. */
export type StoredMessage = {
  id: string;
  receivedAt: string;
  from: string;
  /** Envelope recipients (includes Bcc). */
  to: string[];
  subject: string;
  text: string;
  html: string | null;
  /** http(s) links in order of appearance, text part first: the verification link is links[0]. */
  links: string[];
  size: number;
};

export type Mailbox = {
  smtpPort: number;
  smtpUrl: string;
  httpPort: number;
  httpUrl: string;
  list(): Promise<StoredMessage[]>;
  close(): Promise<void>;
};

export type MailboxOptions = {
  /** Where messages are written (<id>.eml and <id>.json). */
  dir: string;
  smtpPort: number;
  httpPort: number;
  host?: string;
  onMessage?: (message: StoredMessage) => void;
  onError?: (error: Error) => void;
};

const MAX_SIZE = 25 * 1024 * 1024;
const ID = /^[0-9a-z-]+$/;

/**
 * A local SMTP capture server plus a read-only web mailbox, so `pnpm start` can send real
 * email (verification, digests) without an SMTP account. Messages persist on disk so the
 * mailbox survives restarts.
 */
export async function startMailbox(options: MailboxOptions): Promise<Mailbox> {
  const host = options.host ?? '127.0.0.1';
  await fs.mkdir(options.dir, { recursive: true });
  const store = createStore(options.dir);

  const smtp = new SMTPServer({
    logger: false,
    authOptional: true,
    // Plain SMTP on loopback: a STARTTLS offer would make clients demand a certificate.
    disabledCommands: ['STARTTLS'],
    size: MAX_SIZE,
    // A pooled sender may keep its connection open; do not hold close() for the default 30 s.
    closeTimeout: 500,
    onAuth: (auth, _session, callback) => callback(null, { user: auth.username ?? 'anonymous' }),
    onData: (stream, session, callback) => {
      const chunks: Buffer[] = [];
      stream.on('data', (chunk: Buffer) => chunks.push(chunk));
      stream.on('error', callback);
      stream.on('end', () => {
        const to = session.envelope.rcptTo.map((r) => r.address);
        store
          .save(Buffer.concat(chunks), to)
          .then((message) => {
            options.onMessage?.(message);
            callback();
          })
          .catch((error: Error) => {
            options.onError?.(error);
            callback(error);
          });
      });
    },
  });
  smtp.on('error', (error) => options.onError?.(error));
  const smtpPort = await listen(smtp.server, options.smtpPort, host);

  const http = createServer((req, res) => {
    route(req, res, store).catch((error: Error) => {
      options.onError?.(error);
      if (!res.headersSent) send(res, 500, 'text/plain; charset=utf-8', 'mailbox error');
      else res.end();
    });
  });
  const httpPort = await listen(http, options.httpPort, host);

  return {
    smtpPort,
    smtpUrl: `smtp://${host}:${smtpPort}`,
    httpPort,
    httpUrl: `http://${host}:${httpPort}`,
    list: () => store.list(),
    close: async () => {
      http.closeAllConnections();
      await Promise.all([
        new Promise<void>((resolve) => http.close(() => resolve())),
        new Promise<void>((resolve) => smtp.close(() => resolve())),
      ]);
    },
  };
}

function createStore(dir: string) {
  const load = async (id: string): Promise<StoredMessage | undefined> => {
    if (!ID.test(id)) return undefined;
    const file = path.join(dir, `${id}.json`);
    if (!existsSync(file)) return undefined;
    return JSON.parse(await fs.readFile(file, 'utf8')) as StoredMessage;
  };
  return {
    async save(raw: Buffer, to: string[]): Promise<StoredMessage> {
      const parsed = await simpleParser(raw);
      // Time first so that file names sort by arrival.
      const id = `${Date.now().toString(36).padStart(9, '0')}-${randomBytes(4).toString('hex')}`;
      const html = typeof parsed.html === 'string' ? parsed.html : null;
      const text = parsed.text ?? '';
      const message: StoredMessage = {
        id,
        receivedAt: new Date().toISOString(),
        from: parsed.from?.text ?? '',
        to,
        subject: parsed.subject ?? '(no subject)',
        text,
        html,
        links: extractLinks(text, html),
        size: raw.length,
      };
      await fs.writeFile(path.join(dir, `${id}.eml`), raw);
      await fs.writeFile(path.join(dir, `${id}.json`), JSON.stringify(message, null, 2));
      return message;
    },
    async list(limit = 200): Promise<StoredMessage[]> {
      const ids = (await fs.readdir(dir))
        .filter((name) => name.endsWith('.json'))
        .map((name) => name.slice(0, -'.json'.length))
        .sort()
        .reverse()
        .slice(0, limit);
      const messages = await Promise.all(ids.map(load));
      return messages.filter((m): m is StoredMessage => m !== undefined);
    },
    load,
    raw: async (id: string) => {
      if (!ID.test(id)) return undefined;
      return fs.readFile(path.join(dir, `${id}.eml`)).catch(() => undefined);
    },
  };
}

type Store = ReturnType<typeof createStore>;

async function route(req: IncomingMessage, res: ServerResponse, store: Store): Promise<void> {
  if (req.method !== 'GET' && req.method !== 'HEAD') {
    return send(res, 405, 'text/plain; charset=utf-8', 'read-only mailbox');
  }
  const { pathname } = new URL(req.url ?? '/', 'http://mailbox');
  const html = 'text/html; charset=utf-8';
  const json = 'application/json; charset=utf-8';
  if (pathname === '/') return send(res, 200, html, renderList(await store.list()));
  if (pathname === '/api/messages') return send(res, 200, json, JSON.stringify(await store.list()));
  let match = /^\/api\/messages\/([^/]+)$/.exec(pathname);
  if (match) {
    const message = await store.load(match[1]!);
    return message ? send(res, 200, json, JSON.stringify(message)) : notFound(res);
  }
  match = /^\/messages\/([^/]+)\/raw$/.exec(pathname);
  if (match) {
    const raw = await store.raw(match[1]!);
    // text/plain with nosniff: the source is shown, never rendered.
    return raw ? send(res, 200, 'text/plain; charset=utf-8', raw) : notFound(res);
  }
  match = /^\/messages\/([^/]+)$/.exec(pathname);
  if (match) {
    const message = await store.load(match[1]!);
    return message ? send(res, 200, html, renderMessage(message)) : notFound(res);
  }
  return notFound(res);
}

function notFound(res: ServerResponse) {
  send(res, 404, 'text/plain; charset=utf-8', 'not found');
}

function send(res: ServerResponse, status: number, type: string, body: string | Buffer) {
  res.writeHead(status, {
    'content-type': type,
    'x-content-type-options': 'nosniff',
    // Mail HTML is untrusted: no script may run anywhere on these pages (the sandboxed
    // srcdoc frame inherits this policy too), and links must not leak tokens via Referer.
    'content-security-policy': "script-src 'none'; object-src 'none'; form-action 'none'",
    'referrer-policy': 'no-referrer',
    'cache-control': 'no-store',
  });
  res.end(body);
}

export function escapeHtml(value: string): string {
  return value.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);
}

const URL_IN_TEXT = /https?:\/\/[^\s<>"'`)\]]+/g;
const HREF = /href\s*=\s*["']([^"']+)["']/gi;

/** Links a developer may want to click (verification, unsubscribe), deduplicated. */
export function extractLinks(text: string, html: string | null): string[] {
  const found = [...text.matchAll(URL_IN_TEXT)].map((m) => m[0].replace(/[.,;:!?]+$/, ''));
  if (html) {
    for (const m of html.matchAll(HREF)) {
      const href = m[1]!.replace(/&amp;/g, '&');
      if (/^https?:\/\//i.test(href)) found.push(href);
    }
  }
  return [...new Set(found)];
}

const STYLE = `body{font:14px/1.45 system-ui,sans-serif;margin:0;color:#1d2330;background:#f6f7f9}
header{background:#1d2330;color:#fff;padding:12px 20px}header a{color:#fff;text-decoration:none}
main{padding:16px 20px}table{border-collapse:collapse;width:100%;background:#fff}
td,th{text-align:left;padding:8px 10px;border-bottom:1px solid #e3e6ea;vertical-align:top}
th{font-weight:600;color:#5b6372}.muted{color:#5b6372}pre{white-space:pre-wrap;background:#fff;padding:12px;border:1px solid #e3e6ea}
iframe{width:100%;height:70vh;border:1px solid #e3e6ea;background:#fff}dl{display:grid;grid-template-columns:max-content 1fr;gap:4px 12px}dt{color:#5b6372}`;

function page(title: string, body: string, refresh = false): string {
  return `<!doctype html><html><head><meta charset="utf-8"><title>${escapeHtml(title)}</title>${
    refresh ? '<meta http-equiv="refresh" content="5">' : ''
  }<style>${STYLE}</style></head><body><header><a href="/">📬 Local mailbox</a> <span class="muted">read-only · messages captured by pnpm start</span></header><main>${body}</main></body></html>`;
}

export function renderList(messages: StoredMessage[]): string {
  if (messages.length === 0) {
    return page(
      'Mailbox',
      '<p class="muted">No messages yet. This page refreshes every 5 seconds.</p>',
      true,
    );
  }
  const rows = messages
    .map(
      (m) =>
        `<tr><td class="muted">${escapeHtml(formatInstant(m.receivedAt, 'en-US', { date: 'medium', time: 'short' }))}</td><td>${escapeHtml(
          m.to.join(', '),
        )}</td><td><a href="/messages/${escapeHtml(m.id)}">${escapeHtml(m.subject)}</a></td><td class="muted">${escapeHtml(
          m.from,
        )}</td></tr>`,
    )
    .join('');
  return page(
    `Mailbox (${messages.length})`,
    `<table><thead><tr><th>Received</th><th>To</th><th>Subject</th><th>From</th></tr></thead><tbody>${rows}</tbody></table>`,
    true,
  );
}

export function renderMessage(m: StoredMessage): string {
  const links = m.links.length
    ? `<h3>Links</h3><ul>${m.links
        .map(
          (l) =>
            `<li><a href="${escapeHtml(l)}" target="_blank" rel="noreferrer noopener">${escapeHtml(l)}</a></li>`,
        )
        .join('')}</ul>`
    : '';
  // The HTML part goes into a sandboxed srcdoc frame without allow-scripts: it renders, its
  // scripts and forms do not run, and it cannot reach this page. <base> opens links in a new tab.
  const htmlPart = m.html
    ? `<h3>HTML</h3><iframe sandbox="allow-popups allow-popups-to-escape-sandbox" srcdoc="${escapeHtml(
        `<base target="_blank">${m.html}`,
      )}"></iframe>`
    : '';
  const textPart = m.text ? `<h3>Text</h3><pre>${escapeHtml(m.text)}</pre>` : '';
  return page(
    m.subject,
    `<h2>${escapeHtml(m.subject)}</h2><dl><dt>From</dt><dd>${escapeHtml(m.from)}</dd><dt>To</dt><dd>${escapeHtml(
      m.to.join(', '),
    )}</dd><dt>Received</dt><dd>${escapeHtml(m.receivedAt)}</dd><dt>Source</dt><dd><a href="/messages/${escapeHtml(
      m.id,
    )}/raw">raw .eml</a></dd></dl>${links}${htmlPart}${textPart}`,
  );
}

function listen(server: Server, port: number, host: string): Promise<number> {
  return new Promise((resolve, reject) => {
    server.once('error', reject);
    server.listen(port, host, () => {
      server.off('error', reject);
      resolve((server.address() as AddressInfo).port);
    });
  });
}
