import { digestWindow } from '@app/digest';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type Gateway, insertUser, startGateway, uniqueEmail } from '../support/gateway-harness.ts';
import { insertTopic, subscribeConfirmed, tokenFor } from './newsletter-support.ts';

// 'View in browser' names a digest that was sent (the subscriber's token and its date): it shows that
// digest, made of what it was made of when it went out, whatever the subscriber did since.

const DATE = '2026-11-20';
const SENT_AT = new Date('2026-11-20T08:01:00Z');

let gateway: Gateway;
let ai: { id: string };
let eng: { id: string };

beforeAll(async () => {
  gateway = await startGateway();
  ai = await insertTopic(gateway.db.prisma, 'AI Agents', 'AI 智能体');
  eng = await insertTopic(gateway.db.prisma, 'Engineering', '工程');
  // In the digest window of DATE in UTC and in Shanghai alike.
  const createdAt = new Date('2026-11-19T12:00:00Z');
  for (const zone of ['UTC', 'Asia/Shanghai']) {
    const window = digestWindow(DATE, zone);
    if (createdAt < window.from || createdAt >= window.to) throw new Error(`outside ${zone}'s window`);
  }
  const summary = (topicId: string, language: 'EN' | 'ZH', headline: string) => ({
    topicId,
    language,
    summaryType: 'blog_post' as const,
    headline,
    content: `${headline}.`,
    createdAt,
  });
  await gateway.db.prisma.summary.createMany({
    data: [
      summary(ai.id, 'EN', 'Agents learn to plan'),
      summary(eng.id, 'EN', 'Compilers get faster'),
      summary(ai.id, 'ZH', '智能体学会规划'),
      summary(eng.id, 'ZH', '编译器更快了'),
    ],
  });
});
afterAll(async () => {
  await gateway?.close();
});

/** A confirmed subscriber of both topics in UTC, and the view link of their digest of DATE. */
async function reader(language: 'en' | 'zh') {
  const email = uniqueEmail(`view-${language}`);
  await subscribeConfirmed(gateway, { email, topic_ids: [ai.id, eng.id], language, timezone: 'UTC' });
  const subscriber = await gateway.db.prisma.newsletterSubscriber.findUniqueOrThrow({ where: { email } });
  // Their subscriptions date from before the digest went out.
  await gateway.db.prisma.$executeRaw`
    UPDATE newsletter_subscriptions SET created_at = '2026-11-01T00:00:00Z', updated_at = '2026-11-01T00:00:00Z'
    WHERE subscriber_id = ${subscriber.id}::uuid`;
  const token = await tokenFor(gateway.db.prisma, email);
  const viewUrl = `/api/newsletter/digest?token=${encodeURIComponent(token)}&date=${DATE}`;
  return { subscriber, token, viewUrl };
}

const unsubscribeAll = (token: string) =>
  gateway.app.inject({ method: 'POST', url: '/api/newsletter/unsubscribe', payload: { token } });

describe("'view in browser' of a digest that was sent", () => {
  it('still shows it after the reader unsubscribed, as it was made (topics, language, zone)', async () => {
    const { subscriber, token, viewUrl } = await reader('en');
    // What the mailer recorded when it sent it: Chinese, AI only, in Shanghai's window.
    await gateway.db.prisma.emailDelivery.create({
      data: {
        subscriberId: subscriber.id,
        digestDate: new Date(`${DATE}T00:00:00Z`),
        status: 'sent',
        sentAt: SENT_AT,
        summaryCount: 1,
        topicIds: [ai.id],
        language: 'ZH',
        timeZone: 'Asia/Shanghai',
      },
    });
    expect((await unsubscribeAll(token)).json()).toMatchObject({ unsubscribedCount: 2, remainingCount: 0 });
    const page = await gateway.app.inject({ method: 'GET', url: viewUrl });
    expect(page.statusCode).toBe(200);
    expect(page.headers['content-type']).toBe('text/html; charset=utf-8');
    expect(page.body).toContain('lang="zh-CN"');
    expect(page.body).toContain('智能体学会规划');
    expect(page.body).not.toContain('编译器更快了');
    expect(page.body).not.toContain('Agents learn to plan');
    expect(page.body).toContain('Asia/Shanghai');
  });

  it('a digest sent before deliveries kept their contents shows the topics that were on when it went out', async () => {
    const { subscriber, token, viewUrl } = await reader('en');
    // AI was turned off before the send; Engineering stays on until the unsubscribe below.
    await gateway.db.prisma.$executeRaw`
      UPDATE newsletter_subscriptions SET enabled = false, updated_at = '2026-11-10T00:00:00Z'
      WHERE subscriber_id = ${subscriber.id}::uuid AND topic_id = ${ai.id}::uuid`;
    await gateway.db.prisma.emailDelivery.create({
      data: {
        subscriberId: subscriber.id,
        digestDate: new Date(`${DATE}T00:00:00Z`),
        status: 'sent',
        sentAt: SENT_AT,
        summaryCount: 1,
      },
    });
    expect((await unsubscribeAll(token)).json()).toMatchObject({ unsubscribedCount: 1, remainingCount: 0 });
    const page = await gateway.app.inject({ method: 'GET', url: viewUrl });
    expect(page.statusCode).toBe(200);
    expect(page.body).toContain('lang="en"');
    expect(page.body).toContain('Compilers get faster');
    expect(page.body).not.toContain('Agents learn to plan');
  });
});

describe("'view in browser' of a digest that follows My feed", () => {
  it('shows the followed source’s summaries, before the send and as sent after the reader unfollowed', async () => {
    const prisma = gateway.db.prisma;
    const source = await prisma.datasource.create({
      data: {
        topicId: eng.id,
        platform: 'blog',
        sourceName: 'Linker Weekly',
        sourceUrl: 'https://linkers.example/feed',
      },
    });
    await prisma.summary.create({
      data: {
        topicId: eng.id,
        datasourceId: source.id,
        language: 'EN',
        summaryType: 'blog_post',
        headline: 'Linkers get smaller',
        content: 'Linkers get smaller.',
        createdAt: new Date('2026-11-19T12:00:00Z'),
      },
    });
    const { subscriber, viewUrl } = await reader('en');
    const user = await insertUser(prisma, { email: subscriber.email });
    await prisma.userFollow.create({ data: { userId: user.id, datasourceId: source.id } });
    await prisma.newsletterSubscriber.update({
      where: { id: subscriber.id },
      data: { userId: user.id, followsMyFeed: true },
    });

    const shown = async () => {
      const page = await gateway.app.inject({ method: 'GET', url: viewUrl });
      expect(page.statusCode, page.body).toBe(200);
      expect(page.body).toContain('Linkers get smaller');
      expect(page.body).not.toContain('Compilers get faster');
      expect(page.body).not.toContain('Agents learn to plan');
    };
    // Not sent yet: what the mailer would send now.
    await shown();
    // Sent as the mailer records it; the reader stops following afterwards.
    await prisma.emailDelivery.create({
      data: {
        subscriberId: subscriber.id,
        digestDate: new Date(`${DATE}T00:00:00Z`),
        status: 'sent',
        sentAt: SENT_AT,
        summaryCount: 1,
        topicIds: [],
        datasourceIds: [source.id],
        language: 'EN',
        timeZone: 'UTC',
      },
    });
    await prisma.userFollow.deleteMany({ where: { userId: user.id } });
    await shown();
  });
});
