import { QUEUE_NAMES } from '@app/contracts';
import { waitFor } from '@app/testing';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  bearer,
  type Gateway,
  insertUser,
  PUBLIC_URL,
  startGateway,
  startPeer,
  uniqueEmail,
} from '../support/gateway-harness.ts';

// "Anyone can keep an owner out": wrong passwords for a known address, each sent as soon as Retry-After
// allows, used to hold the account's one delay for ever, so its owner (an admin too) never signed in, and
// a new password did not help. Now a stranger's guesses slow the stranger's own source; the owner's
// browser that signed in before (its known-device cookie) and the owner on another address still get in;
// a distributed guess past the account's ceiling slows unknown browsers only; a new password clears every
// delay; and the owner is told by email, once, in the account's language. Settings are small here: three
// free failures, a delay capped at 2 s, a ceiling of 12.

const LIMITS = {
  LOGIN_RATE_LIMIT: '1000',
  LOGIN_ACCOUNT_FREE_FAILURES: '3',
  LOGIN_ACCOUNT_MAX_DELAY_SECONDS: '2',
  LOGIN_ACCOUNT_CEILING_FAILURES: '12',
};
const ATTACKER = '203.0.113.66';
const OWNER_HOME = '198.51.100.20';
const OWNER_ELSEWHERE = '198.51.100.21';

let gateway: Gateway;
/** Another gateway process on the same Redis: the attacker alternates between the two. */
let peer: Gateway['app'];
beforeAll(async () => {
  gateway = await startGateway(LIMITS);
  peer = await startPeer(gateway);
});
afterAll(async () => {
  await peer?.close();
  await gateway?.close();
});

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** A browser: its address and the cookies the gateway set in it. */
type Browser = { ip: string; cookies: Record<string, string> };
const browser = (ip: string): Browser => ({ ip, cookies: {} });

async function signIn(from: Browser, email: string, password: string, app = gateway.app) {
  const response = await app.inject({
    method: 'POST',
    url: '/api/auth/login',
    payload: { email, password },
    remoteAddress: from.ip,
    cookies: from.cookies,
  });
  for (const cookie of response.cookies) from.cookies[cookie.name] = cookie.value;
  return response;
}

/**
 * Wrong passwords from one address until `ms` have passed, each sent the moment Retry-After allows;
 * `refused` resolves at the first 429 (from then on the attacker holds whatever delay it answers to).
 */
function hammer(email: string, ms: number, ip = ATTACKER) {
  const until = Date.now() + ms;
  let onRefused = () => {};
  const refused = new Promise<void>((resolve) => {
    onRefused = resolve;
  });
  const run = async () => {
    const answers: { status: number; body: string }[] = [];
    for (let i = 0; Date.now() < until; i++) {
      const answer = await signIn(browser(ip), email, 'wrong-password', i % 2 ? peer : gateway.app);
      answers.push({ status: answer.statusCode, body: answer.body });
      if (answer.statusCode === 429) {
        onRefused();
        await sleep(Math.min(Number(answer.headers['retry-after']) * 1000, Math.max(0, until - Date.now())));
      }
    }
    return answers;
  };
  return { answers: run(), refused };
}

async function warningsTo(email: string) {
  const jobs = await gateway.producer
    .queue(QUEUE_NAMES.mail)
    .getJobs(['waiting', 'delayed', 'prioritized', 'active', 'completed', 'failed']);
  return jobs.filter((job) => job.name === 'send-sign-in-warning-email' && job.data.email === email);
}

async function mailedResetToken(email: string) {
  const jobs = await gateway.producer.queue(QUEUE_NAMES.mail).getJobs(['waiting', 'delayed', 'prioritized']);
  const job = jobs.find((j) => j.name === 'send-password-reset-email' && j.data.email === email);
  return new URL(job!.data.resetUrl).searchParams.get('token')!;
}

/** Failures from `count` addresses of their own, each under its own free failures: past the ceiling. */
async function distributedGuess(email: string, count: number) {
  for (let i = 0; i < count; i++) {
    expect((await signIn(browser(`192.0.2.${i + 1}`), email, 'wrong-password')).statusCode).toBe(401);
  }
}

