import { digestWindow } from '@app/digest';
import {
  bearer,
  type Gateway,
  insertTopic,
  insertUser,
  login,
  PUBLIC_URL,
  startGateway,
  subscribeConfirmed,
  TEST_UNSUBSCRIBE_SECRET,
  uniqueEmail,
} from '@app/gateway/testing';
import { createLogger } from '@app/logger';
import { type Clock, createMailTransport, type MailTransport, runDigestTick } from '@app/mailer';
import type { RunningService } from '@app/queue';
import { type CapturedMail, type SmtpCapture, startSmtpCapture } from '@app/testing';
import { localDateTime } from '@app/time';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startMailer } from '../support/mail-delivery.ts';

/**
 * The digest end to end: subscribe through the API, let the mailer's scheduled tick run on a clock
 * the test moves, receive the email over real SMTP, and act on its links through the gateway.
 */
let gateway: Gateway;
let smtp: SmtpCapture;
let mailTransport: MailTransport;
let now = new Date('2026-11-19T15:00:00Z');
const clock: Clock = () => now;
const log = createLogger('digest-test', { level: 'silent' });
let topics: { ai: { id: string }; eng: { id: string } };

beforeAll(async () => {
  gateway = await startGateway();
  smtp = await startSmtpCapture();
  mailTransport = createMailTransport(smtp.url);
  const prisma = gateway.db.prisma;
  topics = {
    ai: await insertTopic(prisma, 'AI Agents', 'AI 智能体'),
    eng: await insertTopic(prisma, 'Engineering', '工程'),
  };
  // Inside both subscribers' windows (Tokyo: to 2026-11-19 23:00Z, Los Angeles: to 16:00Z).
  const createdAt = new Date('2026-11-19T12:00:00Z');
  // Two outlets reported the Postgres release: one story, one entry in the digest.
  const release = await prisma.story.create({
    data: {
      headline: 'Postgres 18 ships async I/O',
      language: 'EN',
      summaryCount: 2,
      firstSeenAt: new Date('2026-11-19T11:00:00Z'),
      lastSeenAt: createdAt,
    },
  });
  await prisma.summary.createMany({
    data: [
      {
        topicId: topics.ai.id,
        language: 'ZH',
        summaryType: 'blog_post',
        headline: '智能体框架的新进展',
        content: '**本周**，多个开源智能体框架发布了新版本，重点改进了工具调用。',
        sourceUrls: ['https://example.com/zh-agents'],
        metadata: { source_name: '机器之心' },
        createdAt,
      },
      {
        topicId: topics.eng.id,
        language: 'EN',
        summaryType: 'blog_post',
        headline: 'Postgres 18 ships async I/O',
        content: 'The new release brings **asynchronous I/O** and faster vacuum.',
        sourceUrls: ['https://example.com/pg18'],
        metadata: { source_name: 'Postgres Weekly' },
        storyId: release.id,
        createdAt,
      },
      {
        topicId: topics.eng.id,
        language: 'EN',
        summaryType: 'blog_post',
        headline: 'PostgreSQL 18 released with asynchronous reads',
        content: 'Version 18 is out.',
        sourceUrls: ['https://news.example/pg18-out'],
        metadata: { source_name: 'DB News' },
        storyId: release.id,
        createdAt: new Date('2026-11-19T11:00:00Z'),
      },
      {
        // Outside every window: must never appear.
        topicId: topics.eng.id,
        language: 'EN',
        summaryType: 'blog_post',
        headline: 'Old news from last week',
        content: 'Stale.',
        createdAt: new Date('2026-11-10T12:00:00Z'),
      },
    ],
  });
});
afterAll(async () => {
  mailTransport?.close();
  await smtp?.close();
  await gateway?.close();
});

const deps = () => ({
  prisma: gateway.db.prisma,
  transport: mailTransport,
  from: 'Daily Curated <digest@app.test>',
  publicUrl: PUBLIC_URL,
  secret: TEST_UNSUBSCRIBE_SECRET,
  clock,
  log,
  leaseMs: 600_000,
  concurrency: 5,
  perTopic: 5,
  maxAttempts: 5,
});

/** Subscribes through the API and uses the confirmation link: only confirmed subscribers get digests. */
async function subscribe(email: string, topicIds: string[], language: 'en' | 'zh', timezone: string) {
  await subscribeConfirmed(gateway, { email, topic_ids: topicIds, language, timezone });
}

/** A header as sent (mailparser folds the List-* headers into a structure of its own). */
function header(mail: CapturedMail, name: string): string {
  const head = mail.raw.toString('utf8').split(/\r?\n\r?\n/)[0] ?? '';
  const unfolded = head.replace(/\r?\n[ \t]+/g, ' ');
  const line = unfolded.split(/\r?\n/).find((l) => l.toLowerCase().startsWith(`${name.toLowerCase()}:`));
  return line ? line.slice(name.length + 1).trim() : '';
}
const pathOf = (url: string) => url.replace(PUBLIC_URL, '');

