import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { FAKE_GOOGLE_CLIENT, type FakeGoogle, startFakeGoogle } from './support/fake-google.ts';
import {
  type Gateway,
  insertUser,
  login,
  PUBLIC_URL,
  startGateway,
  uniqueEmail,
} from './support/gateway-harness.ts';

let google: FakeGoogle;
let gateway: Gateway;
beforeAll(async () => {
  google = await startFakeGoogle();
  gateway = await startGateway({
    ...google.env,
  });
});
afterAll(async () => {
  await gateway?.close();
  await google?.close();
});

/** start → the fake Google's consent page → our callback, carrying the flow cookie like a browser. */
async function signInWithGoogle(lang: 'en' | 'zh' = 'en') {
  const start = await gateway.app.inject({ method: 'GET', url: `/api/auth/google/start?lang=${lang}` });
  expect(start.statusCode).toBe(302);
  const authUrl = new URL(start.headers.location as string);
  const flow = start.cookies.find((c) => c.name === 'google_oauth');
  const consent = await fetch(authUrl, { redirect: 'manual' });
  expect(consent.status).toBe(302);
  const back = new URL(consent.headers.get('location') ?? '');
  expect(`${back.origin}${back.pathname}`).toBe(`${PUBLIC_URL}/api/auth/google/callback`);
  const callback = await gateway.app.inject({
    method: 'GET',
    url: `${back.pathname}${back.search}`,
    cookies: flow ? { google_oauth: flow.value } : {},
  });
  return { start, authUrl, callback };
}

