import {
  bearer,
  type Gateway,
  insertTopic,
  insertUser,
  login,
  PUBLIC_URL,
  startGateway,
  subscribeConfirmed,
  TEST_JWT_SECRET,
  uniqueEmail,
} from '@app/gateway/testing';
import { createLogger } from '@app/logger';
import { mailerConfigSchema, startService } from '@app/mailer';
import type { RunningService } from '@app/queue';
import { type SmtpCapture, startSmtpCapture, waitFor } from '@app/testing';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

/**
 * The admin's "send the digest to everyone due now": the count the confirmation shows, then the send
 * through the real mailer (in process, on the same clock), received over SMTP.
 * At 09:30 UTC the 8 AM of UTC and Tokyo has come, Los Angeles' has not.
 */
const NOW = new Date('2026-11-19T09:30:00Z');
const TODAY = '2026-11-19';

let gateway: Gateway;
let smtp: SmtpCapture;
let mailer: RunningService | undefined;
let adminToken: string;
let readerToken: string;
const due = { utc: uniqueEmail('utc'), tokyo: uniqueEmail('tokyo') };
const notDue = { la: uniqueEmail('la'), served: uniqueEmail('served') };

const call = (method: 'GET' | 'POST', url: string, token: string | null = adminToken) =>
  gateway.app.inject({
    method,
    url,
    headers: token ? bearer(token) : {},
    ...(method === 'POST' ? { payload: {} } : {}),
  });

beforeAll(async () => {
  gateway = await startGateway({}, { clock: () => NOW });
  smtp = await startSmtpCapture();
  const prisma = gateway.db.prisma;
  const admin = await insertUser(prisma, { email: uniqueEmail('admin'), role: 'admin' });
  const reader = await insertUser(prisma, { email: uniqueEmail('reader') });
  adminToken = (await login(gateway, admin.email)).accessToken;
  readerToken = (await login(gateway, reader.email)).accessToken;
  const topic = await insertTopic(prisma, 'AI Agents', 'AI 智能体');
  // Inside the UTC and the Tokyo windows of TODAY (the 24 hours up to each 8 AM).
  await prisma.summary.createMany({
    data: (['EN', 'ZH'] as const).map((language) => ({
      topicId: topic.id,
      language,
      summaryType: 'blog_post' as const,
      headline: language === 'EN' ? 'Agent frameworks ship tool calling' : '智能体框架的新进展',
      content: 'New releases this week.',
      sourceUrls: ['https://example.com/agents'],
      metadata: { source_name: 'Weekly' },
      createdAt: new Date('2026-11-18T12:00:00Z'),
    })),
  });
  const subscribe = (email: string, timezone: string, language: 'en' | 'zh' = 'en') =>
    subscribeConfirmed(gateway, { email, topic_ids: [topic.id], language, timezone });
  await subscribe(due.utc, 'UTC');
  await subscribe(due.tokyo, 'Asia/Tokyo', 'zh');
  await subscribe(notDue.la, 'America/Los_Angeles');
  await subscribe(notDue.served, 'UTC');
  const served = await prisma.newsletterSubscriber.findUniqueOrThrow({ where: { email: notDue.served } });
  await prisma.emailDelivery.create({
    data: {
      subscriberId: served.id,
      digestDate: new Date(`${TODAY}T00:00:00Z`),
      status: 'sent',
      sentAt: NOW,
    },
  });
});

afterAll(async () => {
  await mailer?.close();
  await smtp?.close();
  await gateway?.close();
});

describe('admin digest send to everyone due', () => {
  it('is admin-only', async () => {
    for (const [method, url] of [
      ['GET', '/api/admin/digest/due'],
      ['POST', '/api/admin/digest/send-due'],
    ] as const) {
      expect((await call(method, url, null)).statusCode).toBe(401);
      expect((await call(method, url, readerToken)).statusCode).toBe(403);
    }
  });

  it('refuses a body with unknown keys', async () => {
    const response = await gateway.app.inject({
      method: 'POST',
      url: '/api/admin/digest/send-due',
      headers: bearer(adminToken),
      payload: { everyone: true },
    });
    expect(response.statusCode).toBe(400);
  });

  it('counts who the send would mail: 8 AM passed, confirmed, not yet served today', async () => {
    const response = await call('GET', '/api/admin/digest/due');
    expect(response.statusCode).toBe(200);
    const body = response.json();
    expect(body.due_count).toBe(2);
    expect(body.zones).toEqual(
      expect.arrayContaining([
        { time_zone: 'UTC', date: TODAY, count: 1 },
        { time_zone: 'Asia/Tokyo', date: TODAY, count: 1 },
      ]),
    );
  });

  it('sends to exactly those, once, and the count drops to zero', async () => {
    mailer = await startService(
      mailerConfigSchema.parse({
        NODE_ENV: 'test',
        DATABASE_URL: gateway.db.url,
        REDIS_URL: gateway.transportOptions.redisUrl,
        HEALTH_PORT: '0',
        SMTP_URL: smtp.url,
        PUBLIC_URL,
        JWT_SECRET: TEST_JWT_SECRET,
        DIGEST_SCHEDULER: 'false',
      }),
      {
        prisma: gateway.db.prisma,
        prefix: gateway.transportOptions.prefix,
        logger: createLogger('mailer-test', { level: 'silent' }),
        clock: () => NOW,
      },
    );
    const response = await call('POST', '/api/admin/digest/send-due');
    expect(response.statusCode).toBe(202);
    expect(response.json()).toMatchObject({ due_count: 2, job_id: expect.any(String) });

    // The digests (confirmation emails queued by the subscriptions go out too): they carry the headline.
    const digestsTo = (email: string) =>
      smtp.messages.filter((m) => m.to.includes(email) && /Agent frameworks|智能体框架/.test(m.text));
    await waitFor(() => digestsTo(due.utc).length === 1 && digestsTo(due.tokyo).length === 1, {
      timeoutMs: 20_000,
    });
    expect(digestsTo(notDue.la)).toHaveLength(0);
    expect(digestsTo(notDue.served)).toHaveLength(0);
    expect((await call('GET', '/api/admin/digest/due')).json().due_count).toBe(0);
  });
});
