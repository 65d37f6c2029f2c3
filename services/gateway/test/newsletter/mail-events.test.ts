import { randomBytes, randomUUID } from 'node:crypto';
import { Webhook } from 'standardwebhooks';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type Gateway, signedInUser, startGateway, uniqueEmail } from '../support/gateway-harness.ts';
import { insertTopic, letConfirmationIntervalPass, subscribeConfirmed } from './newsletter-support.ts';

const SIGNING_KEY = `whsec_${randomBytes(24).toString('base64')}`;
const signer = new Webhook(SIGNING_KEY);
const URL = '/api/newsletter/mail-events';

let gateway: Gateway;
let topicId: string;

beforeAll(async () => {
  gateway = await startGateway({ MAIL_WEBHOOK_SECRET: SIGNING_KEY });
  topicId = (await insertTopic(gateway.db.prisma, 'Deliverability', '送达')).id;
});
afterAll(async () => {
  await gateway?.close();
});

async function subscriber(label: string) {
  const email = uniqueEmail(label);
  await subscribeConfirmed(gateway, { email, topic_ids: [topicId] });
  return email;
}

const bounced = (to: string, type = 'Permanent', createdAt = new Date()) => ({
  type: 'email.bounced',
  created_at: createdAt.toISOString(),
  data: {
    email_id: randomUUID(),
    to: [to],
    bounce: {
      type,
      subType: 'General',
      message: "The recipient's mail server permanently rejected the email.",
    },
  },
});

type Signed = { id?: string; at?: Date; secret?: Webhook; prefix?: 'svix' | 'webhook'; upper?: boolean };

/** Sends a body signed the way Resend (Svix) does: svix-id, svix-timestamp, svix-signature. */
function send(body: unknown, signed: Signed = {}, edit?: (headers: Record<string, string>) => void) {
  const payload = typeof body === 'string' ? body : JSON.stringify(body);
  const id = signed.id ?? `msg_${randomUUID()}`;
  const at = signed.at ?? new Date();
  const prefix = signed.prefix ?? 'svix';
  const name = (n: string) => (signed.upper ? `${prefix}-${n}`.toUpperCase() : `${prefix}-${n}`);
  const headers: Record<string, string> = {
    'content-type': 'application/json',
    [name('id')]: id,
    [name('timestamp')]: String(Math.floor(at.getTime() / 1000)),
    [name('signature')]: (signed.secret ?? signer).sign(id, at, payload),
  };
  edit?.(headers);
  return gateway.app.inject({ method: 'POST', url: URL, headers, payload });
}

const stateOf = (email: string) =>
  gateway.db.prisma.newsletterSubscriber.findUniqueOrThrow({ where: { email } });

describe('a signed event', () => {
  it('a permanent bounce stops the digest and keeps why', async () => {
    const email = await subscriber('hard');
    const response = await send(bounced(email));
    expect(response.statusCode, response.body).toBe(200);
    expect(response.json()).toEqual({ received: true, suppressed: 1 });
    expect(await stateOf(email)).toMatchObject({
      status: 'bouncing',
      suppressionReason: 'hard_bounce',
      suppressionSource: 'webhook',
      suppressionDiagnostic: "General: The recipient's mail server permanently rejected the email.",
    });
  });

  it('a complaint unsubscribes the address, even one already bouncing', async () => {
    const email = await subscriber('complaint');
    await send(bounced(email));
    const response = await send({
      type: 'email.complained',
      created_at: new Date().toISOString(),
      data: { to: [email] },
    });
    expect(response.json()).toEqual({ received: true, suppressed: 1 });
    expect(await stateOf(email)).toMatchObject({ status: 'unsubscribed', suppressionReason: 'complaint' });
  });

  it('a transient bounce, another event type and an unknown address change nothing', async () => {
    const email = await subscriber('soft');
    expect((await send(bounced(email, 'Transient'))).json()).toEqual({ received: true, suppressed: 0 });
    const delivered = {
      type: 'email.delivered',
      created_at: new Date().toISOString(),
      data: { to: [email] },
    };
    expect((await send(delivered)).json()).toEqual({ received: true, suppressed: 0 });
    const unknown = await send(bounced('nobody-here@example.com'));
    expect(unknown.statusCode).toBe(200);
    expect(unknown.json()).toEqual({ received: true, suppressed: 0 });
    expect(await stateOf(email)).toMatchObject({ status: 'active', suppressionReason: null });
  });

  it('a re-delivered event does nothing twice, and an old bounce cannot undo a new opt-in', async () => {
    const email = await subscriber('again');
    const event = bounced(email);
    const first = await send(event, { id: 'msg_same' });
    expect(first.json().suppressed).toBe(1);
    expect((await send(event, { id: 'msg_same' })).json().suppressed).toBe(0);
    // The reader subscribes again and confirms: the suppression is lifted ...
    await letConfirmationIntervalPass(gateway.db.prisma, email);
    await subscribeConfirmed(gateway, { email, topic_ids: [topicId] });
    expect(await stateOf(email)).toMatchObject({
      status: 'active',
      suppressionReason: null,
      suppressedAt: null,
    });
    // ... and the same bounce arriving once more (a provider retry) predates that consent.
    expect((await send(event)).json().suppressed).toBe(0);
    expect((await stateOf(email)).status).toBe('active');
  });

  it('is accepted under the Standard Webhooks header names and in any header-name case', async () => {
    const a = await subscriber('std');
    expect((await send(bounced(a), { prefix: 'webhook' })).json().suppressed).toBe(1);
    const b = await subscriber('upper');
    expect((await send(bounced(b), { upper: true })).json().suppressed).toBe(1);
  });

  it('answers 400 to a body it cannot read, after checking the signature', async () => {
    expect((await send('{not json')).statusCode).toBe(400);
    expect(
      (await send({ type: 'email.bounced', created_at: new Date().toISOString(), data: {} })).statusCode,
    ).toBe(400);
    expect((await send({ nothing: true })).statusCode).toBe(400);
    expect((await send({ ...bounced('x@example.com'), created_at: 'yesterday' })).statusCode).toBe(400);
  });
});

