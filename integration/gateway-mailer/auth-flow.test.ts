import { QUEUE_NAMES } from '@app/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
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
import { type MailDelivery, startMailDelivery } from '../support/mail-delivery.ts';

let gateway: Gateway;
let mail: MailDelivery;
beforeAll(async () => {
  gateway = await startGateway();
  mail = await startMailDelivery(gateway);
});
afterAll(async () => {
  await mail?.close();
  await gateway?.close();
});

const register = (email: string, password = 'correct-horse', language: 'en' | 'zh' = 'en', headers = {}) =>
  gateway.app.inject({
    method: 'POST',
    url: '/api/auth/register',
    payload: { email, password, language },
    headers,
  });
/** The verify page posts the token with the password the verifier chose (here the one registered with). */
const verify = (token: string, password = 'correct-horse') =>
  gateway.app.inject({ method: 'POST', url: '/api/auth/verify', payload: { token, password } });
const refresh = (token: string | undefined) =>
  gateway.app.inject({
    method: 'POST',
    url: '/api/auth/refresh',
    cookies: token ? { refresh_token: token } : {},
  });

describe('register → email → verify → login → refresh → logout', () => {
  it('walks the whole password sign-in life cycle', async () => {
    const email = uniqueEmail('ann');
    const registered = await register(email.toUpperCase(), 'correct-horse', 'en', {
      'x-request-id': 'req-register-1',
    });
    expect(registered.statusCode).toBe(201);
    expect(registered.json()).toEqual({ success: true, message: expect.stringContaining('verify') });

    // The account exists, lower-cased, with a user/free profile and a hashed (argon2id) password.
    const user = await gateway.db.prisma.user.findUniqueOrThrow({
      where: { email },
      include: { profile: true },
    });
    expect(user.passwordHash).toMatch(/^\$argon2id\$/);
    expect(user.emailVerifiedAt).toBeNull();
    expect(user.profile).toMatchObject({ role: 'user', subscriptionType: 'free', displayName: null });

    // Until verified, the password does not open a session.
    const early = await gateway.app.inject({
      method: 'POST',
      url: '/api/auth/login',
      payload: { email, password: 'correct-horse' },
    });
    expect(early.statusCode).toBe(403);
    expect(early.json().error).toEqual({ code: 'EMAIL_NOT_CONFIRMED', message: 'Email not confirmed' });

    // The mailer delivers the email over SMTP with a one-time link; only the link's sha256 is stored.
    const delivered = await mail.waitForVerification(email);
    expect(delivered.mail.subject).toBe('Verify your email address for Daily Curated');
    const link = new URL(delivered.verifyUrl);
    expect(`${link.origin}${link.pathname}`).toBe(`${PUBLIC_URL}/auth/verify`);
    const token = link.searchParams.get('token')!;
    const stored = await gateway.db.prisma.emailVerificationToken.findFirstOrThrow({
      where: { userId: user.id },
    });
    expect(stored.tokenHash).toBe(hashToken(token));
    expect(stored.tokenHash).not.toContain(token);

    // The link opens a web page, which posts the token and the chosen password: that verifies and signs in
    // (refresh cookie).
    const verified = await verify(token);
    expect(verified.statusCode).toBe(200);
    expect(verified.json().user).toMatchObject({ email, email_verified: true });
    const verifyCookie = verified.cookies.find((c) => c.name === 'refresh_token');
    expect(verifyCookie).toMatchObject({ httpOnly: true, sameSite: 'Lax', path: '/api/auth' });
    const fromLink = await refresh(verifyCookie?.value);
    expect(fromLink.statusCode).toBe(200);
    expect(fromLink.json().user).toMatchObject({ email, email_verified: true });

    // The link is single-use.
    const again = await verify(token);
    expect(again.statusCode).toBe(400);
    expect(again.json().error.code).toBe('INVALID_TOKEN');

    // Password login now returns a session and sets the refresh cookie.
    const loggedIn = await gateway.app.inject({
      method: 'POST',
      url: '/api/auth/login',
      payload: { email, password: 'correct-horse' },
    });
    expect(loggedIn.statusCode).toBe(200);
    const session = loggedIn.json();
    expect(session).toMatchObject({
      token_type: 'Bearer',
      expires_in: 900,
      user: { id: user.id, email, email_verified: true, avatar_url: null },
      profile: { id: user.id, role: 'user', subscription_type: 'free', display_name: null },
    });
    expect(session.user.last_login_at).not.toBeNull();
    const me = await gateway.app.inject({
      method: 'GET',
      url: '/api/me',
      headers: bearer(session.access_token),
    });
    expect(me.json().user.email).toBe(email);
    const first = refreshCookieOf(loggedIn)!;

    // Refresh rotates: a new cookie in the same family, the old one revoked.
    const rotated = await refresh(first);
    expect(rotated.statusCode).toBe(200);
    expect(rotated.json().access_token).toEqual(expect.any(String));
    const second = refreshCookieOf(rotated)!;
    expect(second).not.toBe(first);
    const rows = await gateway.db.prisma.refreshSession.findMany({
      where: { tokenHash: { in: [hashToken(first), hashToken(second)] } },
    });
    expect(new Set(rows.map((r) => r.familyId)).size).toBe(1);
    const third = refreshCookieOf(await refresh(second))!;

    // Presenting an already-rotated token is reuse: the whole family dies, the newest token included.
    const reuse = await refresh(first);
    expect(reuse.statusCode).toBe(401);
    expect(reuse.json().error.code).toBe('INVALID_REFRESH_TOKEN');
    expect((await refresh(third)).statusCode).toBe(401);

    // A new login is a new family; logout revokes it and clears the cookie.
    const fresh = await login(gateway, email);
    const loggedOut = await gateway.app.inject({
      method: 'POST',
      url: '/api/auth/logout',
      cookies: { refresh_token: fresh.refreshToken! },
    });
    expect(loggedOut.statusCode).toBe(204);
    expect(loggedOut.cookies.find((c) => c.name === 'refresh_token')?.value).toBe('');
    expect((await refresh(fresh.refreshToken)).statusCode).toBe(401);
  });

  it('sends Chinese registrations a link to the Chinese page /zh/auth/verify', async () => {
    const email = uniqueEmail('zh');
    expect((await register(email, 'correct-horse', 'zh')).statusCode).toBe(201);
    const delivered = await mail.waitForVerification(email);
    expect(delivered.mail.subject).toContain('请验证');
    const link = new URL(delivered.verifyUrl);
    expect(`${link.origin}${link.pathname}`).toBe(`${PUBLIC_URL}/zh/auth/verify`);
    expect((await verify(link.searchParams.get('token')!)).statusCode).toBe(200);
  });
});