describe('a stranger who knows only the address', () => {
  it("cannot keep the owner out: the owner's known browser and the owner elsewhere sign in throughout", async () => {
    const email = uniqueEmail('lockout-admin');
    await insertUser(gateway.db.prisma, { email, role: 'admin' });
    const home = browser(OWNER_HOME);
    expect((await signIn(home, email, 'correct-horse')).statusCode).toBe(200);
    expect(home.cookies.known_device).toBeTruthy();

    const attack = hammer(email, 7000);
    await attack.refused;
    // The owner comes back now and then while the attack goes on.
    const owner: number[] = [];
    const elsewhere: number[] = [];
    for (let i = 0; i < 6; i++) {
      owner.push((await signIn(home, email, 'correct-horse')).statusCode);
      elsewhere.push((await signIn(browser(OWNER_ELSEWHERE), email, 'correct-horse')).statusCode);
      await sleep(700);
    }
    const answers = (await attack.answers).map((answer) => answer.status);

    expect(owner).toEqual([200, 200, 200, 200, 200, 200]);
    expect(elsewhere).toEqual([200, 200, 200, 200, 200, 200]);
    // The attacker is slowed all the same: three free guesses, then one per delay (2 s at most).
    expect(answers.filter((status) => status === 429).length).toBeGreaterThan(0);
    expect(answers.filter((status) => status === 401).length).toBeLessThanOrEqual(3 + 4);
    // The owner is told, once.
    await waitFor(async () => (await warningsTo(email)).length > 0, { message: 'the warning' });
    const warnings = await warningsTo(email);
    expect(warnings).toHaveLength(1);
    expect(warnings[0]!.data).toMatchObject({ email, language: 'en', resetUrl: `${PUBLIC_URL}/auth/reset` });
  }, 30_000);

  it('spread over many addresses, slows unknown browsers past the ceiling but never the known one', async () => {
    const email = uniqueEmail('lockout-distributed');
    await insertUser(gateway.db.prisma, { email });
    const home = browser(OWNER_HOME);
    expect((await signIn(home, email, 'correct-horse')).statusCode).toBe(200);
    await distributedGuess(email, 12);
    const fresh = await signIn(browser('198.51.100.30'), email, 'correct-horse');
    expect(fresh.statusCode).toBe(429);
    expect(fresh.cookies).toEqual([]);
    expect((await signIn(home, email, 'correct-horse')).statusCode).toBe(200);
  });

  it("gains nothing from a cookie of another account, a forged one, or the owner's cookie used for another account", async () => {
    const email = uniqueEmail('lockout-cookie');
    const mine = uniqueEmail('lockout-cookie-own');
    await insertUser(gateway.db.prisma, { email });
    await insertUser(gateway.db.prisma, { email: mine });
    const attacker = browser(ATTACKER);
    expect((await signIn(attacker, mine, 'correct-horse')).statusCode).toBe(200);
    const own = attacker.cookies.known_device!;
    for (const cookie of [own, `${own.split('.')[0]}.zzzzzz.${'A'.repeat(27)}`, 'x.y.z']) {
      const guesser = { ip: ATTACKER, cookies: { known_device: cookie } };
      for (let i = 0; i < 3; i++) await signIn(guesser, email, 'wrong-password');
      expect((await signIn(guesser, email, 'correct-horse')).statusCode).toBe(429);
    }
  });

  it('answers an unknown address exactly like a known one, and mails nobody for it', async () => {
    const known = uniqueEmail('lockout-known');
    const unknown = uniqueEmail('lockout-unknown');
    await insertUser(gateway.db.prisma, { email: known });
    const [a, b] = await Promise.all([
      hammer(known, 2500, '203.0.113.70').answers,
      hammer(unknown, 2500, '203.0.113.71').answers,
    ]);
    const statuses = (answers: { status: number; body: string }[]) => answers.map((answer) => answer.status);
    expect(statuses(b).slice(0, 4)).toEqual(statuses(a).slice(0, 4));
    expect(a.find((answer) => answer.status === 401)!.body).toBe(
      b.find((answer) => answer.status === 401)!.body,
    );
    await waitFor(async () => (await warningsTo(known)).length > 0, { message: 'the warning' });
    await sleep(200);
    expect(await warningsTo(unknown)).toEqual([]);
  });

  it("warns in the account's language", async () => {
    const email = uniqueEmail('lockout-zh');
    await insertUser(gateway.db.prisma, { email });
    await gateway.db.prisma.newsletterSubscriber.create({
      data: { email, language: 'ZH', unsubscribeToken: `lockout-${Date.now()}`, confirmedAt: new Date() },
    });
    await distributedGuess(email, 3);
    await waitFor(async () => (await warningsTo(email)).length > 0, { message: 'the warning' });
    expect((await warningsTo(email))[0]!.data).toMatchObject({
      language: 'zh',
      resetUrl: `${PUBLIC_URL}/zh/auth/reset`,
    });
  });
});

describe('a new password', () => {
  it('set with a reset link clears every delay of the account, and the browser that set it is known', async () => {
    const email = uniqueEmail('lockout-reset');
    await insertUser(gateway.db.prisma, { email });
    await distributedGuess(email, 12);
    for (let i = 0; i < 3; i++) await signIn(browser(ATTACKER), email, 'wrong-password');
    const phone = browser('198.51.100.40');
    expect((await signIn(phone, email, 'correct-horse')).statusCode).toBe(429);

    const requested = await gateway.app.inject({
      method: 'POST',
      url: '/api/auth/password-reset',
      payload: { email },
      remoteAddress: phone.ip,
    });
    expect(requested.statusCode).toBe(202);
    const confirmed = await gateway.app.inject({
      method: 'POST',
      url: '/api/auth/password-reset/confirm',
      payload: { token: await mailedResetToken(email), password: 'a-new-password' },
      remoteAddress: phone.ip,
    });
    expect(confirmed.statusCode).toBe(200);
    expect(confirmed.cookies.map((cookie) => cookie.name)).toContain('known_device');

    // Neither the ceiling nor the attacker's own delay is left: the old guesses count no more.
    expect((await signIn(browser('198.51.100.41'), email, 'a-new-password')).statusCode).toBe(200);
    expect((await signIn(browser(ATTACKER), email, 'wrong-password')).statusCode).toBe(401);
  });

  it('set by changing it clears them too', async () => {
    const email = uniqueEmail('lockout-change');
    await insertUser(gateway.db.prisma, { email });
    const home = browser(OWNER_HOME);
    const session = (await signIn(home, email, 'correct-horse')).json();
    await distributedGuess(email, 12);
    expect((await signIn(browser('198.51.100.50'), email, 'correct-horse')).statusCode).toBe(429);
    const changed = await gateway.app.inject({
      method: 'POST',
      url: '/api/auth/password',
      headers: bearer(session.access_token),
      payload: { current_password: 'correct-horse', new_password: 'another-password' },
      remoteAddress: home.ip,
      cookies: home.cookies,
    });
    expect(changed.statusCode).toBe(200);
    expect((await signIn(browser('198.51.100.51'), email, 'another-password')).statusCode).toBe(200);
  });
});