describe('attacks', () => {
  it('refuses an event with no signature, a wrong one, a changed body or an old timestamp (401), changing nothing', async () => {
    const email = await subscriber('attack');
    const event = bounced(email);
    const attempts = [
      // No signature headers at all.
      gateway.app.inject({
        method: 'POST',
        url: URL,
        headers: { 'content-type': 'application/json' },
        payload: event,
      }),
      // One of the three missing.
      send(event, {}, (h) => delete h['svix-signature']),
      // Signed with another key.
      send(event, { secret: new Webhook(`whsec_${randomBytes(24).toString('base64')}`) }),
      // A valid signature for another body.
      send(event, {}, (h) => {
        h['svix-signature'] = signer.sign(h['svix-id']!, new Date(Number(h['svix-timestamp']) * 1000), '{}');
      }),
      // Correctly signed, but captured ten minutes ago and replayed.
      send(event, { at: new Date(Date.now() - 10 * 60_000) }),
      // ... or dated in the future to outlive the window.
      send(event, { at: new Date(Date.now() + 10 * 60_000) }),
      // The timestamp moved to now without re-signing.
      send(event, { at: new Date(Date.now() - 10 * 60_000) }, (h) => {
        h['svix-timestamp'] = String(Math.floor(Date.now() / 1000));
      }),
      // The signature with its letters' case flipped (base64 is case-sensitive).
      send(event, {}, (h) => {
        h['svix-signature'] = h['svix-signature']!.replace(
          /,(.*)$/,
          (_, s: string) =>
            `,${[...s].map((c) => (c === c.toUpperCase() ? c.toLowerCase() : c.toUpperCase())).join('')}`,
        );
      }),
      // Another scheme's version tag.
      send(event, {}, (h) => {
        h['svix-signature'] = h['svix-signature']!.replace(/^v1,/, 'v1a,');
      }),
    ];
    for (const [i, response] of (await Promise.all(attempts)).entries()) {
      expect(response.statusCode, `attempt ${i}: ${response.body}`).toBe(401);
    }
    expect(await stateOf(email)).toMatchObject({ status: 'active', suppressionReason: null });
  });

  it('is off (503) until MAIL_WEBHOOK_SECRET is set', async () => {
    const bare = await startGateway();
    try {
      const response = await bare.app.inject({
        method: 'POST',
        url: URL,
        headers: { 'content-type': 'application/json' },
        payload: bounced('x@example.com'),
      });
      expect(response.statusCode).toBe(503);
    } finally {
      await bare.close();
    }
  });
});

describe('the admin subscriber list', () => {
  it('shows each stopped address with the reason, how it was learned, when and the server words', async () => {
    const hard = await subscriber('list-hard');
    const complained = await subscriber('list-complaint');
    const fine = await subscriber('list-fine');
    await send(bounced(hard));
    await send({
      type: 'email.complained',
      created_at: new Date().toISOString(),
      data: { to: [complained] },
    });
    const { headers } = await signedInUser(gateway, { role: 'admin' }, 'admin');

    const list = async (query: string) =>
      (await gateway.app.inject({ method: 'GET', url: `/api/admin/subscribers${query}`, headers })).json();
    const bouncing = await list('?status=bouncing&q=list-hard');
    expect(bouncing.data).toHaveLength(1);
    expect(bouncing.data[0]).toMatchObject({
      email: hard,
      status: 'bouncing',
      suppression: {
        reason: 'hard_bounce',
        source: 'webhook',
        diagnostic: expect.stringMatching(/permanently rejected/),
      },
    });
    expect(Date.parse(bouncing.data[0].suppression.at)).not.toBeNaN();
    expect((await list(`?q=${encodeURIComponent(complained)}`)).data[0]).toMatchObject({
      status: 'unsubscribed',
      suppression: { reason: 'complaint', source: 'webhook' },
    });
    const active = await list(`?q=${encodeURIComponent(fine)}`);
    expect(active.data[0]).toMatchObject({ status: 'active', suppression: null });
    expect(active.counts.bouncing).toBeGreaterThanOrEqual(1);
    const bad = await gateway.app.inject({
      method: 'GET',
      url: '/api/admin/subscribers?status=gone',
      headers,
    });
    expect(bad.statusCode).toBe(400);
  });
});
