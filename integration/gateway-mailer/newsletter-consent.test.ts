import { QUEUE_NAMES } from '@app/contracts';
import { createLogger } from '@app/logger';
import { digestWindow } from '@app/digest';
import { buildApp } from '@app/gateway';
import {
  confirm,
  type Gateway,
  insertTopic,
  letConfirmationIntervalPass,
  PUBLIC_URL,
  startGateway,
  TEST_UNSUBSCRIBE_SECRET,
  tokenFor,
  uniqueEmail,
} from '@app/gateway/testing';
import { createMailTransport, loadRecipient, type MailTransport, runDigestTick } from '@app/mailer';
import { createProducer, createQueueTransport } from '@app/queue';
import type { CapturedMail } from '@app/testing';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type MailDelivery, startMailDelivery } from '../support/mail-delivery.ts';

/**
 * Newsletter consent with the defaults (double opt-in), end to end: subscribe through the API, get the
 * confirmation email from the real mailer over SMTP, and let the mailer's digest tick decide who gets
 * a digest. Each test names the rule it guards; see services/gateway/test/security/README.md, "Newsletter consent".
 */
let gateway: Gateway;
let mailer: MailDelivery;
let digestTransport: MailTransport;
/** Addresses the SMTP server refuses with 550, as a mailbox that no longer exists would. */
const refused = new Set<string>();
let topics: { ai: { id: string }; eng: { id: string } };
const log = createLogger('consent-test', { level: 'silent' });

const DAY_ONE = '2026-11-20';
const DAY_TWO = '2026-11-21';

beforeAll(async () => {
  gateway = await startGateway();
  mailer = await startMailDelivery(gateway, {
    rejectRecipients: (address) => (refused.has(address) ? 550 : false),
  });
  digestTransport = createMailTransport(mailer.smtp.url);
  const prisma = gateway.db.prisma;
  topics = {
    ai: await insertTopic(prisma, 'AI Agents', 'AI 智能体'),
    eng: await insertTopic(prisma, 'Engineering', '工程'),
  };
  // Something new for both topics in both languages in the UTC digest window of each day.
  for (const date of [DAY_ONE, DAY_TWO]) {
    const createdAt = new Date(digestWindow(date, 'UTC').to.getTime() - 3600_000);
    await prisma.summary.createMany({
      data: [topics.ai, topics.eng].flatMap((topic) =>
        (['EN', 'ZH'] as const).map((language) => ({
          topicId: topic.id,
          language,
          summaryType: 'blog_post' as const,
          headline: `News ${language} ${date}`,
          content: 'Fresh.',
          createdAt,
        })),
      ),
    });
  }
});
afterAll(async () => {
  digestTransport?.close();
  await mailer?.close();
  await gateway?.close();
});

/** The scheduled 8 AM send, run for UTC subscribers at 08:05 UTC on `date`. */
async function runTick(date: string) {
  await runDigestTick({
    prisma: gateway.db.prisma,
    transport: digestTransport,
    from: 'Daily Curated <digest@app.test>',
    publicUrl: PUBLIC_URL,
    secret: TEST_UNSUBSCRIBE_SECRET,
    clock: () => new Date(`${date}T08:05:00Z`),
    log,
    leaseMs: 600_000,
    concurrency: 5,
    perTopic: 5,
    maxAttempts: 3,
  });
}

const isDigest = (email: string) => (m: CapturedMail) =>
  m.to.includes(email) && m.subject.toLowerCase().includes('digest') && !m.subject.includes('Confirm');
const digestsTo = (email: string) => mailer.smtp.messages.filter(isDigest(email));

function subscribe(payload: object, remoteAddress?: string, app = gateway.app) {
  return app.inject({
    method: 'POST',
    url: '/api/newsletter/subscriptions',
    payload,
    ...(remoteAddress ? { remoteAddress } : {}),
  });
}

const subscriberOf = (email: string) =>
  gateway.db.prisma.newsletterSubscriber.findUniqueOrThrow({
    where: { email },
    include: { subscriptions: { where: { enabled: true }, select: { topicId: true, language: true } } },
  });

/** Subscribes and uses the link of the confirmation email it brings (the nth to this address). */
async function subscribeAndConfirm(payload: { email: string; [key: string]: unknown }, nth = 1) {
  expect((await subscribe(payload)).statusCode).toBe(200);
  const { token } = await mailer.waitForConfirmation(payload.email, nth);
  const confirmed = await confirm(gateway, token);
  expect(confirmed.statusCode, confirmed.body).toBe(200);
}

