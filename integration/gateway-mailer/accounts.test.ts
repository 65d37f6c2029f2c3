import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import {
  bearer,
  type Gateway,
  hashToken,
  insertUser,
  login,
  PUBLIC_URL,
  refreshCookieOf,
  startGateway,
  uniqueEmail,
} from '@app/gateway/testing';
import { type MailDelivery, RESET_LINK, startMailDelivery, VERIFY_LINK } from '../support/mail-delivery.ts';

// Accounts beyond sign-up and sign-in: forgot password, change password, sign out everywhere, resend
// verification, registering again over an unverified account, and emailed links that only a POST uses.
// Each test names the attack it stops; each would fail if that protection were taken out.

let gateway: Gateway;
let mail: MailDelivery;
/** Added to the real time: moves the gateway's "now" (link expiry) without waiting. */
let clockOffsetMs = 0;
beforeAll(async () => {
  gateway = await startGateway({}, { clock: () => new Date(Date.now() + clockOffsetMs) });
  mail = await startMailDelivery(gateway);
});
afterEach(() => {
  clockOffsetMs = 0;
});
afterAll(async () => {
  await mail?.close();
  await gateway?.close();
});

const post = (
  url: string,
  payload: unknown,
  extra: { headers?: Record<string, string>; cookies?: Record<string, string> } = {},
) => gateway.app.inject({ method: 'POST', url, payload: payload as object, ...extra });
const requestReset = (email: string, language: 'en' | 'zh' = 'en') =>
  post('/api/auth/password-reset', { email, language });
const confirmReset = (token: string, password: string) =>
  post('/api/auth/password-reset/confirm', { token, password });
const resend = (email: string, language: 'en' | 'zh' = 'en') =>
  post('/api/auth/verify/resend', { email, language });
const refresh = (token: string | undefined) =>
  gateway.app.inject({ method: 'POST', url: '/api/auth/refresh', cookies: { refresh_token: token ?? '' } });
const loginStatus = async (email: string, password: string) =>
  (await post('/api/auth/login', { email, password })).statusCode;
const tokenOf = (link: string) => new URL(link).searchParams.get('token')!;
/** The verify page's request: the link token and the password the verifier chose. */
const verify = (token: string, password = 'correct-horse') => post('/api/auth/verify', { token, password });
const prisma = () => gateway.db.prisma;

