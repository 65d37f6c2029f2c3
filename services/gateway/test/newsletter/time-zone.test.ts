import { NEWSLETTER_MESSAGES } from '@app/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type Gateway, startGateway, uniqueEmail } from '../support/gateway-harness.ts';
import {
  confirm,
  confirmationTokenFor,
  insertTopic,
  subscribeConfirmed,
  tamper,
  tokenFor,
} from './newsletter-support.ts';

// The digest's zone is the reader's own IANA zone, not only one of the summaries' 13: chosen at sign-up
// and on the management page, checked by the server (an unknown zone is a 400 that says so).

let gateway: Gateway;
let topicId: string;

beforeAll(async () => {
  gateway = await startGateway();
  topicId = (await insertTopic(gateway.db.prisma, 'Zones', '时区')).id;
});
afterAll(async () => {
  await gateway?.close();
});

const post = (url: string, payload: unknown) =>
  gateway.app.inject({ method: 'POST', url, payload: payload as object });
const subscribe = (payload: object) =>
  post('/api/newsletter/subscriptions', { topic_ids: [topicId], language: 'en', ...payload });

describe('the zone at sign-up', () => {
  it('takes any IANA zone, spelled as the zone database spells it, and the confirmation applies it', async () => {
    for (const [given, stored] of [
      ['Asia/Kolkata', 'Asia/Kolkata'],
      ['  america/sao_paulo ', 'America/Sao_Paulo'],
    ]) {
      const email = uniqueEmail('zone');
      const response = await subscribe({ email, timezone: given });
      expect(response.statusCode, response.body).toBe(200);
      const confirmed = await confirm(gateway, await confirmationTokenFor(gateway.db.prisma, email));
      expect(confirmed.json()).toMatchObject({ success: true, time_zone: stored });
      const row = await gateway.db.prisma.newsletterSubscriber.findUniqueOrThrow({ where: { email } });
      expect(row.timeZone).toBe(stored);
    }
  });

  it.each(['Mars/Base', '+08:00', '', 'Asia/Shanghai; DROP TABLE', 'x'.repeat(300), 42])(
    'refuses %j with a 400 that names the problem',
    async (timezone) => {
      const response = await subscribe({ email: uniqueEmail('bad-zone'), timezone });
      expect(response.statusCode).toBe(400);
      expect(response.json().error).toEqual({
        code: 'VALIDATION_FAILED',
        message: NEWSLETTER_MESSAGES.unknownTimeZone,
        fields: { timezone: NEWSLETTER_MESSAGES.unknownTimeZone },
      });
    },
  );
});

describe('POST /api/newsletter/preferences (the management page)', () => {
  async function subscriber() {
    const email = uniqueEmail('prefs');
    await subscribeConfirmed(gateway, { email, topic_ids: [topicId], timezone: 'Asia/Tokyo' });
    return { email, token: await tokenFor(gateway.db.prisma, email) };
  }

  it('changes the zone of the token’s subscriber, and the management list shows it', async () => {
    const { email, token } = await subscriber();
    const response = await post('/api/newsletter/preferences', { token, time_zone: 'Europe/Berlin' });
    expect(response.statusCode, response.body).toBe(200);
    expect(response.json()).toEqual({ success: true, time_zone: 'Europe/Berlin', follows_my_feed: false });
    const row = await gateway.db.prisma.newsletterSubscriber.findUniqueOrThrow({ where: { email } });
    expect(row.timeZone).toBe('Europe/Berlin');
    const view = await gateway.app.inject({
      method: 'GET',
      url: `/api/newsletter/unsubscribe?token=${encodeURIComponent(token)}&action=view`,
    });
    expect(view.json().time_zone).toBe('Europe/Berlin');
  });

  it('an unknown zone is a 400 with the message, and nothing changes', async () => {
    const { email, token } = await subscriber();
    const response = await post('/api/newsletter/preferences', { token, time_zone: 'Europe/Atlantis' });
    expect(response.statusCode).toBe(400);
    expect(response.json().error).toMatchObject({
      code: 'VALIDATION_FAILED',
      message: NEWSLETTER_MESSAGES.unknownTimeZone,
      fields: { time_zone: NEWSLETTER_MESSAGES.unknownTimeZone },
    });
    const row = await gateway.db.prisma.newsletterSubscriber.findUniqueOrThrow({ where: { email } });
    expect(row.timeZone).toBe('Asia/Tokyo');
  });

  it('a forged or missing token, a missing zone or an extra field is a 400, never a 500', async () => {
    const { token } = await subscriber();
    const forged = await post('/api/newsletter/preferences', { token: tamper(token), time_zone: 'UTC' });
    expect(forged.statusCode).toBe(400);
    expect(forged.json().error.message).toBe(NEWSLETTER_MESSAGES.invalidUnsubscribeLink);
    for (const payload of [{ time_zone: 'UTC' }, { token }, { token, time_zone: 'UTC', email: 'x@y.z' }]) {
      expect((await post('/api/newsletter/preferences', payload)).statusCode).toBe(400);
    }
  });
});
