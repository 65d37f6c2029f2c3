import { describe, expect, it } from 'vitest';
import { insertUser, startGateway, uniqueEmail } from '../support/gateway-harness.ts';

// The refresh cookie (a 30-day session) must never travel over plain http from a real site: it is Secure
// whenever PUBLIC_URL is https, whatever NODE_ENV says, and in production. So is the known-device cookie,
// which exempts a browser from the delays of failed logins (login-delay.ts).

async function refreshCookieHeader(
  env: Record<string, string>,
  name: 'refresh_token' | 'known_device' = 'refresh_token',
): Promise<string> {
  const gateway = await startGateway(env);
  try {
    const email = uniqueEmail('cookie');
    await insertUser(gateway.db.prisma, { email });
    const response = await gateway.app.inject({
      method: 'POST',
      url: '/api/auth/login',
      payload: { email, password: 'correct-horse' },
    });
    expect(response.statusCode).toBe(200);
    const header = [response.headers['set-cookie']].flat().find((c) => c?.startsWith(`${name}=`));
    expect(header).toBeDefined();
    return header!;
  } finally {
    await gateway.close();
  }
}

describe('refresh cookie', () => {
  it.each([
    ['https site, NODE_ENV=test', { NODE_ENV: 'test', PUBLIC_URL: 'https://news.example.org' }],
    ['https site, NODE_ENV=development', { NODE_ENV: 'development', PUBLIC_URL: 'https://news.example.org' }],
    ['production over http', { NODE_ENV: 'production', PUBLIC_URL: 'http://localhost:3000' }],
  ])('is Secure on a %s', async (_, env) => {
    for (const name of ['refresh_token', 'known_device'] as const) {
      const cookie = await refreshCookieHeader(env, name);
      expect(cookie).toMatch(/;\s*Secure/i);
      expect(cookie).toMatch(/;\s*HttpOnly/i);
      expect(cookie).toMatch(/;\s*SameSite=Lax/i);
      expect(cookie).toMatch(/;\s*Path=\/api\/auth/i);
    }
  });

  it('is not Secure on a plain-http test site (browsers would drop it there)', async () => {
    const cookie = await refreshCookieHeader({ NODE_ENV: 'test', PUBLIC_URL: 'http://app.test' });
    expect(cookie).not.toMatch(/;\s*Secure/i);
  });
});

// The session hint: readable by the page (it holds no secret) so that a visitor's page load skips
// /api/auth/refresh, and set and cleared exactly with the refresh cookie.
describe('session hint cookie', () => {
  const cookieOf = (response: { headers: Record<string, unknown> }, name: string) =>
    [response.headers['set-cookie']]
      .flat()
      .find((c): c is string => typeof c === 'string' && c.startsWith(`${name}=`));
  const maxAgeOf = (cookie: string | undefined) => /;\s*Max-Age=(\d+)/i.exec(cookie ?? '')?.[1];

  it('comes with the refresh cookie, lives as long, readable by the page, and goes with it', async () => {
    const gateway = await startGateway({ NODE_ENV: 'test', PUBLIC_URL: 'https://news.example.org' });
    try {
      const email = uniqueEmail('hint');
      await insertUser(gateway.db.prisma, { email });
      const signIn = await gateway.app.inject({
        method: 'POST',
        url: '/api/auth/login',
        payload: { email, password: 'correct-horse' },
      });
      const hint = cookieOf(signIn, 'has_session');
      const refresh = cookieOf(signIn, 'refresh_token');
      expect(hint).toMatch(/^has_session=1;/);
      expect(hint).not.toMatch(/;\s*HttpOnly/i);
      expect(hint).toMatch(/;\s*Path=\/(;|$)/i);
      expect(hint).toMatch(/;\s*Secure/i);
      expect(hint).toMatch(/;\s*SameSite=Lax/i);
      expect(maxAgeOf(hint)).toBe(maxAgeOf(refresh));

      const token = signIn.cookies.find((c) => c.name === 'refresh_token')!.value;
      const rotated = await gateway.app.inject({
        method: 'POST',
        url: '/api/auth/refresh',
        cookies: { refresh_token: token },
      });
      expect(rotated.statusCode).toBe(200);
      expect(cookieOf(rotated, 'has_session')).toMatch(/^has_session=1;/);

      const next = rotated.cookies.find((c) => c.name === 'refresh_token')!.value;
      const logout = await gateway.app.inject({
        method: 'POST',
        url: '/api/auth/logout',
        cookies: { refresh_token: next },
      });
      expect(logout.statusCode).toBe(204);
      expect(cookieOf(logout, 'has_session')).toMatch(/^has_session=;.*Expires=Thu, 01 Jan 1970/i);

      // A dead refresh cookie is dropped with its hint.
      const dead = await gateway.app.inject({
        method: 'POST',
        url: '/api/auth/refresh',
        cookies: { refresh_token: next },
      });
      expect(dead.statusCode).toBe(401);
      expect(cookieOf(dead, 'has_session')).toMatch(/^has_session=;.*Expires=Thu, 01 Jan 1970/i);
    } finally {
      await gateway.close();
    }
  });
});