describe('newsletter consent (double opt-in by default)', () => {
  it('no digest before the confirmation link is used; the link opens the web page', async () => {
    const email = uniqueEmail('consent');
    const response = await subscribe({ email, topic_ids: [topics.ai.id], language: 'en', timezone: 'UTC' });
    expect(response.json()).toEqual({ success: true, error: null, pending_confirmation: true });
    const { mail, url, token } = await mailer.waitForConfirmation(email);
    expect(mail.subject).toBe('Confirm your Daily Curated newsletter subscription');
    expect(url.startsWith(`${PUBLIC_URL}/newsletter/confirm?token=`)).toBe(true);

    await runTick(DAY_ONE);
    expect(digestsTo(email)).toHaveLength(0);
    // Nor through the admin's send or a send-digest job.
    const subscriber = await subscriberOf(email);
    expect(await loadRecipient(gateway.db.prisma, subscriber.id)).toBeNull();

    expect((await confirm(gateway, token)).statusCode).toBe(200);
    await runTick(DAY_ONE);
    expect(digestsTo(email)).toHaveLength(1);
  });

  it('an unsubscribed address comes back only through a fresh confirmation', async () => {
    const email = uniqueEmail('comeback');
    await subscribeAndConfirm({ email, topic_ids: [topics.ai.id], language: 'en', timezone: 'UTC' });
    const unsubscribeToken = await tokenFor(gateway.db.prisma, email);
    await gateway.app.inject({
      method: 'POST',
      url: `/api/newsletter/one-click?token=${encodeURIComponent(unsubscribeToken)}`,
    });
    expect((await subscriberOf(email)).status).toBe('unsubscribed');

    await letConfirmationIntervalPass(gateway.db.prisma, email);
    expect(
      (await subscribe({ email, topic_ids: [topics.ai.id], language: 'en', timezone: 'UTC' })).json(),
    ).toEqual({ success: true, error: null, pending_confirmation: true });
    const { token } = await mailer.waitForConfirmation(email, 2);
    const pending = await subscriberOf(email);
    expect(pending.status).toBe('unsubscribed');
    expect(pending.subscriptions).toEqual([]);
    expect(await loadRecipient(gateway.db.prisma, pending.id)).toBeNull();
    await runTick(DAY_ONE);
    expect(digestsTo(email)).toHaveLength(0);

    expect((await confirm(gateway, token)).statusCode).toBe(200);
    expect((await subscriberOf(email)).status).toBe('active');
    await runTick(DAY_ONE);
    expect(digestsTo(email)).toHaveLength(1);
  });

  it('a bounced address comes back only through a fresh confirmation', async () => {
    const email = uniqueEmail('bounced');
    await subscribeAndConfirm({ email, topic_ids: [topics.eng.id], language: 'en', timezone: 'UTC' });
    refused.add(email);
    await runTick(DAY_ONE);
    expect(mailer.smtp.rejected.some((r) => r.address === email && r.code === 550)).toBe(true);
    expect((await subscriberOf(email)).status).toBe('bouncing');
    refused.delete(email);

    await letConfirmationIntervalPass(gateway.db.prisma, email);
    await subscribe({ email, topic_ids: [topics.eng.id], language: 'en', timezone: 'UTC' });
    const { token } = await mailer.waitForConfirmation(email, 2);
    expect((await subscriberOf(email)).status).toBe('bouncing');
    await runTick(DAY_TWO);
    expect(digestsTo(email)).toHaveLength(0);

    expect((await confirm(gateway, token)).statusCode).toBe(200);
    await runTick(DAY_TWO);
    expect(digestsTo(email)).toHaveLength(1);
  });

  it('an anonymous subscribe call changes nothing of a subscriber until its link is used, then applies it', async () => {
    const email = uniqueEmail('victim');
    await subscribeAndConfirm({ email, topic_ids: [topics.ai.id], language: 'en', timezone: 'UTC' });
    const before = await subscriberOf(email);

    await letConfirmationIntervalPass(gateway.db.prisma, email);
    const response = await subscribe({
      email,
      topic_ids: [topics.eng.id],
      language: 'zh',
      timezone: 'Asia/Tokyo',
    });
    expect(response.json()).toEqual({ success: true, error: null, pending_confirmation: true });
    const { mail, url, token } = await mailer.waitForConfirmation(email, 2);
    expect(mail.subject).toBe('请确认订阅每日精选的每日摘要');
    expect(url.startsWith(`${PUBLIC_URL}/zh/newsletter/confirm?token=`)).toBe(true);
    const during = await subscriberOf(email);
    expect(during).toMatchObject({ language: 'EN', timeZone: 'UTC', status: 'active' });
    expect(during.subscriptions).toEqual([{ topicId: topics.ai.id, language: 'EN' }]);
    expect(during.confirmedAt).toEqual(before.confirmedAt);
    // The digest of the day is still the English one of the confirmed topic.
    await runTick(DAY_ONE);
    const digest = await mailer.smtp.waitForMessage(isDigest(email), 5_000);
    expect(digest.subject).toBe('Your Daily Curated digest for November 20, 2026');

    const confirmed = await confirm(gateway, token);
    expect(confirmed.json()).toMatchObject({
      language: 'zh',
      time_zone: 'Asia/Tokyo',
      topics: [{ id: topics.eng.id, name: '工程' }],
    });
    const after = await subscriberOf(email);
    expect(after).toMatchObject({ language: 'ZH', timeZone: 'Asia/Tokyo', status: 'active' });
    // The requested topic is added; the one not named stays as it was.
    expect(after.subscriptions).toHaveLength(2);
    expect(after.subscriptions).toEqual(
      expect.arrayContaining([
        { topicId: topics.ai.id, language: 'EN' },
        { topicId: topics.eng.id, language: 'ZH' },
      ]),
    );
  });

  it('sends one confirmation email per address per 10 minutes under parallel calls to two gateways', async () => {
    const email = uniqueEmail('flood');
    // A second gateway process on the same database and queue.
    const transport = createQueueTransport({
      ...gateway.transportOptions,
      redisUrl: gateway.config.REDIS_URL,
    });
    const producer = createProducer(transport);
    const second = await buildApp({
      config: gateway.config,
      prisma: gateway.db.prisma,
      producer,
      transport,
      logger: log,
    });
    await second.ready();
    try {
      const payload = { email, topic_ids: [topics.ai.id], language: 'en' };
      // Every call from its own address, so the per-address request limit is not what stops them.
      const responses = await Promise.all(
        Array.from({ length: 24 }, (_, i) =>
          subscribe(payload, `198.51.100.${i + 1}`, i % 2 === 0 ? gateway.app : second),
        ),
      );
      for (const response of responses) {
        expect(response.statusCode).toBe(200);
        expect(response.json()).toEqual({ success: true, error: null, pending_confirmation: true });
      }
      await mailer.waitForConfirmation(email);
      const subscriber = await subscriberOf(email);
      const jobs = await gateway.producer
        .queue(QUEUE_NAMES.digest)
        .getJobs(['waiting', 'delayed', 'active', 'completed', 'failed']);
      expect(
        jobs.filter(
          (j) => j.name === 'send-newsletter-confirmation' && j.data.subscriberId === subscriber.id,
        ),
      ).toHaveLength(1);
      // Calls keep coming a little later: still nothing more is sent.
      await Promise.all([subscribe(payload, '198.51.100.99'), subscribe(payload, '198.51.100.98', second)]);
      await new Promise((resolve) => setTimeout(resolve, 1_000));
      expect(mailer.confirmationsTo(email)).toHaveLength(1);

      // Ten minutes later the next call sends again.
      await letConfirmationIntervalPass(gateway.db.prisma, email);
      await subscribe(payload, '198.51.100.97', second);
      await mailer.waitForConfirmation(email, 2);
    } finally {
      await second.close();
      await producer.close();
      await transport.close();
    }
  });

  it('fetching the emailed link (GET, as a mail scanner does) changes nothing', async () => {
    const email = uniqueEmail('scanned');
    await subscribe({ email, topic_ids: [topics.ai.id], language: 'en', timezone: 'UTC' });
    const { url, token } = await mailer.waitForConfirmation(email);
    const path = url.replace(PUBLIC_URL, '');
    const api = `/api/newsletter/confirm?token=${encodeURIComponent(token)}`;
    for (const request of [
      { method: 'GET' as const, url: path },
      { method: 'HEAD' as const, url: path },
      { method: 'GET' as const, url: api },
      { method: 'HEAD' as const, url: api },
    ]) {
      const response = await gateway.app.inject(request);
      expect(response.statusCode, `${request.method} ${request.url}`).toBeLessThan(500);
      if (request.url === api) {
        expect(response.statusCode).toBe(303);
        expect(response.headers.location).toBe(url);
      }
    }
    const subscriber = await subscriberOf(email);
    expect(subscriber.confirmedAt).toBeNull();
    expect(subscriber.subscriptions).toEqual([]);
    const confirmation = await gateway.db.prisma.newsletterConfirmation.findUniqueOrThrow({
      where: { subscriberId: subscriber.id },
    });
    expect(confirmation.usedAt).toBeNull();
    await runTick(DAY_ONE);
    expect(digestsTo(email)).toHaveLength(0);
    // The page's POST still works afterwards.
    expect((await confirm(gateway, token)).statusCode).toBe(200);
  });
});
