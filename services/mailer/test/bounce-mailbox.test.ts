import { copyFile, mkdir, mkdtemp, readdir, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { createLogger } from '@app/logger';
import { createTestDatabase, type SmtpCapture, startSmtpCapture, type TestDatabase } from '@app/testing';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { digestTickProcessor } from '../src/processors/digest-tick.processor.ts';
import { insertSubscribers, insertSummaries, insertTopics } from './support/digest-fixtures.ts';
import { createMailTransport, type MailTransport } from '../src/mail-transport.ts';

let db: TestDatabase;
let smtp: SmtpCapture;
let transport: MailTransport;
let maildir: string;
const log = createLogger('digest', { level: 'silent' });
const fixtures = new URL('./fixtures/dsn/', import.meta.url);

beforeAll(async () => {
  db = await createTestDatabase();
  smtp = await startSmtpCapture();
  transport = createMailTransport(smtp.url);
  maildir = await mkdtemp(path.join(tmpdir(), 'bounce-maildir-'));
  await mkdir(path.join(maildir, 'new'));
});
afterAll(async () => {
  transport?.close();
  await smtp?.close();
  await db?.drop();
  if (maildir) await rm(maildir, { recursive: true, force: true });
});

it('a hard bounce report in the Maildir stops the next digest to that address; a soft one does not', async () => {
  const topicIds = (await insertTopics(db.prisma, 2)).map((t) => t.id);
  const [keep] = await insertSubscribers(db.prisma, { count: 1, timeZone: 'UTC', topicIds, label: 'keep' });
  // The addresses the fixtures report on, confirmed before the reports arrived.
  const reported = ['gone-postfix@example.com', 'gone.gmail@gmail.com', 'full-postfix@example.com'];
  const [first] = await db.prisma.newsletterSubscriber.findMany({ where: { email: keep! } });
  for (const email of reported) {
    const row = await db.prisma.newsletterSubscriber.create({
      data: {
        email,
        timeZone: 'UTC',
        unsubscribeToken: `t-${email}`,
        confirmedAt: new Date('2026-11-01T00:00:00Z'),
      },
    });
    const topics = await db.prisma.newsletterSubscription.findMany({ where: { subscriberId: first!.id } });
    await db.prisma.newsletterSubscription.createMany({
      data: topics.map((t) => ({ subscriberId: row.id, topicId: t.topicId })),
    });
  }
  for (const [i, name] of [
    'postfix-550-user-unknown.eml',
    'gmail-550-nosuchuser.eml',
    'postfix-452-mailbox-full-delayed.eml',
    'auto-reply-not-a-dsn.eml',
  ].entries()) {
    await copyFile(new URL(name, fixtures), path.join(maildir, 'new', `176362567${i}.M1P1.mx1`));
  }
  await insertSummaries(db.prisma, topicIds, '2026-11-21', 'UTC');

  const tick = digestTickProcessor(
    {
      prisma: db.prisma,
      transport,
      from: 'Daily Curated <digest@app.test>',
      publicUrl: 'http://app.test',
      secret: 'x'.repeat(32),
      clock: () => new Date('2026-11-21T10:00:00Z'),
      leaseMs: 60_000,
      concurrency: 5,
      perTopic: 5,
      maxAttempts: 3,
    },
    maildir,
  );
  const result = await tick.handle({}, { log } as never);
  expect(result).toMatchObject({ bounces: { messages: 4, hardBounces: 2, suppressed: 2, ignored: 1 } });

  // What a reader notices: the digest reached the others, not the two dead addresses.
  const delivered = smtp.messages.flatMap((m) => m.to).sort();
  expect(delivered).toEqual([keep!, 'full-postfix@example.com'].sort());
  const gone = await db.prisma.newsletterSubscriber.findUniqueOrThrow({
    where: { email: 'gone-postfix@example.com' },
  });
  expect(gone).toMatchObject({
    status: 'bouncing',
    suppressionReason: 'hard_bounce',
    suppressionSource: 'dsn',
    suppressedAt: new Date('2026-11-20T08:01:10Z'),
  });
  expect(gone.suppressionDiagnostic).toMatch(
    /^5\.1\.1 550 5\.1\.1 <gone-postfix@example\.com>: Recipient address rejected/,
  );

  // Every message is marked seen and not read again.
  expect(await readdir(path.join(maildir, 'new'))).toEqual([]);
  expect((await readdir(path.join(maildir, 'cur'))).every((name) => name.endsWith(':2,S'))).toBe(true);
  const again = await tick.handle({}, { log } as never);
  expect(again).toMatchObject({ bounces: { messages: 0 } });
});
