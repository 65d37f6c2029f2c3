import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type Gateway, insertUser, PUBLIC_URL, startGateway, uniqueEmail } from '@app/gateway/testing';
import { type MailDelivery, startMailDelivery } from '../support/mail-delivery.ts';

// The owner of an account whose logins keep failing is told by email, as the mailbox receives it: once,
// in the account's language, with the way to a new password; an address without an account gets nothing.

let gateway: Gateway;
let mail: MailDelivery;
beforeAll(async () => {
  gateway = await startGateway({ LOGIN_RATE_LIMIT: '1000', LOGIN_ACCOUNT_FREE_FAILURES: '3' });
  mail = await startMailDelivery(gateway);
});
afterAll(async () => {
  await mail?.close();
  await gateway?.close();
});

/** A wrong password from an address of its own (each under its own free failures). */
let sources = 0;
const guess = (email: string) =>
  gateway.app.inject({
    method: 'POST',
    url: '/api/auth/login',
    payload: { email, password: 'wrong-password' },
    remoteAddress: `192.0.2.${++sources}`,
  });
const warningsTo = (email: string) =>
  mail.smtp.messages.filter((m) => m.to.includes(email) && m.subject.includes('Daily Curated'));

describe('the sign-in warning email', () => {
  it('reaches the owner once, in English by default, with the link to a new password', async () => {
    const email = uniqueEmail('warned');
    await insertUser(gateway.db.prisma, { email });
    for (let i = 0; i < 6; i++) expect((await guess(email)).statusCode).toBe(401);
    const delivered = await mail.smtp.waitForMessage((m) => m.to.includes(email), 15_000);
    expect(delivered.subject).toBe('Someone tried to sign in to your Daily Curated account');
    expect(delivered.text).toContain(`${PUBLIC_URL}/auth/reset`);
    await new Promise((resolve) => setTimeout(resolve, 500));
    expect(warningsTo(email)).toHaveLength(1);
  });

  it('is in Chinese for an account whose newsletter is in Chinese', async () => {
    const email = uniqueEmail('warned-zh');
    await insertUser(gateway.db.prisma, { email });
    await gateway.db.prisma.newsletterSubscriber.create({
      data: { email, language: 'ZH', unsubscribeToken: `warned-${Date.now()}`, confirmedAt: new Date() },
    });
    for (let i = 0; i < 3; i++) await guess(email);
    const delivered = await mail.smtp.waitForMessage((m) => m.to.includes(email), 15_000);
    expect(delivered.subject).toBe('有人尝试登录您的每日精选账户');
    expect(delivered.text).toContain(`${PUBLIC_URL}/zh/auth/reset`);
  });

  it('is never sent for an address without an account', async () => {
    const known = uniqueEmail('warned-known');
    const unknown = uniqueEmail('warned-unknown');
    await insertUser(gateway.db.prisma, { email: known });
    for (let i = 0; i < 3; i++) {
      await guess(known);
      await guess(unknown);
    }
    await mail.smtp.waitForMessage((m) => m.to.includes(known), 15_000);
    await new Promise((resolve) => setTimeout(resolve, 500));
    expect(mail.smtp.messages.some((m) => m.to.includes(unknown))).toBe(false);
  });
});