describe('auth errors', () => {
  it("answers a verified account's email as a new one, and mails its owner the ways in", async () => {
    const email = uniqueEmail('dup');
    await insertUser(gateway.db.prisma, { email });
    const fresh = await register(uniqueEmail('not-dup'));
    const duplicate = await register(email.toUpperCase(), 'someone-elses');
    expect(duplicate.statusCode).toBe(fresh.statusCode);
    expect(duplicate.json()).toEqual(fresh.json());
    const delivered = await mail.smtp.waitForMessage((m) => m.to.includes(email), 15_000);
    expect(delivered.subject).toBe('Someone tried to create a Daily Curated account with your address');
    expect(delivered.html).toContain(`href="${PUBLIC_URL}/auth"`);
    expect(delivered.html).toContain(`href="${PUBLIC_URL}/auth/reset"`);
    expect(delivered.text).toContain(`${PUBLIC_URL}/auth/reset`);
    // No verification link: the account is not touched, its own password still signs in.
    expect(mail.count(email, /\/auth\/verify\?token=/)).toBe(0);
    expect((await login(gateway, email)).accessToken).toBeTruthy();
  });

  it('mails that owner in Chinese when the registration was in Chinese', async () => {
    const email = uniqueEmail('dup-zh');
    await insertUser(gateway.db.prisma, { email });
    expect((await register(email, 'correct-horse', 'zh')).statusCode).toBe(201);
    const delivered = await mail.smtp.waitForMessage((m) => m.to.includes(email), 15_000);
    expect(delivered.subject).toBe('有人尝试用您的邮箱地址注册每日精选账户');
    expect(delivered.html).toContain(`href="${PUBLIC_URL}/zh/auth"`);
    expect(delivered.text).toContain(`${PUBLIC_URL}/zh/auth/reset`);
  });

  it('answers a wrong password and an unknown email the same way', async () => {
    const email = uniqueEmail('wrong');
    await insertUser(gateway.db.prisma, { email });
    const wrong = await gateway.app.inject({
      method: 'POST',
      url: '/api/auth/login',
      payload: { email, password: 'not-it!' },
    });
    const unknown = await gateway.app.inject({
      method: 'POST',
      url: '/api/auth/login',
      payload: { email: uniqueEmail('nobody'), password: 'not-it!' },
    });
    for (const response of [wrong, unknown]) {
      expect(response.statusCode).toBe(401);
      expect(response.json()).toEqual({
        error: { code: 'INVALID_CREDENTIALS', message: 'Invalid login credentials' },
      });
      expect(response.cookies).toEqual([]);
    }
  });

  it('answers bad and missing verification tokens with 400 INVALID_TOKEN or a validation error', async () => {
    const unknown = await verify('en.not-a-real-token-at-all');
    expect(unknown.statusCode).toBe(400);
    expect(unknown.json()).toEqual({
      error: { code: 'INVALID_TOKEN', message: 'This link is invalid or has expired' },
    });
    const password = 'correct-horse';
    for (const payload of [
      {},
      { token: 'x', password },
      { token: 42, password },
      // The verifier must choose a password, by the rules of registration.
      { token: 'en.not-a-real-token-at-all' },
      { token: 'en.not-a-real-token-at-all', password: 'short' },
    ]) {
      const response = await gateway.app.inject({ method: 'POST', url: '/api/auth/verify', payload });
      expect(response.statusCode).toBe(400);
      expect(response.cookies).toEqual([]);
    }
  });

  it('refuses an expired verification link and an expired refresh session', async () => {
    const email = uniqueEmail('expired');
    const user = await insertUser(gateway.db.prisma, { email, verified: false });
    const past = new Date(Date.now() - 1000);
    const token = 'en.expired-link-token-0123456789';
    await gateway.db.prisma.emailVerificationToken.create({
      data: { userId: user.id, tokenHash: hashToken(token), expiresAt: past },
    });
    const link = await verify(token);
    expect(link.statusCode).toBe(400);
    expect(link.json().error.code).toBe('INVALID_TOKEN');
    expect(
      (await gateway.db.prisma.user.findUniqueOrThrow({ where: { id: user.id } })).emailVerifiedAt,
    ).toBeNull();

    await gateway.db.prisma.user.update({ where: { id: user.id }, data: { emailVerifiedAt: new Date() } });
    const { refreshToken } = await login(gateway, email);
    await gateway.db.prisma.refreshSession.update({
      where: { tokenHash: hashToken(refreshToken!) },
      data: { expiresAt: past },
    });
    const expired = await refresh(refreshToken);
    expect(expired.statusCode).toBe(401);
    expect(expired.json().error.code).toBe('INVALID_REFRESH_TOKEN');
  });

  it('answers refresh without a cookie, or with an unknown one, with 401', async () => {
    for (const token of [undefined, 'unknown-token']) {
      const response = await refresh(token);
      expect(response.statusCode).toBe(401);
      expect(response.json().error.code).toBe('INVALID_REFRESH_TOKEN');
    }
  });

  it('lets logout succeed even without a session', async () => {
    const response = await gateway.app.inject({ method: 'POST', url: '/api/auth/logout' });
    expect(response.statusCode).toBe(204);
  });

  it('puts the request id on the queued verification job', async () => {
    const email = uniqueEmail('job');
    await register(email, 'correct-horse', 'en', { 'x-request-id': 'req-job-42' });
    const jobs = await gateway.producer
      .queue(QUEUE_NAMES.mail)
      .getJobs(['waiting', 'active', 'completed', 'delayed']);
    const job = jobs.find((j) => j.data.email === email);
    expect(job?.name).toBe('send-verification-email');
    expect(job?.data.requestId).toBe('req-job-42');
  });
});

describe('AUTH_REQUIRE_EMAIL_VERIFICATION=false', () => {
  it('lets an unverified user sign in', async () => {
    const lenient = await startGateway({ AUTH_REQUIRE_EMAIL_VERIFICATION: 'false' });
    try {
      const email = uniqueEmail('lenient');
      await insertUser(lenient.db.prisma, { email, verified: false });
      const { accessToken } = await login(lenient, email);
      const me = await lenient.app.inject({ method: 'GET', url: '/api/me', headers: bearer(accessToken) });
      expect(me.json().user.email_verified).toBe(false);
    } finally {
      await lenient.close();
    }
  });
});
