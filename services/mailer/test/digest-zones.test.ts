import { createTestDatabase, type SmtpCapture, startSmtpCapture, type TestDatabase } from '@app/testing';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { runDigestTick } from '../src/digest/run-digest-tick.ts';
import type { DigestDeps } from '../src/digest/send-digests.ts';
import { createMailTransport, type MailTransport } from '../src/mail-transport.ts';
import {
  insertSubscribers,
  insertSummaries,
  insertTopics,
  testDigestDeps,
} from './support/digest-fixtures.ts';

// A reader picks their own IANA zone, not only one of the summaries' 13: the scheduled tick sends at
// 8 AM there, and the digest's footer says when and in which zone it comes.

describe('the digest in a zone of the reader’s choosing', () => {
  let db: TestDatabase;
  let smtp: SmtpCapture;
  let transport: MailTransport;
  let now = new Date();

  beforeAll(async () => {
    db = await createTestDatabase();
    smtp = await startSmtpCapture();
    transport = createMailTransport(smtp.url);
  });
  afterAll(async () => {
    transport?.close();
    await smtp?.close();
    await db?.drop();
  });

  const deps = (): DigestDeps => testDigestDeps({ prisma: db.prisma, transport, clock: () => now });

  it('Asia/Kolkata (UTC+5:30, none of the 13): nothing at 7:59 there, the digest at 8:00', async () => {
    const topicIds = (await insertTopics(db.prisma, 1)).map((topic) => topic.id);
    // 8 AM on 20 November in Kolkata is 02:30 UTC.
    await insertSummaries(db.prisma, topicIds, '2026-11-20', 'Asia/Kolkata');
    const [english, chinese] = await insertSubscribers(db.prisma, {
      count: 2,
      timeZone: 'Asia/Kolkata',
      topicIds,
      label: 'kolkata',
    });

    now = new Date('2026-11-20T02:29:00Z');
    expect((await runDigestTick(deps())).sent).toBe(0);
    expect(smtp.messages.filter((m) => m.to[0]?.startsWith('kolkata-'))).toHaveLength(0);

    now = new Date('2026-11-20T02:30:00Z');
    expect((await runDigestTick(deps())).sent).toBe(2);
    const mailTo = (email: string) => smtp.messages.find((m) => m.to.includes(email))!;
    const en = mailTo(english!);
    expect(en.subject).toContain('November 20, 2026');
    expect(en.text).toContain('every day at 8 AM, Asia/Kolkata');
    expect(en.html).toContain('every day at 8 AM, Asia/Kolkata');
    const zh = mailTo(chinese!);
    expect(zh.subject).toBe('每日精选摘要 · 2026年11月20日');
    expect(zh.text).toContain('您每天上午 8 点（Asia/Kolkata）收到此邮件');
    expect(zh.html).toContain('上午 8 点（Asia/Kolkata）');
    for (const part of [zh.subject, zh.text, zh.html]) expect(part).not.toContain('Daily Curated');
    expect(zh.html).toContain('每日精选');
    // Once per local date: a later tick the same day sends nothing more.
    now = new Date('2026-11-20T09:00:00Z');
    expect((await runDigestTick(deps())).sent).toBe(0);
  });

  it('zones that share one render still each read their own zone', async () => {
    const topicIds = (await insertTopics(db.prisma, 1)).map((topic) => topic.id);
    // In November London is at UTC+0 like Reykjavik: one window, one render for both.
    await insertSummaries(db.prisma, topicIds, '2026-11-21', 'UTC');
    const [london] = await insertSubscribers(db.prisma, {
      count: 1,
      timeZone: 'Europe/London',
      topicIds,
      label: 'london',
    });
    const [reykjavik] = await insertSubscribers(db.prisma, {
      count: 1,
      timeZone: 'Atlantic/Reykjavik',
      topicIds,
      label: 'reykjavik',
    });
    now = new Date('2026-11-21T08:05:00Z');
    expect((await runDigestTick(deps())).sent).toBeGreaterThanOrEqual(2);
    const text = (email: string) => smtp.messages.find((m) => m.to.includes(email))!.text;
    expect(text(london!)).toContain('8 AM, Europe/London');
    expect(text(reykjavik!)).toContain('8 AM, Atlantic/Reykjavik');
    expect(text(reykjavik!)).not.toContain('Europe/London');
  });
});