describe('forgot password', () => {
  it('answers an unknown address exactly like a known one, and mails only the known one', async () => {
    const known = uniqueEmail('reset-known');
    await insertUser(prisma(), { email: known });
    const unknown = uniqueEmail('reset-unknown');
    const [a, b] = [await requestReset(known), await requestReset(unknown)];
    expect(a.statusCode).toBe(202);
    expect(b.statusCode).toBe(a.statusCode);
    expect(b.body).toBe(a.body);
    expect(a.json()).toEqual({ success: true, message: expect.stringContaining('If an account exists') });
    await mail.waitForPasswordReset(known);
    // Give a stray email for the unknown address time to show up if one were sent.
    await new Promise((resolve) => setTimeout(resolve, 300));
    expect(mail.smtp.messages.some((m) => m.to.includes(unknown))).toBe(false);
  });

  it('stores only the sha256 of the link token, valid for one hour', async () => {
    const email = uniqueEmail('reset-hash');
    const user = await insertUser(prisma(), { email });
    await requestReset(email, 'zh');
    const { mail: delivered, resetUrl } = await mail.waitForPasswordReset(email);
    expect(delivered.subject).toBe('重置您的每日精选密码');
    const link = new URL(resetUrl);
    expect(`${link.origin}${link.pathname}`).toBe(`${PUBLIC_URL}/zh/auth/reset`);
    const token = tokenOf(resetUrl);
    const stored = await prisma().passwordResetToken.findFirstOrThrow({ where: { userId: user.id } });
    expect(stored.tokenHash).toBe(hashToken(token));
    expect(stored.tokenHash).not.toContain(token);
    expect(stored.expiresAt.getTime() - stored.createdAt.getTime()).toBeGreaterThan(3600_000 - 5000);
    expect(stored.expiresAt.getTime() - stored.createdAt.getTime()).toBeLessThanOrEqual(3600_000 + 5000);
    // What the table holds is no credential: a leaked row cannot reset the password.
    expect((await confirmReset(stored.tokenHash, 'a-new-password')).statusCode).toBe(400);
  });

  it('sets the new password once, ends every session, and refuses the link a second time', async () => {
    const email = uniqueEmail('reset-flow');
    await insertUser(prisma(), { email });
    const phone = await login(gateway, email);
    const laptop = await login(gateway, email);
    await requestReset(email);
    const token = tokenOf((await mail.waitForPasswordReset(email)).resetUrl);

    const done = await confirmReset(token, 'brand-new-password');
    expect(done.statusCode).toBe(200);
    expect(done.json()).toEqual({ success: true, message: expect.stringContaining('sign in') });
    expect(await loginStatus(email, 'correct-horse')).toBe(401);
    expect(await loginStatus(email, 'brand-new-password')).toBe(200);
    // Whoever had a session (the reason for a reset, often) is out.
    expect((await refresh(phone.refreshToken)).statusCode).toBe(401);
    expect((await refresh(laptop.refreshToken)).statusCode).toBe(401);

    // Used once: replaying the link (from the mailbox, a proxy log, the browser history) does nothing.
    const replay = await confirmReset(token, 'attacker-password');
    expect(replay.statusCode).toBe(400);
    expect(replay.json().error).toEqual({
      code: 'INVALID_TOKEN',
      message: 'This link is invalid or has expired',
    });
    expect(await loginStatus(email, 'attacker-password')).toBe(401);
  });

  it('refuses a link older than one hour and accepts one just under it', async () => {
    const email = uniqueEmail('reset-expiry');
    await insertUser(prisma(), { email });
    await requestReset(email);
    const first = tokenOf((await mail.waitForPasswordReset(email, 1)).resetUrl);
    clockOffsetMs = 61 * 60_000;
    expect((await confirmReset(first, 'too-late-password')).statusCode).toBe(400);
    expect(await loginStatus(email, 'too-late-password')).toBe(401);

    clockOffsetMs = 0;
    await requestReset(email);
    const second = tokenOf((await mail.waitForPasswordReset(email, 2)).resetUrl);
    clockOffsetMs = 59 * 60_000;
    expect((await confirmReset(second, 'in-time-password')).statusCode).toBe(200);
  });

  it('keeps only the newest link of an address working', async () => {
    const email = uniqueEmail('reset-newest');
    await insertUser(prisma(), { email });
    await requestReset(email);
    const older = tokenOf((await mail.waitForPasswordReset(email, 1)).resetUrl);
    await requestReset(email);
    const newer = tokenOf((await mail.waitForPasswordReset(email, 2)).resetUrl);
    expect((await confirmReset(older, 'older-link-password')).statusCode).toBe(400);
    expect((await confirmReset(newer, 'newer-link-password')).statusCode).toBe(200);
  });

  it('limits requests per address, known or not, with the same 429 and Retry-After', async () => {
    const known = uniqueEmail('reset-limit-known');
    await insertUser(prisma(), { email: known });
    const unknown = uniqueEmail('reset-limit-unknown');
    for (const email of [known, unknown]) {
      for (let i = 0; i < 3; i += 1) expect((await requestReset(email)).statusCode).toBe(202);
      const limited = await requestReset(email);
      expect(limited.statusCode).toBe(429);
      expect(limited.json().error.code).toBe('RATE_LIMITED');
      expect(Number(limited.headers['retry-after'])).toBeGreaterThan(0);
    }
    expect(mail.count(known, RESET_LINK)).toBeLessThanOrEqual(3);
  });
});

