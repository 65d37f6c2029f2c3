import { QUEUE_NAMES } from '@app/contracts';
import { signConfirmationToken, signUnsubscribeToken } from '@app/digest';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type Gateway, startGateway, uniqueEmail } from '../support/gateway-harness.ts';
import {
  confirm,
  confirmationTokenFor,
  insertTopic,
  letConfirmationIntervalPass,
  subscribeConfirmed,
  TEST_UNSUBSCRIBE_SECRET,
  tamper,
  tamperMiddle,
  tokenFor,
} from './newsletter-support.ts';

let gateway: Gateway;
let ai: { id: string };
let eng: { id: string };
let indie: { id: string };

beforeAll(async () => {
  gateway = await startGateway();
  ai = await insertTopic(gateway.db.prisma, 'AI Agents', 'AI 智能体');
  eng = await insertTopic(gateway.db.prisma, 'Engineering', '工程');
  indie = await insertTopic(gateway.db.prisma, 'Indie Hackers', '独立开发');
});
afterAll(async () => {
  await gateway?.close();
});

const subscribe = (payload: unknown) =>
  gateway.app.inject({ method: 'POST', url: '/api/newsletter/subscriptions', payload: payload as object });

describe('POST /api/newsletter/subscriptions', () => {
  it('creates the subscriber (trimmed, lower-cased) unconfirmed, with the request kept for the confirmation', async () => {
    const email = uniqueEmail('Sub');
    const response = await subscribe({
      email: `  ${email.toUpperCase()} `,
      topic_ids: [ai.id, eng.id],
      language: 'zh',
      timezone: 'Asia/Tokyo',
    });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({ success: true, error: null, pending_confirmation: true });
    const row = await gateway.db.prisma.newsletterSubscriber.findUniqueOrThrow({
      where: { email: email.toLowerCase() },
      include: { subscriptions: true, confirmation: true },
    });
    expect(row).toMatchObject({
      language: 'ZH',
      timeZone: 'Asia/Tokyo',
      status: 'active',
      confirmedAt: null,
    });
    expect(row.unsubscribeToken.length).toBeGreaterThanOrEqual(30);
    expect(row.subscriptions).toEqual([]);
    expect(row.confirmation).toMatchObject({ language: 'ZH', timeZone: 'Asia/Tokyo', usedAt: null });
    expect(row.confirmation?.topicIds.sort()).toEqual([ai.id, eng.id].sort());

    expect(
      (await confirm(gateway, await confirmationTokenFor(gateway.db.prisma, row.email))).statusCode,
    ).toBe(200);
    const confirmed = await gateway.db.prisma.newsletterSubscriber.findUniqueOrThrow({
      where: { id: row.id },
      include: { subscriptions: true },
    });
    expect(confirmed.confirmedAt).not.toBeNull();
    expect(confirmed.subscriptions.map((s) => s.topicId).sort()).toEqual([ai.id, eng.id].sort());
  });

  it('confirming a second request adds its topics without duplicating, and keeps topics not named', async () => {
    const email = uniqueEmail('again');
    await subscribeConfirmed(gateway, { email, topic_ids: [ai.id], language: 'en' });
    await letConfirmationIntervalPass(gateway.db.prisma, email);
    await subscribeConfirmed(gateway, { email, topic_ids: [ai.id, indie.id, indie.id], language: 'zh' });
    const row = await gateway.db.prisma.newsletterSubscriber.findUniqueOrThrow({
      where: { email },
      include: { subscriptions: true },
    });
    expect(row.language).toBe('ZH');
    expect(row.timeZone).toBe('America/New_York');
    expect(row.subscriptions).toHaveLength(2);
    expect(await gateway.db.prisma.newsletterSubscriber.count({ where: { email } })).toBe(1);
  });

  it.each([
    [{ email: '   ', topic_ids: ['00000000-0000-4000-8000-000000000000'], language: 'en' }, 'email'],
    [{ email: 'a@example.com', topic_ids: [], language: 'en' }, 'topic_ids'],
    [{ email: 'not-an-email', topic_ids: ['00000000-0000-4000-8000-000000000000'] }, 'email'],
    [{ email: 'a@example.com', topic_ids: ['x'], language: 'en' }, 'topic_ids.0'],
    [
      { email: 'a@example.com', topic_ids: ['00000000-0000-4000-8000-000000000000'], language: 'fr' },
      'language',
    ],
    [
      { email: 'a@example.com', topic_ids: ['00000000-0000-4000-8000-000000000000'], timezone: 'Mars/Base' },
      'timezone',
    ],
  ])('rejects %j with a field error on %s', async (payload, field) => {
    const response = await subscribe(payload);
    expect(response.statusCode).toBe(400);
    expect(response.json().error.code).toBe('VALIDATION_FAILED');
    expect(Object.keys(response.json().error.fields)).toContain(field);
  });

  it('says the spec text when the email is empty or no topic is chosen', async () => {
    const response = await subscribe({ email: '', topic_ids: [], language: 'en' });
    expect(response.json().error.message).toBe('Please enter an email and select at least one topic');
  });

  it('rejects topics that do not exist, writing nothing', async () => {
    const email = uniqueEmail('ghost');
    const response = await subscribe({ email, topic_ids: ['00000000-0000-4000-8000-000000000000'] });
    expect(response.statusCode).toBe(400);
    expect(response.json().error.fields).toEqual({ topic_ids: 'One or more topics do not exist' });
    expect(await gateway.db.prisma.newsletterSubscriber.count({ where: { email } })).toBe(0);
  });
});

