import { generateKeyPairSync } from 'node:crypto';
import { loadConfig } from '@app/config';
import { createLogger } from '@app/logger';
import { createTestDatabase, type SmtpCapture, startSmtpCapture, type TestDatabase } from '@app/testing';
import { dkimVerify } from 'mailauth';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { dkimOptions, mailerConfigSchema } from '../src/config.ts';
import { runDigestTick } from '../src/digest/run-digest-tick.ts';
import { createMailTransport, type MailTransport } from '../src/mail-transport.ts';
import { insertSubscribers, insertSummaries, insertTopics } from './support/digest-fixtures.ts';

const { privateKey, publicKey } = generateKeyPairSync('rsa', { modulusLength: 2048 });
const privatePem = privateKey.export({ type: 'pkcs8', format: 'pem' }).toString();
const publicDer = publicKey.export({ type: 'spki', format: 'der' }).toString('base64');
const otherDer = generateKeyPairSync('rsa', { modulusLength: 2048 })
  .publicKey.export({ type: 'spki', format: 'der' })
  .toString('base64');

/** A DNS that publishes one TXT record, the way the README tells operators to. */
function resolverFor(der: string) {
  return async (name: string, rrtype: string) => {
    if (rrtype === 'TXT' && name === 'mail2026._domainkey.app.test') return [[`v=DKIM1; k=rsa; p=${der}`]];
    throw Object.assign(new Error(`no ${rrtype} for ${name}`), { code: 'ENOTFOUND' });
  };
}

let db: TestDatabase;
let smtp: SmtpCapture;
let transport: MailTransport;
const now = new Date('2026-11-20T10:00:00Z');

beforeAll(async () => {
  db = await createTestDatabase();
  smtp = await startSmtpCapture();
  // The key as one env line with \n escapes, as a .env file or a secret store hands it over.
  const config = loadConfig(mailerConfigSchema, {
    SMTP_URL: smtp.url,
    DKIM_DOMAIN: 'app.test',
    DKIM_SELECTOR: 'mail2026',
    DKIM_PRIVATE_KEY: privatePem.trim().replace(/\n/g, '\\n'),
  });
  transport = createMailTransport(config.SMTP_URL, { dkim: dkimOptions(config) });
  const topicIds = (await insertTopics(db.prisma, 2)).map((t) => t.id);
  await insertSummaries(db.prisma, topicIds, '2026-11-20', 'UTC');
  await insertSubscribers(db.prisma, { count: 2, timeZone: 'UTC', topicIds, label: 'dkim' });
  await runDigestTick({
    prisma: db.prisma,
    transport,
    from: 'Daily Curated <digest@app.test>',
    publicUrl: 'http://app.test',
    secret: 'x'.repeat(32),
    clock: () => now,
    log: createLogger('digest', { level: 'silent' }),
    leaseMs: 60_000,
    concurrency: 5,
    perTopic: 5,
    maxAttempts: 3,
  });
});
afterAll(async () => {
  transport?.close();
  await smtp?.close();
  await db?.drop();
});

it('signs every digest (English and Chinese) so a receiver verifies it against the published key', async () => {
  expect(smtp.messages).toHaveLength(2);
  for (const mail of smtp.messages) {
    const { results } = await dkimVerify(mail.raw, { resolver: resolverFor(publicDer) });
    expect(results).toHaveLength(1);
    expect(results[0]).toMatchObject({ signingDomain: 'app.test', selector: 'mail2026' });
    expect(results[0]?.status.result, results[0]?.status.comment).toBe('pass');
    // The unsubscribe headers are covered, so nobody on the way can swap the one-click link.
    // The bulk sender headers (RFC 2369, RFC 2919, RFC 8058), as written on the wire.
    const head = mail.raw
      .toString()
      .split('\r\n\r\n')[0]!
      .replace(/\r\n[ \t]+/g, ' ');
    expect(head).toMatch(
      /^List-Unsubscribe: <http:\/\/app\.test\/api\/newsletter\/one-click\?token=[\w.-]+>$/m,
    );
    expect(head).toMatch(/^List-Unsubscribe-Post: List-Unsubscribe=One-Click$/m);
    expect(head).toMatch(/^List-ID: Daily Curated digest <digest\.app\.test>$/m);
    const signed = /\bh=([^;]+);/.exec(mail.raw.toString())?.[1]?.replace(/\s+/g, '').split(':');
    expect(signed).toEqual(expect.arrayContaining(['list-unsubscribe', 'list-unsubscribe-post', 'list-id']));
  }
});

it('fails verification once the body or a signed header is changed, or against another key', async () => {
  const mail = smtp.messages.find((m) => m.to.includes('dkim-0@example.com'))!;
  const raw = mail.raw.toString('latin1');
  const split = raw.indexOf('\r\n\r\n');
  const head = raw.slice(0, split);
  const body = raw.slice(split);
  const verify = (message: string) =>
    dkimVerify(Buffer.from(message, 'latin1'), { resolver: resolverFor(publicDer) });

  const editedBody = body.replace('News 0', 'News 9');
  expect(editedBody).not.toBe(body);
  const changed = await verify(head + editedBody);
  // mailauth calls a body hash mismatch "neutral" (RFC 6376 §3.9 leaves it to the verifier): not a pass.
  expect(changed.results[0]?.status).toMatchObject({
    result: 'neutral',
    comment: 'body hash did not verify',
  });

  // A relay swapping the one-click link for its own breaks the header signature.
  const swapped = await verify(head.replace('http://app.test/api', 'http://evil.test/api') + body);
  expect(swapped.results[0]?.status).toMatchObject({ result: 'fail', comment: 'bad signature' });

  const wrongKey = await dkimVerify(mail.raw, { resolver: resolverFor(otherDer) });
  expect(wrongKey.results[0]?.status.result).toBe('fail');
});

it('signs account mail on the same transport too', async () => {
  await transport.sendMail({
    from: 'no-reply@app.test',
    to: 'someone@example.com',
    subject: 'Verify',
    text: 'hi',
  });
  const mail = await smtp.waitForMessage((m) => m.subject === 'Verify');
  const { results } = await dkimVerify(mail.raw, { resolver: resolverFor(publicDer) });
  expect(results[0]?.status.result).toBe('pass');
});