describe('the 8 AM digest in each subscriber’s own time zone', () => {
  const tokyo = uniqueEmail('tokyo');
  const la = uniqueEmail('la');
  const firstSeen = new Map<string, Date>();

  it('sends exactly one digest to each at their own 8 AM as the clock crosses a day', async () => {
    await subscribe(tokyo, [topics.ai.id], 'zh', 'Asia/Tokyo');
    await subscribe(la, [topics.eng.id, topics.ai.id], 'en', 'America/Los_Angeles');
    const end = new Date('2026-11-20T15:00:00Z');
    for (; now <= end; now = new Date(now.getTime() + 10 * 60_000)) {
      await runDigestTick(deps());
      for (const mail of smtp.messages) {
        const to = mail.to[0] as string;
        if (!firstSeen.has(to)) firstSeen.set(to, now);
      }
    }
    const count = (email: string) => smtp.messages.filter((m) => m.to.includes(email)).length;
    expect(count(tokyo)).toBe(1);
    expect(count(la)).toBe(1);
    // 8 AM in Tokyo (UTC+9) is 23:00 UTC the day before; in Los Angeles (UTC-8 in November) 16:00 UTC.
    expect(firstSeen.get(tokyo)?.toISOString()).toBe('2026-11-19T23:00:00.000Z');
    expect(firstSeen.get(la)?.toISOString()).toBe('2026-11-19T16:00:00.000Z');

    const rows = await gateway.db.prisma.emailDelivery.findMany({
      where: { subscriber: { email: { in: [tokyo, la] } } },
      include: { subscriber: true },
    });
    expect(
      rows.map((r) => [r.subscriber.email, r.digestDate.toISOString().slice(0, 10), r.status]).sort(),
    ).toEqual(
      [
        [la, '2026-11-19', 'sent'],
        [tokyo, '2026-11-20', 'sent'],
      ].sort(),
    );
    expect(rows.every((r) => r.providerMessageId && r.providerResponse?.startsWith('250'))).toBe(true);
  });

  it('the Chinese digest arrives intact: subject, HTML and text', async () => {
    const mail = await smtp.waitForMessage((m) => m.to.includes(tokyo));
    expect(mail.subject).toBe('每日精选摘要 · 2026年11月20日');
    expect(mail.html).toContain('智能体框架的新进展');
    expect(mail.html).toContain('AI 智能体');
    expect(mail.html).toContain('lang="zh-CN"');
    expect(mail.text).toContain('本周，多个开源智能体框架发布了新版本');
    expect(mail.text).toContain(`${PUBLIC_URL}/zh/topics/${topics.ai.id}`);
    expect(mail.text).toContain(`在每日精选阅读: ${PUBLIC_URL}/zh/content-summary?summary=`);
    expect(mail.text).not.toContain('Postgres');
  });

  it('the English digest has both topics, links to the site, and not the stale summary', async () => {
    const mail = await smtp.waitForMessage((m) => m.to.includes(la));
    expect(mail.subject).toBe('Your Daily Curated digest for November 19, 2026');
    // The LA subscriber reads English: the Chinese-only topic has nothing for them today.
    expect(mail.html).toContain('Postgres 18 ships async I/O');
    expect(mail.html).not.toContain('Old news');
    // The release two outlets reported is one entry that names both.
    expect(mail.html).not.toContain('PostgreSQL 18 released');
    expect(mail.html).toMatch(
      /Covered by: <a href="https:\/\/example\.com\/pg18"[^>]*>Postgres Weekly<\/a>, <a href="https:\/\/news\.example\/pg18-out"[^>]*>DB News<\/a>/,
    );
    expect(mail.text).toContain('  Covered by:\n  - Postgres Weekly: https://example.com/pg18\n  - DB News:');
    expect(mail.text).not.toContain('PostgreSQL 18 released');
    expect(mail.html).toContain(`${PUBLIC_URL}/topics/${topics.eng.id}`);
    expect(mail.html).toContain('View in browser');
    expect(mail.text).toMatch(new RegExp(`${PUBLIC_URL}/unsubscribe\\?token=\\S+&action=view`));
  });

  it('records with each sent digest what it was made of: topics, language and zone', async () => {
    const rows = await gateway.db.prisma.emailDelivery.findMany({
      where: { subscriber: { email: { in: [tokyo, la] } } },
      include: { subscriber: true },
    });
    const made = Object.fromEntries(
      rows.map((r) => [r.subscriber.email, [r.language, [...r.topicIds].sort(), r.timeZone]]),
    );
    expect(made).toEqual({
      [tokyo]: ['ZH', [topics.ai.id], 'Asia/Tokyo'],
      [la]: ['EN', [topics.ai.id, topics.eng.id].sort(), 'America/Los_Angeles'],
    });
  });

  it('the one-click URL opened in a browser shows a page in the reader’s language and changes nothing', async () => {
    for (const [email, lang, button] of [
      [tokyo, 'zh-CN', '退订'],
      [la, 'en', 'Unsubscribe'],
    ] as const) {
      const mail = await smtp.waitForMessage((m) => m.to.includes(email));
      const oneClick = header(mail, 'list-unsubscribe').match(/<(https?:\/\/[^>]+)>/)?.[1];
      const page = await gateway.app.inject({
        method: 'GET',
        url: pathOf(oneClick!),
        headers: { accept: 'text/html' },
      });
      expect(page.statusCode).toBe(200);
      expect(page.headers['content-type']).toBe('text/html; charset=utf-8');
      expect(page.body).toContain(`<html lang="${lang}">`);
      expect(page.body).toMatch(
        new RegExp(`<form method="post">[\\s\\S]*<button type="submit">${button}</button>`),
      );
      const subscriber = await gateway.db.prisma.newsletterSubscriber.findUniqueOrThrow({
        where: { email },
        include: { subscriptions: true },
      });
      expect(subscriber.status).toBe('active');
      expect(subscriber.subscriptions.every((s) => s.enabled)).toBe(true);
    }
  });

  it('has List-Unsubscribe and List-Unsubscribe-Post, and a POST to the one-click URL unsubscribes', async () => {
    const mail = await smtp.waitForMessage((m) => m.to.includes(la));
    expect(header(mail, 'list-unsubscribe-post')).toBe('List-Unsubscribe=One-Click');
    const listUnsubscribe = header(mail, 'list-unsubscribe');
    const oneClick = listUnsubscribe.match(/<(https?:\/\/[^>]+)>/)?.[1];
    expect(oneClick).toMatch(new RegExp(`^${PUBLIC_URL}/api/newsletter/one-click\\?token=`));
    const response = await gateway.app.inject({
      method: 'POST',
      url: pathOf(oneClick!),
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      payload: 'List-Unsubscribe=One-Click',
    });
    expect(response.statusCode).toBe(200);
    const subscriber = await gateway.db.prisma.newsletterSubscriber.findUniqueOrThrow({
      where: { email: la },
    });
    expect(subscriber.status).toBe('unsubscribed');
  });

  it("'view in browser' shows the same digest", async () => {
    const mail = await smtp.waitForMessage((m) => m.to.includes(tokyo));
    const viewUrl = mail.text.match(/https?:\/\/\S+\/api\/newsletter\/digest\?\S+/)?.[0];
    const response = await gateway.app.inject({ method: 'GET', url: pathOf(viewUrl!) });
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toContain('text/html');
    expect(response.body).toContain('智能体框架的新进展');
    expect(response.body).toContain('/zh/unsubscribe?token=');
    const tampered = await gateway.app.inject({ method: 'GET', url: `${pathOf(viewUrl!)}x` });
    expect(tampered.statusCode).toBe(400);
  });

  it('the emailed manage and unsubscribe links work through the API: view, one topic, all', async () => {
    const mail = await smtp.waitForMessage((m) => m.to.includes(tokyo));
    const manage = mail.text.match(/\S+\/unsubscribe\?token=(\S+)&action=view/);
    const token = decodeURIComponent(manage?.[1] ?? '');
    const view = await gateway.app.inject({
      method: 'GET',
      url: `/api/newsletter/unsubscribe?token=${encodeURIComponent(token)}&action=view`,
    });
    expect(view.json().subscriptions.map((s: { topic_name: string }) => s.topic_name)).toEqual(['AI 智能体']);
    const one = await gateway.app.inject({
      method: 'POST',
      url: '/api/newsletter/unsubscribe',
      payload: { token, topic: topics.ai.id },
    });
    expect(one.json()).toMatchObject({ unsubscribedCount: 1, remainingCount: 0 });
  });

  it("'view in browser' still shows a sent digest after its reader unsubscribed", async () => {
    for (const [email, headline] of [
      [tokyo, '智能体框架的新进展'],
      [la, 'Postgres 18 ships async I/O'],
    ] as const) {
      const subscriber = await gateway.db.prisma.newsletterSubscriber.findUniqueOrThrow({ where: { email } });
      expect(subscriber.status).toBe('unsubscribed');
      const mail = await smtp.waitForMessage((m) => m.to.includes(email));
      const viewUrl = mail.text.match(/https?:\/\/\S+\/api\/newsletter\/digest\?\S+/)?.[0];
      const response = await gateway.app.inject({ method: 'GET', url: pathOf(viewUrl!) });
      expect(response.statusCode, email).toBe(200);
      expect(response.headers['content-type']).toContain('text/html');
      expect(response.body).toContain(headline);
    }
  });

  it('a quiet day (nothing new for the topics) sends nothing and records a skip', async () => {
    const quiet = uniqueEmail('quiet');
    const lonely = await insertTopic(gateway.db.prisma, 'Lonely', '冷门');
    await subscribe(quiet, [lonely.id], 'en', 'Europe/London');
    const before = smtp.messages.length;
    await runDigestTick(deps());
    await runDigestTick(deps());
    expect(smtp.messages.length).toBe(before);
    const row = await gateway.db.prisma.emailDelivery.findFirstOrThrow({
      where: { subscriber: { email: quiet } },
    });
    expect(row.status).toBe('skipped');
  });
});

