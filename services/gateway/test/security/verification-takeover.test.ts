import { randomUUID } from 'node:crypto';
import { QUEUE_NAMES } from '@app/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type FakeGoogle, startFakeGoogle } from '../support/fake-google.ts';
import {
  type Gateway,
  refreshCookieOf,
  startGateway,
  startPeer,
  uniqueEmail,
} from '../support/gateway-harness.ts';

// Pre-registration takeover: the attacker registers the victim's address with a password of their own
// and waits. The victim gets the verification email and proves they own the mailbox (the emailed link,
// Google, or a reset link); the attacker's password must not open the account that proof verified, and
// nothing the attacker signed in with before (possible where verification is optional) may live on.

const ATTACKER_PASSWORD = 'attacker-chose-this';
const VICTIM_PASSWORD = 'victim-chose-this';

let google: FakeGoogle;
let gateway: Gateway;
/** Another process of the same deployment with AUTH_REQUIRE_EMAIL_VERIFICATION=false. */
let lenient: Gateway['app'];
beforeAll(async () => {
  google = await startFakeGoogle();
  gateway = await startGateway({ ...google.env });
  lenient = await startPeer(gateway, { AUTH_REQUIRE_EMAIL_VERIFICATION: false });
});
afterAll(async () => {
  await lenient?.close();
  await gateway?.close();
  await google?.close();
});

const post = (url: string, payload: object, app = gateway.app) =>
  app.inject({ method: 'POST', url, payload, remoteAddress: '198.51.100.20' });
const loginAs = (email: string, password: string, app = gateway.app) =>
  post('/api/auth/login', { email, password }, app);
const refresh = (token: string | undefined) =>
  gateway.app.inject({ method: 'POST', url: '/api/auth/refresh', cookies: { refresh_token: token ?? '' } });

/** The token of the newest link of this kind queued for `email` (what its mailbox receives). */
async function mailedToken(email: string, kind: 'send-verification-email' | 'send-password-reset-email') {
  const jobs = await gateway.producer.queue(QUEUE_NAMES.mail).getJobs(['waiting', 'delayed', 'prioritized']);
  const mine = jobs
    .filter((job) => job.name === kind && job.data.email === email)
    .sort((a, b) => b.timestamp - a.timestamp);
  const link = mine[0]?.data.verifyUrl ?? mine[0]?.data.resetUrl;
  if (!link) throw new Error(`no ${kind} queued for ${email}`);
  return new URL(link).searchParams.get('token')!;
}

/** The attacker registers the victim's address and signs in where verification is optional. */
async function squat(label: string) {
  const email = uniqueEmail(label);
  const registered = await post('/api/auth/register', { email, password: ATTACKER_PASSWORD, language: 'en' });
  expect(registered.statusCode).toBe(201);
  const early = await loginAs(email, ATTACKER_PASSWORD, lenient);
  expect(early.statusCode).toBe(200);
  return { email, attackerRefresh: refreshCookieOf(early) };
}

/** Nothing of the attacker's opens the account any more, on either kind of gateway. */
async function expectAttackerLockedOut(email: string, attackerRefresh: string | undefined) {
  for (const app of [gateway.app, lenient]) {
    const attempt = await loginAs(email, ATTACKER_PASSWORD, app);
    expect(attempt.statusCode).toBe(401);
    expect(attempt.json().error.code).toBe('INVALID_CREDENTIALS');
    expect(attempt.cookies).toEqual([]);
  }
  expect((await refresh(attackerRefresh)).statusCode).toBe(401);
}

describe('an unverified registration cannot take an address over', () => {
  it('verifying through the emailed link sets the verifier’s password and ends the registrant’s', async () => {
    const { email, attackerRefresh } = await squat('squat-link');
    const token = await mailedToken(email, 'send-verification-email');

    // The token alone (the old request) verifies nothing and burns nothing.
    expect((await post('/api/auth/verify', { token })).statusCode).toBe(400);
    const untouched = await gateway.db.prisma.user.findUniqueOrThrow({ where: { email } });
    expect(untouched.emailVerifiedAt).toBeNull();

    const verified = await post('/api/auth/verify', { token, password: VICTIM_PASSWORD });
    expect(verified.statusCode).toBe(200);
    expect(verified.json().user).toMatchObject({ email, email_verified: true });

    await expectAttackerLockedOut(email, attackerRefresh);
    expect((await loginAs(email, VICTIM_PASSWORD)).statusCode).toBe(200);
    expect((await refresh(refreshCookieOf(verified))).statusCode).toBe(200);
    // The link worked once: replaying it cannot set another password.
    expect((await post('/api/auth/verify', { token, password: ATTACKER_PASSWORD })).statusCode).toBe(400);
    expect((await loginAs(email, ATTACKER_PASSWORD)).statusCode).toBe(401);
  });

  it('signing in with Google drops the registrant’s password and sessions', async () => {
    const { email, attackerRefresh } = await squat('squat-google');
    google.signInAs({ sub: randomUUID(), email, email_verified: true });
    const start = await gateway.app.inject({ method: 'GET', url: '/api/auth/google/start?lang=en' });
    const flow = start.cookies.find((c) => c.name === 'google_oauth');
    const consent = await fetch(new URL(start.headers.location as string), { redirect: 'manual' });
    const back = new URL(consent.headers.get('location') ?? '');
    const callback = await gateway.app.inject({
      method: 'GET',
      url: `${back.pathname}${back.search}`,
      cookies: flow ? { google_oauth: flow.value } : {},
    });
    const viaGoogle = refreshCookieOf(callback);
    expect(viaGoogle).toBeTruthy();

    await expectAttackerLockedOut(email, attackerRefresh);
    expect((await refresh(viaGoogle)).statusCode).toBe(200);
  });

  it('a reset link from the mailbox replaces the registrant’s password and ends their sessions', async () => {
    const { email, attackerRefresh } = await squat('squat-reset');
    expect((await post('/api/auth/password-reset', { email, language: 'en' })).statusCode).toBe(202);
    const token = await mailedToken(email, 'send-password-reset-email');
    const reset = await post('/api/auth/password-reset/confirm', { token, password: VICTIM_PASSWORD });
    expect(reset.statusCode).toBe(200);

    await expectAttackerLockedOut(email, attackerRefresh);
    expect((await loginAs(email, VICTIM_PASSWORD)).statusCode).toBe(200);
  });
});
