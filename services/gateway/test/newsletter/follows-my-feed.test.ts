import { NEWSLETTER_MESSAGES } from '@app/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  bearer,
  type Gateway,
  insertUser,
  login,
  startGateway,
  uniqueEmail,
} from '../support/gateway-harness.ts';
import { insertTopic, subscribeConfirmed, tokenFor } from './newsletter-support.ts';

// A subscriber whose subscription belongs to an account can have the digest follow that account's
// My feed: set from the profile (/api/me/newsletter) or the management page (the emailed token); a
// subscription without an account cannot.

let gateway: Gateway;
let topicId: string;

beforeAll(async () => {
  gateway = await startGateway();
  topicId = (await insertTopic(gateway.db.prisma, 'Follows', '关注')).id;
});
afterAll(async () => {
  await gateway?.close();
});

const me = (method: 'GET' | 'PATCH', accessToken: string | null, payload?: unknown) =>
  gateway.app.inject({
    method,
    url: '/api/me/newsletter',
    headers: accessToken ? bearer(accessToken) : {},
    ...(payload === undefined ? {} : { payload: payload as object }),
  });
const preferences = (payload: object) =>
  gateway.app.inject({ method: 'POST', url: '/api/newsletter/preferences', payload });
const view = (token: string) =>
  gateway.app.inject({
    method: 'GET',
    url: `/api/newsletter/unsubscribe?token=${encodeURIComponent(token)}&action=view`,
  });
const subscriberRow = (email: string) =>
  gateway.db.prisma.newsletterSubscriber.findUniqueOrThrow({ where: { email } });

/** A signed-in reader; with `subscribed`, their address also gets the digest (confirmed, Tokyo). */
async function reader(options: { subscribed: boolean }) {
  const email = uniqueEmail('follows');
  const user = await insertUser(gateway.db.prisma, { email });
  if (options.subscribed) {
    await subscribeConfirmed(gateway, { email, topic_ids: [topicId], timezone: 'Asia/Tokyo' });
  }
  return { email, user, accessToken: (await login(gateway, email)).accessToken };
}

describe('/api/me/newsletter (the profile)', () => {
  it('visitors are asked to sign in', async () => {
    expect((await me('GET', null)).statusCode).toBe(401);
    expect((await me('PATCH', null, { follows_my_feed: true })).statusCode).toBe(401);
  });

  it('turns My feed on and off for the subscription of the reader’s address, and links it to the account', async () => {
    const { email, user, accessToken } = await reader({ subscribed: true });
    const before = await me('GET', accessToken);
    expect(before.statusCode, before.body).toBe(200);
    expect(before.json()).toEqual({
      subscription: {
        email,
        status: 'active',
        confirmed: true,
        language: 'en',
        time_zone: 'Asia/Tokyo',
        topic_count: 1,
        follows_my_feed: false,
      },
    });

    const on = await me('PATCH', accessToken, { follows_my_feed: true });
    expect(on.statusCode, on.body).toBe(200);
    expect(on.json().subscription).toMatchObject({ email, follows_my_feed: true });
    expect(await subscriberRow(email)).toMatchObject({ userId: user.id, followsMyFeed: true });
    expect((await me('GET', accessToken)).json().subscription.follows_my_feed).toBe(true);
    // The management page from the email shows it too.
    const managed = await view(await tokenFor(gateway.db.prisma, email));
    expect(managed.json()).toMatchObject({ follows_my_feed: true, has_account: true });

    const off = await me('PATCH', accessToken, { follows_my_feed: false });
    expect(off.json().subscription.follows_my_feed).toBe(false);
    expect((await subscriberRow(email)).followsMyFeed).toBe(false);
  });

  it('a reader without a subscription gets null, and a 404 that says to subscribe first', async () => {
    const { accessToken } = await reader({ subscribed: false });
    expect((await me('GET', accessToken)).json()).toEqual({ subscription: null });
    const refused = await me('PATCH', accessToken, { follows_my_feed: true });
    expect(refused.statusCode).toBe(404);
    expect(refused.json().error.message).toBe(NEWSLETTER_MESSAGES.noAccountSubscription);
  });

  it('an account whose address is not verified does not take over the subscription of that address', async () => {
    const { email, accessToken, user } = await reader({ subscribed: true });
    await gateway.db.prisma.user.update({ where: { id: user.id }, data: { emailVerifiedAt: null } });
    expect((await me('GET', accessToken)).json()).toEqual({ subscription: null });
    expect((await me('PATCH', accessToken, { follows_my_feed: true })).statusCode).toBe(404);
    expect(await subscriberRow(email)).toMatchObject({ userId: null, followsMyFeed: false });
  });

  it('a body that is not {follows_my_feed: boolean} is a 400, and nothing changes', async () => {
    const { email, accessToken } = await reader({ subscribed: true });
    for (const payload of [
      {},
      { follows_my_feed: 'yes' },
      { follows_my_feed: null },
      { follows_my_feed: true, time_zone: 'UTC' },
    ]) {
      const response = await me('PATCH', accessToken, payload);
      expect(response.statusCode, JSON.stringify(payload)).toBe(400);
      expect(response.json().error.code).toBe('VALIDATION_FAILED');
    }
    expect(await subscriberRow(email)).toMatchObject({ userId: null, followsMyFeed: false });
  });
});

