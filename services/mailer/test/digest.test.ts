import { createSqlRunner, type SqlRunner } from '@app/db';
import { DigestCache, digestWindow } from '@app/digest';
import {
  createTestDatabase,
  type SmtpCapture,
  startSmtpCapture,
  type TestDatabase,
  waitFor,
} from '@app/testing';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { resolveInterrupted } from '../src/digest/delivery-records.ts';
import { loadRecipient } from '@app/digest';
import { runDigestTick } from '../src/digest/run-digest-tick.ts';
import { type DigestDeps, deliverDigests } from '../src/digest/send-digests.ts';
import { createMailTransport, type MailTransport } from '../src/mail-transport.ts';
import {
  insertSubscribers,
  insertSummaries,
  insertTopics,
  testDigestDeps,
} from './support/digest-fixtures.ts';

describe('sending', () => {
  let db: TestDatabase;
  let smtp: SmtpCapture;
  let transport: MailTransport;
  let greylisted = 0;
  const now = new Date('2026-11-20T10:00:00Z');
  let topicIds: string[];

  beforeAll(async () => {
    db = await createTestDatabase();
    smtp = await startSmtpCapture({
      rejectRecipients: (address) => {
        if (address.startsWith('bounce')) return true;
        if (address.startsWith('grey')) return greylisted++ === 0 ? 451 : false;
        return false;
      },
    });
    transport = createMailTransport(smtp.url);
    topicIds = (await insertTopics(db.prisma, 5)).map((t) => t.id);
    await insertSummaries(db.prisma, topicIds, '2026-11-20', 'UTC');
  });
  afterAll(async () => {
    transport?.close();
    await smtp?.close();
    await db?.drop();
  });

  const deps = (overrides: Partial<DigestDeps> = {}): DigestDeps =>
    testDigestDeps({ prisma: db.prisma, transport, clock: () => now }, overrides);

  it('renders once per (language, topic set) and reuses it for everyone who shares it', async () => {
    await insertSubscribers(db.prisma, { count: 60, timeZone: 'UTC', topicIds, label: 'share' });
    const cache = new DigestCache(deps());
    const built = new Set<unknown>();
    for (const language of ['en', 'zh'] as const) {
      for (let i = 0; i < 3; i += 1) {
        built.add(
          await cache.get(
            { language, topicIds: [topicIds[1]!, topicIds[0]!], timeZone: 'UTC' },
            '2026-11-20',
          ),
        );
        // Same offset, same window: London shares UTC's render in November.
        built.add(
          await cache.get(
            { language, topicIds: [topicIds[0]!, topicIds[1]!], timeZone: 'Europe/London' },
            '2026-11-20',
          ),
        );
      }
    }
    expect(cache.builtCount).toBe(2);
    expect(built.size).toBe(2);
    const stats = await runDigestTick(deps());
    expect(stats.sent).toBe(60);
    expect(smtp.messages.filter((m) => m.to[0]?.startsWith('share-'))).toHaveLength(60);
    // A second tick the same day sends nothing more.
    expect((await runDigestTick(deps())).sent).toBe(0);
  });

  it('zones whose different windows pick the same summaries share one render', async () => {
    const own = (await insertTopics(db.prisma, 2)).map((t) => t.id);
    // 12:00 UTC on the 19th lies in the 20th's window of UTC (from 08:00 on the 19th) and of Tokyo
    // (until 23:00 UTC on the 19th), and before Los Angeles' (from 16:00 UTC on the 19th).
    await db.prisma.summary.createMany({
      data: own.map((topicId, i) => ({
        topicId,
        language: 'EN' as const,
        summaryType: 'blog_post' as const,
        headline: `Shared ${i}`,
        content: `In both windows ${i}.`,
        createdAt: new Date('2026-11-19T12:00:00Z'),
      })),
    });
    const cache = new DigestCache(deps());
    const utc = await cache.get({ language: 'en', topicIds: own, timeZone: 'UTC' }, '2026-11-20');
    const tokyo = await cache.get({ language: 'en', topicIds: own, timeZone: 'Asia/Tokyo' }, '2026-11-20');
    expect(digestWindow('2026-11-20', 'UTC')).not.toEqual(digestWindow('2026-11-20', 'Asia/Tokyo'));
    expect(utc?.summaryCount).toBe(2);
    expect(tokyo?.template).toBe(utc?.template);
    expect(cache.builtCount).toBe(1);
    // A window that holds none of them has nothing to send, and renders nothing.
    expect(
      await cache.get({ language: 'en', topicIds: own, timeZone: 'America/Los_Angeles' }, '2026-11-20'),
    ).toBeNull();
    expect(cache.builtCount).toBe(1);
  });

  it('a hard rejection marks the address bouncing and nothing more goes to it', async () => {
    const [email] = await insertSubscribers(db.prisma, {
      count: 1,
      timeZone: 'UTC',
      topicIds,
      label: 'bounce',
    });
    const stats = await runDigestTick(deps());
    expect(stats.bounced).toBe(1);
    const subscriber = await db.prisma.newsletterSubscriber.findUniqueOrThrow({
      where: { email: email! },
      include: { deliveries: true },
    });
    expect(subscriber).toMatchObject({
      status: 'bouncing',
      suppressionReason: 'hard_bounce',
      suppressionSource: 'smtp',
      suppressedAt: now,
    });
    expect(subscriber.suppressionDiagnostic).toMatch(/550/);
    expect(subscriber.deliveries[0]).toMatchObject({ status: 'failed' });
    expect(subscriber.deliveries[0]?.providerResponse).toMatch(/550/);
    // Tomorrow: still nothing for a bouncing address.
    const tomorrow = new Date('2026-11-21T10:00:00Z');
    await insertSummaries(db.prisma, topicIds, '2026-11-21', 'UTC');
    const next = await runDigestTick(deps({ clock: () => tomorrow }));
    expect(next.bounced).toBe(0);
    expect(smtp.rejected.filter((r) => r.address === email)).toHaveLength(1);
  });

  it('a temporary failure stays pending and the next tick delivers it', async () => {
    const [email] = await insertSubscribers(db.prisma, {
      count: 1,
      timeZone: 'UTC',
      topicIds,
      label: 'grey',
    });
    const first = await runDigestTick(deps());
    expect(first.retry).toBe(1);
    const pending = await db.prisma.emailDelivery.findFirstOrThrow({
      where: { subscriber: { email: email! } },
    });
    expect(pending).toMatchObject({ status: 'pending', attempts: 1 });
    const second = await runDigestTick(deps());
    expect(second.sent).toBe(1);
    const sent = await db.prisma.emailDelivery.findFirstOrThrow({ where: { subscriber: { email: email! } } });
    expect(sent).toMatchObject({ status: 'sent', attempts: 2 });
    expect(smtp.messages.filter((m) => m.to.includes(email!))).toHaveLength(1);
  });

  it("sends an expired 'sending' claim again, once, with the same Message-ID", async () => {
    const [email] = await insertSubscribers(db.prisma, {
      count: 1,
      timeZone: 'UTC',
      topicIds,
      label: 'crashed',
    });
    const subscriber = await db.prisma.newsletterSubscriber.findUniqueOrThrow({ where: { email: email! } });
    const claimed = await db.prisma.emailDelivery.create({
      data: {
        subscriberId: subscriber.id,
        digestDate: new Date('2026-11-20T00:00:00Z'),
        status: 'sending',
        attempts: 1,
        leaseExpiresAt: new Date(now.getTime() + 1000),
      },
    });
    // Lease still running: another mailer may be sending it right now.
    expect(await resolveInterrupted(deps())).toBe(0);
    await runDigestTick(deps());
    expect(smtp.messages.filter((m) => m.to.includes(email!))).toHaveLength(0);
    // Lease lapsed: the mailer that claimed it died before the server answered.
    const later = new Date(now.getTime() + 120_000);
    await runDigestTick(deps({ clock: () => later }));
    const row = await db.prisma.emailDelivery.findFirstOrThrow({ where: { subscriberId: subscriber.id } });
    expect(row).toMatchObject({ id: claimed.id, status: 'sent', attempts: 2 });
    const received = smtp.messages.filter((m) => m.to.includes(email!));
    expect(received).toHaveLength(1);
    expect(received[0]!.headers.get('message-id')).toContain(`digest.${claimed.id}@`);
    await runDigestTick(deps({ clock: () => later }));
    expect(smtp.messages.filter((m) => m.to.includes(email!))).toHaveLength(1);
  });

  it('records an accepted digest once the database is back, so the lapsed claim is not sent twice', async () => {
    const [email] = await insertSubscribers(db.prisma, {
      count: 1,
      timeZone: 'UTC',
      topicIds,
      label: 'pgaway',
    });
    const subscriber = await db.prisma.newsletterSubscriber.findUniqueOrThrow({ where: { email: email! } });
    const recipient = (await loadRecipient(db.prisma, subscriber.id))!;
    // The database restarts right after the server's 250: the first writes of the record fail.
    let failures = 2;
    const sql = createSqlRunner(db.prisma);
    const outcomes = await deliverDigests(
      deps({
        sql: (statement) =>
          statement.name === 'digest-record-sent' && failures-- > 0
            ? Promise.reject(new Error('the database system is shutting down'))
            : sql(statement),
      }),
      [recipient],
      '2026-11-20',
      new DigestCache(deps()),
    );
    expect(outcomes).toEqual(['sent']);
    const row = await db.prisma.emailDelivery.findFirstOrThrow({ where: { subscriberId: subscriber.id } });
    expect(row.status).toBe('sent');
    // Past the lease a tick finds nothing to send again.
    await runDigestTick(deps({ clock: () => new Date(now.getTime() + 120_000) }));
    expect(smtp.messages.filter((m) => m.to.includes(email!))).toHaveLength(1);
  });

  it('unconfirmed (double opt-in), unsubscribed and bouncing subscribers get nothing, scheduled or on request', async () => {
    const [unconfirmed, gone, bouncing] = await insertSubscribers(db.prisma, {
      count: 3,
      timeZone: 'UTC',
      topicIds,
      label: 'skip',
    });
    await db.prisma.newsletterSubscriber.update({
      where: { email: unconfirmed! },
      data: { confirmedAt: null },
    });
    await db.prisma.newsletterSubscriber.update({
      where: { email: gone! },
      data: { status: 'unsubscribed' },
    });
    await db.prisma.newsletterSubscriber.update({
      where: { email: bouncing! },
      data: { status: 'bouncing' },
    });
    const skipped = [unconfirmed!, gone!, bouncing!];
    await runDigestTick(deps());
    expect(smtp.messages.filter((m) => skipped.some((email) => m.to.includes(email)))).toHaveLength(0);
    // The admin's send and the send-digest job load recipients through the same rule.
    for (const email of skipped) {
      const subscriber = await db.prisma.newsletterSubscriber.findUniqueOrThrow({ where: { email } });
      expect(await loadRecipient(db.prisma, subscriber.id), email).toBeNull();
    }
  });

  it('records the replies that arrive during a record in one statement after it, each row with its own', async () => {
    const emails = await insertSubscribers(db.prisma, {
      count: 12,
      timeZone: 'UTC',
      topicIds,
      label: 'group',
    });
    const mine = () => smtp.messages.filter((m) => emails.some((email) => m.to.includes(email)));
    // The first record waits until every send in flight has its reply: those replies must then be
    // written together, in the statement right after it.
    let records = 0;
    const sql = createSqlRunner(db.prisma);
    const recording: SqlRunner = async (statement) => {
      if (statement.name === 'digest-record-sent') {
        records += 1;
        if (records === 1) await waitFor(() => mine().length >= 5, { message: 'five replies' });
      }
      return sql(statement);
    };
    const stats = await runDigestTick(deps({ sql: recording, concurrency: 5 }));
    expect(stats.sent).toBeGreaterThanOrEqual(emails.length);
    expect(mine()).toHaveLength(emails.length);
    expect(records).toBeLessThan(emails.length);
    const rows = await db.prisma.emailDelivery.findMany({
      where: { subscriber: { email: { in: emails } } },
      include: { subscriber: true },
    });
    expect(rows).toHaveLength(emails.length);
    for (const row of rows) {
      expect(row).toMatchObject({
        status: 'sent',
        providerMessageId: `<digest.${row.id}@app.test>`,
        language: row.subscriber.language,
        timeZone: 'UTC',
        leaseExpiresAt: null,
      });
      expect(row.topicIds.length).toBeGreaterThan(0);
      const sent = smtp.messages.find((m) => m.to.includes(row.subscriber.email));
      expect(sent?.headers.get('message-id')).toBe(row.providerMessageId);
    }
  });
});