describe('change password (profile)', () => {
  const change = (accessToken: string, body: unknown, refreshToken?: string) =>
    post('/api/auth/password', body, {
      headers: bearer(accessToken),
      cookies: refreshToken ? { refresh_token: refreshToken } : {},
    });

  it('refuses a wrong current password and changes nothing', async () => {
    const email = uniqueEmail('change-wrong');
    await insertUser(prisma(), { email });
    const here = await login(gateway, email);
    const other = await login(gateway, email);
    const wrong = await change(here.accessToken, {
      current_password: 'not-it',
      new_password: 'stolen-password',
    });
    expect(wrong.statusCode).toBe(400);
    expect(wrong.json().error).toMatchObject({ code: 'WRONG_PASSWORD' });
    expect(await loginStatus(email, 'stolen-password')).toBe(401);
    expect((await refresh(other.refreshToken)).statusCode).toBe(200);
  });

  it('changes the password, ends every other session and keeps this one', async () => {
    const email = uniqueEmail('change-ok');
    await insertUser(prisma(), { email });
    const here = await login(gateway, email);
    const other = await login(gateway, email);
    const changed = await change(
      here.accessToken,
      { current_password: 'correct-horse', new_password: 'changed-password' },
      here.refreshToken,
    );
    expect(changed.statusCode).toBe(200);
    expect(changed.json()).toEqual({ success: true, ended_sessions: 1 });
    expect((await refresh(other.refreshToken)).statusCode).toBe(401);
    expect((await refresh(here.refreshToken)).statusCode).toBe(200);
    expect(await loginStatus(email, 'correct-horse')).toBe(401);
    expect(await loginStatus(email, 'changed-password')).toBe(200);
  });

  it('needs a signed-in caller and limits guesses of the current password', async () => {
    const visitor = await post('/api/auth/password', { current_password: 'x', new_password: 'long-enough' });
    expect(visitor.statusCode).toBe(401);
    const email = uniqueEmail('change-limit');
    await insertUser(prisma(), { email });
    const { accessToken } = await login(gateway, email);
    const statuses: number[] = [];
    for (let i = 0; i < 11; i += 1) {
      statuses.push(
        (await change(accessToken, { current_password: `guess-${i}`, new_password: 'long-enough' }))
          .statusCode,
      );
    }
    expect(statuses.slice(0, 10)).toEqual(Array(10).fill(400));
    expect(statuses[10]).toBe(429);
  });
});

describe('sign out everywhere', () => {
  it('ends every session of the account, this one included, and clears the cookie', async () => {
    const email = uniqueEmail('everywhere');
    await insertUser(prisma(), { email });
    const bystander = await insertUser(prisma(), { email: uniqueEmail('bystander') });
    const theirs = await login(gateway, bystander.email);
    const here = await login(gateway, email);
    const other = await login(gateway, email);
    const out = await post(
      '/api/auth/logout-all',
      {},
      {
        headers: bearer(here.accessToken),
        cookies: { refresh_token: here.refreshToken! },
      },
    );
    expect(out.statusCode).toBe(204);
    expect(out.cookies.find((c) => c.name === 'refresh_token')?.value).toBe('');
    expect((await refresh(here.refreshToken)).statusCode).toBe(401);
    expect((await refresh(other.refreshToken)).statusCode).toBe(401);
    // Only this account's sessions.
    expect((await refresh(theirs.refreshToken)).statusCode).toBe(200);
  });

  it('needs the access token: a refresh cookie alone (a cross-site form) does nothing', async () => {
    const email = uniqueEmail('everywhere-csrf');
    await insertUser(prisma(), { email });
    const here = await login(gateway, email);
    const forged = await post('/api/auth/logout-all', {}, { cookies: { refresh_token: here.refreshToken! } });
    expect(forged.statusCode).toBe(401);
    expect((await refresh(here.refreshToken)).statusCode).toBe(200);
  });
});