describe('POST /api/newsletter/preferences (the management page)', () => {
  it('a subscription without an account cannot follow My feed: 409 with the reason, nothing changes', async () => {
    const email = uniqueEmail('visitor');
    await subscribeConfirmed(gateway, { email, topic_ids: [topicId], timezone: 'Asia/Tokyo' });
    const token = await tokenFor(gateway.db.prisma, email);
    expect((await view(token)).json()).toMatchObject({ follows_my_feed: false, has_account: false });

    const refused = await preferences({ token, follows_my_feed: true, time_zone: 'UTC' });
    expect(refused.statusCode).toBe(409);
    expect(refused.json().error).toEqual({
      code: 'CONFLICT',
      message: NEWSLETTER_MESSAGES.followsMyFeedNeedsAccount,
    });
    expect(await subscriberRow(email)).toMatchObject({ followsMyFeed: false, timeZone: 'Asia/Tokyo' });
    // Turning it off asks for nothing.
    const off = await preferences({ token, follows_my_feed: false });
    expect(off.json()).toEqual({ success: true, time_zone: 'Asia/Tokyo', follows_my_feed: false });
  });

  it('a subscription with an account turns it on with its token, keeping the zone', async () => {
    const { email, user } = await reader({ subscribed: true });
    await gateway.db.prisma.newsletterSubscriber.update({ where: { email }, data: { userId: user.id } });
    const token = await tokenFor(gateway.db.prisma, email);
    const on = await preferences({ token, follows_my_feed: true });
    expect(on.statusCode, on.body).toBe(200);
    expect(on.json()).toEqual({ success: true, time_zone: 'Asia/Tokyo', follows_my_feed: true });
    expect(await subscriberRow(email)).toMatchObject({ followsMyFeed: true, timeZone: 'Asia/Tokyo' });
  });

  it('nothing to change, or a flag that is not a boolean, is a 400', async () => {
    const email = uniqueEmail('prefs-bad');
    await subscribeConfirmed(gateway, { email, topic_ids: [topicId] });
    const token = await tokenFor(gateway.db.prisma, email);
    const empty = await preferences({ token });
    expect(empty.statusCode).toBe(400);
    expect(empty.json().error.message).toBe(NEWSLETTER_MESSAGES.nothingToChange);
    for (const follows of ['true', 1, null]) {
      const response = await preferences({ token, follows_my_feed: follows });
      expect(response.statusCode, JSON.stringify(follows)).toBe(400);
      expect(response.json().error.fields).toHaveProperty('follows_my_feed');
    }
  });
});