describe('admin digest tools', () => {
  let mailer: RunningService;
  let adminToken: string;
  let userToken: string;

  beforeAll(async () => {
    mailer = await startMailer(gateway, smtp.url);
    const admin = await insertUser(gateway.db.prisma, { email: uniqueEmail('admin'), role: 'admin' });
    const user = await insertUser(gateway.db.prisma, { email: uniqueEmail('user') });
    adminToken = (await login(gateway, admin.email)).accessToken;
    userToken = (await login(gateway, user.email)).accessToken;
    // Something new for today in every zone.
    await gateway.db.prisma.summary.create({
      data: {
        topicId: topics.eng.id,
        language: 'EN',
        summaryType: 'blog_post',
        headline: 'Fresh engineering news',
        content: 'Today, fresh.',
        // In the window of today's digest (the 24 hours before 8 AM UTC), whatever the hour now.
        createdAt: new Date(
          digestWindow(localDateTime(new Date(), 'UTC').date, 'UTC').to.getTime() - 3600_000,
        ),
      },
    });
  });
  afterAll(async () => {
    await mailer?.close();
  });

  it('previews the digest of a language and topic set, and refuses non-admins', async () => {
    const payload = {
      language: 'en',
      topic_ids: [topics.eng.id],
      timezone: 'America/Los_Angeles',
      date: '2026-11-19',
    };
    const response = await gateway.app.inject({
      method: 'POST',
      url: '/api/admin/digest/preview',
      headers: bearer(adminToken),
      payload,
    });
    expect(response.statusCode).toBe(200);
    // Two summaries of one story: the digest counts one entry.
    expect(response.json()).toMatchObject({ digest_date: '2026-11-19', summary_count: 1, would_send: true });
    expect(response.json().html).toContain('Postgres 18 ships async I/O');
    const denied = await gateway.app.inject({
      method: 'POST',
      url: '/api/admin/digest/preview',
      headers: bearer(userToken),
      payload,
    });
    expect(denied.statusCode).toBe(403);
    const bad = await gateway.app.inject({
      method: 'POST',
      url: '/api/admin/digest/preview',
      headers: bearer(adminToken),
      payload: { language: 'fr', topic_ids: [] },
    });
    expect(bad.statusCode).toBe(400);
  });

  it("sends today's digest to one subscriber now, recorded once; a second send does not send again", async () => {
    const email = uniqueEmail('now');
    await subscribe(email, [topics.eng.id], 'en', 'UTC');
    const send = () =>
      gateway.app.inject({
        method: 'POST',
        url: '/api/admin/digest/send',
        headers: bearer(adminToken),
        payload: { email },
      });
    const first = await send();
    expect(first.statusCode).toBe(200);
    expect(first.json()).toMatchObject({ status: 'sent', summary_count: 1 });
    // The mailer here also sends the address its confirmation email: only digests count.
    const digestTo = (m: CapturedMail) => m.to.includes(email) && m.subject.includes('digest');
    const mail = await smtp.waitForMessage(digestTo);
    expect(mail.html).toContain('Fresh engineering news');
    expect(header(mail, 'list-unsubscribe-post')).toBe('List-Unsubscribe=One-Click');
    const second = await send();
    expect(second.json()).toMatchObject({ status: 'sent' });
    expect(smtp.messages.filter(digestTo)).toHaveLength(1);
    expect(await gateway.db.prisma.emailDelivery.count({ where: { subscriber: { email } } })).toBe(1);

    const missing = await gateway.app.inject({
      method: 'POST',
      url: '/api/admin/digest/send',
      headers: bearer(adminToken),
      payload: { email: 'nobody@example.com' },
    });
    expect(missing.statusCode).toBe(404);
  });
});