describe('unsubscribe with the signed token', () => {
  async function subscribed(topics = [ai.id, eng.id, indie.id], language = 'zh') {
    const email = uniqueEmail('unsub');
    await subscribeConfirmed(gateway, { email, topic_ids: topics, language });
    return { email, token: await tokenFor(gateway.db.prisma, email) };
  }

  it('lists the active subscriptions with localised topic names', async () => {
    const { token } = await subscribed();
    const response = await gateway.app.inject({
      method: 'GET',
      url: `/api/newsletter/unsubscribe?token=${encodeURIComponent(token)}&action=view`,
    });
    expect(response.statusCode).toBe(200);
    const body = response.json();
    expect(body).toMatchObject({ success: true, language: 'zh', time_zone: 'America/New_York' });
    expect(body.email).toMatch(/^u\*\*\*@example\.com$/);
    expect(body.subscriptions).toHaveLength(3);
    expect(body.subscriptions.find((s: { topic_id: string }) => s.topic_id === eng.id)).toMatchObject({
      topic_name: '工程',
      topic_name_zh: '工程',
      topic_name_en: 'Engineering',
      language: 'zh',
      enabled: true,
    });
  });

  it('removes one topic, then all, reporting counts; a repeat counts 0', async () => {
    const { email, token } = await subscribed();
    const one = await gateway.app.inject({
      method: 'POST',
      url: '/api/newsletter/unsubscribe',
      payload: { token, topic: eng.id },
    });
    expect(one.json()).toMatchObject({ success: true, unsubscribedCount: 1, remainingCount: 2 });
    const all = await gateway.app.inject({
      method: 'POST',
      url: '/api/newsletter/unsubscribe',
      payload: { token },
    });
    expect(all.json()).toMatchObject({ unsubscribedCount: 2, remainingCount: 0 });
    const again = await gateway.app.inject({
      method: 'POST',
      url: '/api/newsletter/unsubscribe',
      payload: { token },
    });
    expect(again.json()).toMatchObject({ unsubscribedCount: 0, remainingCount: 0 });
    const row = await gateway.db.prisma.newsletterSubscriber.findUniqueOrThrow({ where: { email } });
    expect(row.status).toBe('unsubscribed');
  });

  it('a tampered, forged or missing token gets 400 "Invalid unsubscribe link" and changes nothing', async () => {
    const { email, token } = await subscribed();
    const subscriber = await gateway.db.prisma.newsletterSubscriber.findUniqueOrThrow({ where: { email } });
    const forged = signUnsubscribeToken('some-other-secret-that-is-long-enough-000', subscriber);
    const otherNonce = signUnsubscribeToken(TEST_UNSUBSCRIBE_SECRET, {
      id: subscriber.id,
      unsubscribeToken: 'guess',
    });
    for (const bad of [
      tamper(token),
      tamperMiddle(token),
      forged,
      otherNonce,
      `${subscriber.id}`,
      'garbage-token-value',
    ]) {
      for (const request of [
        { method: 'POST' as const, url: '/api/newsletter/unsubscribe', payload: { token: bad } },
        { method: 'POST' as const, url: `/api/newsletter/one-click?token=${encodeURIComponent(bad)}` },
        {
          method: 'GET' as const,
          url: `/api/newsletter/unsubscribe?token=${encodeURIComponent(bad)}&action=view`,
        },
      ]) {
        const response = await gateway.app.inject(request);
        expect(response.statusCode, `${request.method} ${request.url}`).toBe(400);
        expect(response.json().error.message).toBe('Invalid unsubscribe link');
      }
    }
    const missing = await gateway.app.inject({
      method: 'GET',
      url: '/api/newsletter/unsubscribe?action=view',
    });
    expect(missing.statusCode).toBe(400);
    expect(
      await gateway.db.prisma.newsletterSubscription.count({
        where: { subscriberId: subscriber.id, enabled: true },
      }),
    ).toBe(3);
    expect(
      (await gateway.db.prisma.newsletterSubscriber.findUniqueOrThrow({ where: { email } })).status,
    ).toBe('active');
  });

  it('one-click (RFC 8058): a form POST without cookies or auth unsubscribes from everything, idempotently', async () => {
    const { email, token } = await subscribed([ai.id, indie.id], 'en');
    for (let i = 0; i < 2; i += 1) {
      const response = await gateway.app.inject({
        method: 'POST',
        url: `/api/newsletter/one-click?token=${encodeURIComponent(token)}`,
        headers: { 'content-type': 'application/x-www-form-urlencoded' },
        payload: 'List-Unsubscribe=One-Click',
      });
      expect(response.statusCode).toBe(200);
      expect(response.json()).toEqual({ success: true });
      expect(response.headers['set-cookie']).toBeUndefined();
    }
    const subscriber = await gateway.db.prisma.newsletterSubscriber.findUniqueOrThrow({
      where: { email },
      include: { subscriptions: true },
    });
    expect(subscriber.status).toBe('unsubscribed');
    expect(subscriber.subscriptions.every((s) => !s.enabled)).toBe(true);
  });

  it('subscribing again after unsubscribing needs the new confirmation, then turns the topic back on', async () => {
    const { email, token } = await subscribed([ai.id], 'en');
    await gateway.app.inject({ method: 'POST', url: '/api/newsletter/unsubscribe', payload: { token } });
    await letConfirmationIntervalPass(gateway.db.prisma, email);
    const again = await subscribe({ email, topic_ids: [ai.id], language: 'en' });
    expect(again.json()).toEqual({ success: true, error: null, pending_confirmation: true });
    const view = () =>
      gateway.app.inject({
        method: 'GET',
        url: `/api/newsletter/unsubscribe?token=${encodeURIComponent(token)}&action=view`,
      });
    expect((await view()).json().subscriptions).toHaveLength(0);
    expect(
      (await gateway.db.prisma.newsletterSubscriber.findUniqueOrThrow({ where: { email } })).status,
    ).toBe('unsubscribed');
    await confirm(gateway, await confirmationTokenFor(gateway.db.prisma, email));
    expect((await view()).json().subscriptions).toHaveLength(1);
  });
});