describe('Google sign-in', () => {
  it('redirects to the configured authorization endpoint with a signed state and PKCE', async () => {
    google.signInAs({ sub: randomUUID(), email: uniqueEmail('g'), email_verified: true });
    const { authUrl } = await signInWithGoogle();
    expect(`${authUrl.origin}${authUrl.pathname}`).toBe(google.authUrl);
    expect(authUrl.searchParams.get('client_id')).toBe(FAKE_GOOGLE_CLIENT.id);
    expect(authUrl.searchParams.get('scope')).toBe('openid email profile');
    expect(authUrl.searchParams.get('code_challenge_method')).toBe('S256');
    expect(authUrl.searchParams.get('state')?.split('.')).toHaveLength(3);
  });

  it('creates the user with a user/free profile, sets the refresh cookie and lands on /auth/callback', async () => {
    const email = uniqueEmail('new-google');
    const sub = randomUUID();
    google.signInAs({ sub, email, email_verified: true, picture: 'https://example.com/a.png' });
    const { callback } = await signInWithGoogle();
    expect(callback.statusCode).toBe(302);
    expect(callback.headers.location).toBe(`${PUBLIC_URL}/auth/callback`);
    const cookie = callback.cookies.find((c) => c.name === 'refresh_token');
    expect(cookie).toMatchObject({ httpOnly: true, path: '/api/auth' });
    const user = await gateway.db.prisma.user.findUniqueOrThrow({
      where: { email },
      include: { profile: true },
    });
    expect(user).toMatchObject({
      googleSub: sub,
      avatarUrl: 'https://example.com/a.png',
      passwordHash: null,
    });
    expect(user.emailVerifiedAt).not.toBeNull();
    expect(user.profile).toMatchObject({ role: 'user', subscriptionType: 'free' });
    const session = await gateway.app.inject({
      method: 'POST',
      url: '/api/auth/refresh',
      cookies: { refresh_token: cookie!.value },
    });
    expect(session.json().user.email).toBe(email);

    // Signing in again finds the same account by its Google subject.
    const again = await signInWithGoogle();
    expect(again.callback.headers.location).toBe(`${PUBLIC_URL}/auth/callback`);
    expect(await gateway.db.prisma.user.count({ where: { googleSub: sub } })).toBe(1);
  });

  it('links to an existing account by verified email and keeps the language', async () => {
    const email = uniqueEmail('linked');
    const existing = await insertUser(gateway.db.prisma, { email });
    const sub = randomUUID();
    google.signInAs({ sub, email, email_verified: true });
    const { callback } = await signInWithGoogle('zh');
    expect(callback.headers.location).toBe(`${PUBLIC_URL}/zh/auth/callback`);
    const user = await gateway.db.prisma.user.findUniqueOrThrow({ where: { id: existing.id } });
    expect(user.googleSub).toBe(sub);
    expect(user.passwordHash).toBe(existing.passwordHash);
  });

  it('ends every earlier session of the account it links to, and only those', async () => {
    const email = uniqueEmail('linked-sessions');
    await insertUser(gateway.db.prisma, { email });
    const earlier = await login(gateway, email);
    google.signInAs({ sub: randomUUID(), email, email_verified: true });
    const { callback } = await signInWithGoogle();
    const viaGoogle = callback.cookies.find((c) => c.name === 'refresh_token')?.value;
    const refresh = (token: string | undefined) =>
      gateway.app.inject({
        method: 'POST',
        url: '/api/auth/refresh',
        cookies: { refresh_token: token ?? '' },
      });
    expect((await refresh(earlier.refreshToken)).statusCode).toBe(401);
    expect((await refresh(viaGoogle)).statusCode).toBe(200);
    // Later Google sign-ins of the linked account end nothing.
    const again = await login(gateway, email);
    await signInWithGoogle();
    expect((await refresh(again.refreshToken)).statusCode).toBe(200);
  });

  it('drops a password nobody proved (unverified account) when the mailbox owner arrives via Google', async () => {
    const email = uniqueEmail('squatted');
    const squatter = await insertUser(gateway.db.prisma, { email, verified: false });
    google.signInAs({ sub: randomUUID(), email, email_verified: true });
    await signInWithGoogle();
    const user = await gateway.db.prisma.user.findUniqueOrThrow({ where: { id: squatter.id } });
    expect(user.passwordHash).toBeNull();
    expect(user.emailVerifiedAt).not.toBeNull();
  });

  it('refuses an unverified Google email', async () => {
    google.signInAs({ sub: randomUUID(), email: uniqueEmail('unverified'), email_verified: false });
    const { callback } = await signInWithGoogle();
    expect(callback.headers.location).toBe(`${PUBLIC_URL}/auth?error=google_failed`);
    expect(callback.cookies.find((c) => c.name === 'refresh_token' && c.value)).toBeUndefined();
  });

  it('fails closed without the flow cookie, with a forged state, or with a Google error', async () => {
    google.signInAs({ sub: randomUUID(), email: uniqueEmail('csrf'), email_verified: true });
    const start = await gateway.app.inject({ method: 'GET', url: '/api/auth/google/start?lang=zh' });
    const consent = await fetch(start.headers.location as string, { redirect: 'manual' });
    const back = new URL(consent.headers.get('location') ?? '');
    // Another browser (no flow cookie) replaying the callback URL: login CSRF.
    const stolen = await gateway.app.inject({ method: 'GET', url: `${back.pathname}${back.search}` });
    expect(stolen.headers.location).toBe(`${PUBLIC_URL}/zh/auth?error=google_failed`);
    const forged = await gateway.app.inject({
      method: 'GET',
      url: '/api/auth/google/callback?code=abc&state=forged',
    });
    expect(forged.headers.location).toBe(`${PUBLIC_URL}/auth?error=google_failed`);
    const denied = await gateway.app.inject({
      method: 'GET',
      url: '/api/auth/google/callback?error=access_denied',
    });
    expect(denied.headers.location).toBe(`${PUBLIC_URL}/auth?error=google_failed`);
  });

  it('sends the browser back to /auth?error=google_unavailable when Google is not configured', async () => {
    const bare = await startGateway();
    try {
      const response = await bare.app.inject({ method: 'GET', url: '/api/auth/google/start' });
      expect(response.statusCode).toBe(302);
      expect(response.headers.location).toBe(`${PUBLIC_URL}/auth?error=google_unavailable`);
    } finally {
      await bare.close();
    }
  });
});