describe('email verification links', () => {
  const unverifiedWithLink = async (label: string, language: 'en' | 'zh' = 'en') => {
    const email = uniqueEmail(label);
    const user = await insertUser(prisma(), { email, verified: false });
    const token = `${language}.${label}-link-token-0123456789abcdef`;
    await prisma().emailVerificationToken.create({
      data: { userId: user.id, tokenHash: hashToken(token), expiresAt: new Date(Date.now() + 3600_000) },
    });
    return { user, email, token };
  };

  it('GET on a link (a mail scanner) verifies nothing and signs nobody in: it only forwards to the page', async () => {
    for (const language of ['en', 'zh'] as const) {
      const { user, token } = await unverifiedWithLink(`scanned-${language}`, language);
      for (const method of ['GET', 'HEAD'] as const) {
        const fetched = await gateway.app.inject({ method, url: `/api/auth/verify?token=${token}` });
        expect(fetched.statusCode).toBe(302);
        expect(fetched.headers.location).toBe(
          `${PUBLIC_URL}${language === 'zh' ? '/zh' : ''}/auth/verify?token=${encodeURIComponent(token)}`,
        );
        expect(fetched.cookies).toEqual([]);
      }
      const after = await prisma().user.findUniqueOrThrow({ where: { id: user.id } });
      expect(after.emailVerifiedAt).toBeNull();
      const link = await prisma().emailVerificationToken.findFirstOrThrow({ where: { userId: user.id } });
      expect(link.usedAt).toBeNull();
      // The page's POST then does the verifying.
      expect((await verify(token)).statusCode).toBe(200);
    }
    const bad = await gateway.app.inject({ method: 'GET', url: '/api/auth/verify?token=x' });
    expect(bad.headers.location).toBe(`${PUBLIC_URL}/auth/verify`);
  });

  it('ends every earlier session and the registered password at the first verification', async () => {
    const { user, email, token } = await unverifiedWithLink('first-verify');
    // A session opened before the mailbox owner proved themselves (possible with verification optional).
    const earlier = 'earlier-session-refresh-token-0123456789';
    await prisma().refreshSession.create({
      data: {
        userId: user.id,
        familyId: crypto.randomUUID(),
        tokenHash: hashToken(earlier),
        expiresAt: new Date(Date.now() + 86_400_000),
      },
    });
    const verified = await verify(token, 'chosen-when-verifying');
    expect(verified.statusCode).toBe(200);
    expect((await refresh(earlier)).statusCode).toBe(401);
    expect((await refresh(refreshCookieOf(verified))).statusCode).toBe(200);
    // The password the account was registered with (by anyone) gives way to the verifier's.
    expect(await loginStatus(email, 'correct-horse')).toBe(401);
    expect(await loginStatus(email, 'chosen-when-verifying')).toBe(200);
  });

  it('leaves an account verified meanwhile (a reset link, Google) as it is: its password and sessions stay', async () => {
    const { user, email, token } = await unverifiedWithLink('verified-meanwhile');
    await prisma().user.update({ where: { id: user.id }, data: { emailVerifiedAt: new Date() } });
    const here = await login(gateway, email);
    expect((await verify(token, 'typed-on-the-page')).statusCode).toBe(200);
    expect((await refresh(here.refreshToken)).statusCode).toBe(200);
    expect(await loginStatus(email, 'correct-horse')).toBe(200);
  });

  it('resends with a 60 s cooldown per address, answering unknown and verified addresses the same', async () => {
    const { email } = await unverifiedWithLink('resend');
    const verified = uniqueEmail('resend-verified');
    await insertUser(prisma(), { email: verified });
    const unknown = uniqueEmail('resend-unknown');
    const first = await resend(email, 'zh');
    expect(first.statusCode).toBe(202);
    const delivered = await mail.waitForVerification(email);
    expect(delivered.mail.subject).toContain('请验证');
    expect(new URL(delivered.verifyUrl).pathname).toBe('/zh/auth/verify');
    expect((await verify(tokenOf(delivered.verifyUrl))).statusCode).toBe(200);

    for (const address of [unknown, verified]) {
      const other = await resend(address);
      expect(other.statusCode).toBe(first.statusCode);
      expect(other.body).toBe(first.body);
    }
    for (const address of [email, unknown, verified]) {
      const again = await resend(address);
      expect(again.statusCode).toBe(429);
      expect(again.json().error.code).toBe('RATE_LIMITED');
      const retryAfter = Number(again.headers['retry-after']);
      expect(retryAfter).toBeGreaterThan(0);
      expect(retryAfter).toBeLessThanOrEqual(60);
    }
    await new Promise((resolve) => setTimeout(resolve, 300));
    expect(mail.count(email, VERIFY_LINK)).toBe(1);
    expect(mail.count(unknown, VERIFY_LINK) + mail.count(verified, VERIFY_LINK)).toBe(0);
  });

  it('lets registering again over an unverified account replace its password; only the newest link works', async () => {
    const email = uniqueEmail('reregister');
    const register = (password: string) => post('/api/auth/register', { email, password, language: 'en' });
    expect((await register('first-password')).statusCode).toBe(201);
    const firstLink = tokenOf((await mail.waitForVerification(email, 1)).verifyUrl);
    const again = await register('second-password');
    expect(again.statusCode).toBe(201);
    expect(again.json()).toEqual({ success: true, message: expect.stringContaining('verify') });
    const secondLink = tokenOf((await mail.waitForVerification(email, 2)).verifyUrl);
    // The first link was sent for the first password: it must not verify the account with the second.
    expect((await verify(firstLink, 'first-password')).statusCode).toBe(400);
    expect((await verify(secondLink, 'second-password')).statusCode).toBe(200);
    expect(await loginStatus(email, 'first-password')).toBe(401);
    expect(await loginStatus(email, 'second-password')).toBe(200);
    // Verified now: registering again answers as before but changes nothing.
    expect((await register('third-password')).statusCode).toBe(201);
    expect(await loginStatus(email, 'third-password')).toBe(401);
    expect(await loginStatus(email, 'second-password')).toBe(200);
    expect(await prisma().user.count({ where: { email } })).toBe(1);
  });
});