describe('double opt-in confirmation link', () => {
  it('subscribing queues the confirmation email; the POST with its token confirms once', async () => {
    const topic = await insertTopic(gateway.db.prisma, 'Startups', '创业');
    const email = uniqueEmail('optin');
    const response = await subscribe({ email, topic_ids: [topic.id], language: 'en' });
    expect(response.json()).toEqual({ success: true, error: null, pending_confirmation: true });
    const subscriber = await gateway.db.prisma.newsletterSubscriber.findUniqueOrThrow({ where: { email } });
    expect(subscriber.confirmedAt).toBeNull();
    const jobs = await gateway.producer.queue(QUEUE_NAMES.digest).getJobs(['waiting', 'delayed', 'active']);
    expect(
      jobs.some((j) => j.name === 'send-newsletter-confirmation' && j.data.subscriberId === subscriber.id),
    ).toBe(true);

    const token = await confirmationTokenFor(gateway.db.prisma, email);
    const first = await confirm(gateway, token);
    expect(first.statusCode).toBe(200);
    expect(first.json()).toEqual({
      success: true,
      email: expect.stringMatching(/^o\*\*\*@example\.com$/),
      language: 'en',
      time_zone: 'America/New_York',
      topics: [{ id: topic.id, name: 'Startups' }],
    });
    const after = await gateway.db.prisma.newsletterSubscriber.findUniqueOrThrow({ where: { email } });
    expect(after.confirmedAt).not.toBeNull();
    const second = await confirm(gateway, token);
    expect(second.statusCode).toBe(409);
    expect(second.json().error).toEqual({
      code: 'NEWSLETTER_LINK_USED',
      message: 'This confirmation link has already been used',
    });
  });

  it('rejects forged, tampered and unsubscribe tokens (400), expired ones (410), and bad bodies', async () => {
    const email = uniqueEmail('badlink');
    await subscribe({ email, topic_ids: [ai.id], language: 'en' });
    const token = await confirmationTokenFor(gateway.db.prisma, email);
    const confirmation = await gateway.db.prisma.newsletterConfirmation.findFirstOrThrow({
      where: { subscriber: { email } },
    });
    for (const bad of [
      tamper(token),
      tamperMiddle(token),
      signConfirmationToken('some-other-secret-that-is-long-enough-000', confirmation),
      // The unsubscribe token, in every digest, is no confirmation.
      await tokenFor(gateway.db.prisma, email),
      'garbage-token-value',
    ]) {
      const response = await confirm(gateway, bad);
      expect(response.statusCode, bad).toBe(400);
      expect(response.json().error).toEqual({
        code: 'NEWSLETTER_LINK_INVALID',
        message: 'Invalid confirmation link',
      });
    }
    for (const payload of [{}, { token: 42 }, { token, extra: true }]) {
      const response = await gateway.app.inject({ method: 'POST', url: '/api/newsletter/confirm', payload });
      expect(response.statusCode, JSON.stringify(payload)).toBe(400);
      expect(response.json().error.code).toBe('VALIDATION_FAILED');
    }
    await gateway.db.prisma.newsletterConfirmation.update({
      where: { id: confirmation.id },
      data: { expiresAt: new Date(Date.now() - 1000) },
    });
    const expired = await confirm(gateway, token);
    expect(expired.statusCode).toBe(410);
    expect(expired.json().error.code).toBe('NEWSLETTER_LINK_EXPIRED');
    const subscriber = await gateway.db.prisma.newsletterSubscriber.findUniqueOrThrow({ where: { email } });
    expect(subscriber.confirmedAt).toBeNull();
  });

  it('a newer request revokes the link of the older email', async () => {
    const email = uniqueEmail('newer');
    await subscribe({ email, topic_ids: [ai.id], language: 'en' });
    const older = await confirmationTokenFor(gateway.db.prisma, email);
    await letConfirmationIntervalPass(gateway.db.prisma, email);
    await subscribe({ email, topic_ids: [eng.id], language: 'en' });
    expect((await confirm(gateway, older)).json().error.code).toBe('NEWSLETTER_LINK_INVALID');
    const newer = await confirm(gateway, await confirmationTokenFor(gateway.db.prisma, email));
    expect(newer.json().topics).toEqual([{ id: eng.id, name: 'Engineering' }]);
  });
});

