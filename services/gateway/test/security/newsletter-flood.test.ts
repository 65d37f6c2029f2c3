import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type Gateway, startGateway } from '../support/gateway-harness.ts';

// The newsletter form mailed any number of addresses: its limit was keyed by client and address, so
// one client signing up 250 distinct addresses sent a confirmation email to each. A client now has
// an hourly bucket whatever the addresses, and everyone together a ceiling on sign-ups (each may
// send a confirmation) per hour; both answer 429 with Retry-After and write nothing.

let gateway: Gateway;
let topicId: string;
beforeAll(async () => {
  gateway = await startGateway({
    NEWSLETTER_SIGNUPS_PER_IP_PER_HOUR: '5',
    NEWSLETTER_SIGNUPS_PER_HOUR: '12',
  });
  topicId = (await gateway.db.prisma.topic.create({ data: { slug: 'flood', name: 'Flood' } })).id;
});
afterAll(async () => gateway?.close());

let n = 0;
const signUp = (remoteAddress: string, email = `reader${++n}-${Date.now()}@example.org`) =>
  gateway.app.inject({
    method: 'POST',
    url: '/api/newsletter/subscriptions',
    payload: { email, topic_ids: [topicId] },
    remoteAddress,
  });

const confirmationsQueued = async () =>
  (await gateway.producer.queue('digest').getJobs(['waiting', 'delayed', 'active', 'completed'])).filter(
    (job) => job.name === 'send-newsletter-confirmation',
  ).length;

describe('newsletter sign-ups', () => {
  it('a client signing up many distinct addresses is stopped after its hourly bucket', async () => {
    const answers = [];
    for (let i = 0; i < 8; i++) answers.push(await signUp('198.51.100.7'));
    expect(answers.slice(0, 5).map((a) => a.statusCode)).toEqual([200, 200, 200, 200, 200]);
    for (const refused of answers.slice(5)) {
      expect(refused.statusCode).toBe(429);
      expect(refused.json().error.code).toBe('RATE_LIMITED');
      expect(Number(refused.headers['retry-after'])).toBeGreaterThan(60);
    }
    // Nothing was stored or mailed for the refused ones.
    expect(await gateway.db.prisma.newsletterSubscriber.count()).toBe(5);
    expect(await confirmationsQueued()).toBe(5);
    // Upper-case and padded spellings of new addresses are refused the same way.
    expect((await signUp('198.51.100.7', ' NEW@EXAMPLE.ORG ')).statusCode).toBe(429);
    // Another client is not slowed by that one.
    expect((await signUp('198.51.100.8')).statusCode).toBe(200);
  });

  it('everyone together meets a ceiling on sign-ups an hour', async () => {
    // 6 used so far; 6 more clients of one each fill the 12, the next is refused.
    for (let i = 0; i < 6; i++) expect((await signUp(`203.0.113.${i + 1}`)).statusCode).toBe(200);
    const over = await signUp('203.0.113.99');
    expect(over.statusCode).toBe(429);
    expect(over.headers['retry-after']).toBeDefined();
    expect(await confirmationsQueued()).toBe(12);
  });
});