describe('single opt-in (NEWSLETTER_DOUBLE_OPT_IN=false)', () => {
  let single: Gateway;
  beforeAll(async () => {
    single = await startGateway({ NEWSLETTER_DOUBLE_OPT_IN: 'false' });
  });
  afterAll(async () => {
    await single?.close();
  });

  it('subscribes a new address at once, but changes to it still need a confirmation', async () => {
    const topic = await insertTopic(single.db.prisma, 'Startups', '创业');
    const other = await insertTopic(single.db.prisma, 'Design', '设计');
    const email = uniqueEmail('single');
    const post = (payload: object) =>
      single.app.inject({ method: 'POST', url: '/api/newsletter/subscriptions', payload });
    const first = await post({ email, topic_ids: [topic.id], language: 'en' });
    expect(first.json()).toEqual({ success: true, error: null, pending_confirmation: false });
    const row = await single.db.prisma.newsletterSubscriber.findUniqueOrThrow({
      where: { email },
      include: { subscriptions: true },
    });
    expect(row.confirmedAt).not.toBeNull();
    expect(row.subscriptions.map((s) => s.topicId)).toEqual([topic.id]);

    const second = await post({ email, topic_ids: [other.id], language: 'zh' });
    expect(second.json()).toEqual({ success: true, error: null, pending_confirmation: true });
    const unchanged = await single.db.prisma.newsletterSubscriber.findUniqueOrThrow({
      where: { email },
      include: { subscriptions: true },
    });
    expect(unchanged.language).toBe('EN');
    expect(unchanged.subscriptions.map((s) => s.topicId)).toEqual([topic.id]);
  });
});
