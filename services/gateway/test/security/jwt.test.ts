import { createHmac } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  bearer,
  type Gateway,
  insertUser,
  login,
  refreshCookieOf,
  signedInUser,
  startGateway,
  TEST_JWT_SECRET,
  uniqueEmail,
} from '../support/gateway-harness.ts';
import { hashToken } from '../../src/lib/opaque-token.ts';

// Access tokens: only an unexpired HS256 token we signed, of type "access", opens the API. Refresh
// tokens: one use each; a second use (theft) ends the whole login, except the token rotated last sent
// again within the grace period (a reload or a second tab). (The basic rotation and reuse walk-through
// lives in auth-flow.test.ts; this file covers the forgeries and the edges.)

let gateway: Gateway;
let user: { id: string; email: string };
let admin: { id: string; email: string };
let valid = '';
beforeAll(async () => {
  gateway = await startGateway({ LOGIN_RATE_LIMIT: '1000' });
  user = await insertUser(gateway.db.prisma, { email: uniqueEmail('jwt-user') });
  admin = await insertUser(gateway.db.prisma, { email: uniqueEmail('jwt-admin'), role: 'admin' });
  valid = (await login(gateway, user.email)).accessToken;
});
afterAll(async () => {
  await gateway?.close();
});

const b64 = (value: object | string) =>
  Buffer.from(typeof value === 'string' ? value : JSON.stringify(value)).toString('base64url');
const now = () => Math.floor(Date.now() / 1000);

/** A JWT signed by hand: any header, any claims, any key. */
function forge(
  claims: Record<string, unknown>,
  { alg = 'HS256', secret = TEST_JWT_SECRET }: { alg?: string; secret?: string } = {},
) {
  const head = `${b64({ alg, typ: 'JWT' })}.${b64(claims)}`;
  const hash = { HS256: 'sha256', HS384: 'sha384', HS512: 'sha512' }[alg];
  const signature = hash ? createHmac(hash, secret).update(head).digest('base64url') : '';
  return `${head}.${signature}`;
}

const me = (headers: Record<string, string>, url = '/api/me') =>
  gateway.app.inject({ method: 'GET', url, headers });
const admins = (token: string) => me(bearer(token), '/api/admin/ping');

describe('access tokens', () => {
  it('accept a fresh token, and a hand-made one only when it is exactly what we sign', async () => {
    expect((await me(bearer(valid))).statusCode).toBe(200);
    const ours = forge({ sub: user.id, typ: 'access', iat: now(), exp: now() + 60 });
    expect((await me(bearer(ours))).statusCode).toBe(200);
  });

  it('refuse an expired token, and one not valid yet', async () => {
    const expired = forge({ sub: user.id, typ: 'access', iat: now() - 3600, exp: now() - 1 });
    const early = forge({ sub: user.id, typ: 'access', iat: now(), nbf: now() + 3600, exp: now() + 7200 });
    for (const token of [expired, early]) {
      const response = await me(bearer(token));
      expect(response.statusCode).toBe(401);
      expect(response.json().error.code).toBe('UNAUTHENTICATED');
    }
  });

  it('refuse a tampered payload (another subject, an admin) and a tampered signature', async () => {
    const [head, , signature] = valid.split('.');
    const claims = JSON.parse(Buffer.from(valid.split('.')[1]!, 'base64url').toString());
    const asAdmin = `${head}.${b64({ ...claims, sub: admin.id })}.${signature}`;
    const withRole = `${head}.${b64({ ...claims, role: 'admin', plan: 'pro' })}.${signature}`;
    const flipped = `${head}.${valid.split('.')[1]}.${signature!.slice(0, -2)}${signature!.endsWith('AA') ? 'BB' : 'AA'}`;
    const stripped = `${head}.${valid.split('.')[1]}.`;
    for (const token of [asAdmin, withRole, flipped, stripped]) {
      expect((await me(bearer(token))).statusCode).toBe(401);
      expect((await admins(token)).statusCode).toBe(401);
    }
  });

  it('refuse alg none, other HMAC sizes, and tokens signed with another key', async () => {
    const claims = { sub: admin.id, typ: 'access', iat: now(), exp: now() + 600 };
    const tokens = [
      forge(claims, { alg: 'none' }),
      forge(claims, { alg: 'NONE' }),
      `${b64({ alg: 'none' })}.${b64(claims)}`,
      forge(claims, { alg: 'HS384' }),
      forge(claims, { alg: 'HS512' }),
      forge(claims, { secret: 'another-secret-that-is-long-enough-0123456789' }),
      forge(claims, { secret: '' }),
      // RS256 in the header, signed with the HMAC key as if it were a public key (algorithm confusion).
      forge(claims, { alg: 'RS256' }).replace(
        /\.$/,
        `.${createHmac('sha256', TEST_JWT_SECRET).update('x').digest('base64url')}`,
      ),
    ];
    for (const token of tokens) {
      expect((await admins(token)).statusCode, token).toBe(401);
    }
  });

  it('refuse our other signed tokens (audio links, OAuth state) and tokens of the wrong shape', async () => {
    const tokens = [
      forge({ sub: user.id, typ: 'podcast-audio', uid: user.id, exp: now() + 600 }),
      forge({ sub: user.id, typ: 'google_state', exp: now() + 600 }),
      forge({ sub: user.id, exp: now() + 600 }),
      forge({ sub: 42, typ: 'access', exp: now() + 600 }),
      forge({ sub: [user.id], typ: 'access', exp: now() + 600 }),
      forge({ typ: 'access', exp: now() + 600 }),
      'a.b.c',
      '..',
      `${valid}.extra`,
      ' ',
    ];
    for (const token of tokens) {
      const response = await me(bearer(token));
      expect(response.statusCode, token).toBe(401);
    }
  });

  it('read the token from the Authorization header only', async () => {
    const elsewhere: Record<string, string>[] = [
      { authorization: `bearer ${valid}` },
      { authorization: `Token ${valid}` },
      { authorization: valid },
      { cookie: `access_token=${valid}` },
      { 'x-access-token': valid },
    ];
    for (const headers of elsewhere) {
      expect((await me(headers)).statusCode, JSON.stringify(headers)).toBe(401);
    }
    expect((await me({}, `/api/me?token=${valid}&access_token=${valid}`)).statusCode).toBe(401);
  });

  it('answer a token whose subject is not a user id with 401, never a 500', async () => {
    for (const sub of ['not-a-uuid', "' OR 1=1 --"]) {
      const token = forge({ sub, typ: 'access', iat: now(), exp: now() + 600 });
      for (const url of ['/api/me', '/api/pro/ping', '/api/admin/ping', '/api/billing/subscription']) {
        const response = await me(bearer(token), url);
        expect(response.statusCode, `${sub} ${url}`).toBe(401);
      }
    }
  });

  it("treat a deleted account's unexpired token as signed out wherever it would write", async () => {
    const gone = forge({
      sub: '00000000-0000-4000-8000-000000000000',
      typ: 'access',
      iat: now(),
      exp: now() + 600,
    });
    const topic = await gateway.db.prisma.topic.create({
      data: { name: 'Gone', slug: `gone-${Date.now()}` },
    });
    const writes = [
      ['PATCH', '/api/me', { display_name: 'ghost' }],
      [
        'POST',
        '/api/source-submissions',
        { topic: topic.id, platform: 'blog', url: 'https://ghost.example.com/rss' },
      ],
    ] as const;
    for (const [method, url, payload] of writes) {
      const response = await gateway.app.inject({ method, url, payload, headers: bearer(gone) });
      expect(response.statusCode, `${method} ${url} ${response.body}`).toBeLessThan(500);
    }
    for (const url of ['/api/me', '/api/pro/ping', '/api/admin/ping']) {
      expect((await me(bearer(gone), url)).statusCode, url).toBe(401);
    }
  });
});

describe('refresh tokens', () => {
  const refresh = (token: string | undefined) =>
    gateway.app.inject({
      method: 'POST',
      url: '/api/auth/refresh',
      cookies: token ? { refresh_token: token } : {},
    });

  it('a reused token revokes the family, including the tokens issued after it', async () => {
    const { refreshToken: first } = await login(gateway, user.email);
    const second = refreshCookieOf(await refresh(first))!;
    const third = refreshCookieOf(await refresh(second))!;
    expect((await refresh(first)).statusCode).toBe(401);
    expect((await refresh(third)).statusCode).toBe(401);
    // Another login of the same user is another family and keeps working.
    const other = await login(gateway, user.email);
    expect((await refresh(other.refreshToken)).statusCode).toBe(200);
  });

  it('two uses at the same moment (two tabs opening): each gets a token of its own in the family', async () => {
    const { refreshToken } = await login(gateway, user.email);
    const answers = await Promise.all([refresh(refreshToken), refresh(refreshToken), refresh(refreshToken)]);
    expect(answers.map((a) => a.statusCode)).toEqual([200, 200, 200]);
    const tokens = answers.map((a) => refreshCookieOf(a)!);
    expect(new Set(tokens).size).toBe(3);
    const rows = await gateway.db.prisma.refreshSession.findMany({
      where: { tokenHash: { in: [refreshToken!, ...tokens].map(hashToken) } },
    });
    expect(new Set(rows.map((r) => r.familyId)).size).toBe(1);
    for (const token of tokens) expect((await refresh(token)).statusCode).toBe(200);
  });

  it('a reload mid-refresh: the token rotated last, sent again at once, gets its own token', async () => {
    const { refreshToken: first } = await login(gateway, user.email);
    // The answer to this rotation never reached the browser.
    const lost = refreshCookieOf(await refresh(first))!;
    const again = await refresh(first);
    expect(again.statusCode).toBe(200);
    const kept = refreshCookieOf(again)!;
    expect(kept).not.toBe(lost);
    expect((await refresh(kept)).statusCode).toBe(200);
  });

  it('the same replay after the grace period is reuse and ends the family', async () => {
    const { refreshToken: first } = await login(gateway, user.email);
    const second = refreshCookieOf(await refresh(first))!;
    // The rotation happened longer ago than REFRESH_REUSE_GRACE_SECONDS (30).
    await gateway.db.prisma.refreshSession.update({
      where: { tokenHash: hashToken(first!) },
      data: { revokedAt: new Date(Date.now() - 31_000) },
    });
    expect((await refresh(first)).statusCode).toBe(401);
    expect((await refresh(second)).statusCode).toBe(401);
  });

  it('without a grace period every replay is reuse', async () => {
    const strict = await startGateway({ REFRESH_REUSE_GRACE_SECONDS: '0' });
    try {
      const { refreshToken: first } = await signedInUser(strict, {}, 'jwt-strict');
      const refreshOn = (token: string | undefined) =>
        strict.app.inject({ method: 'POST', url: '/api/auth/refresh', cookies: { refresh_token: token! } });
      const second = refreshCookieOf(await refreshOn(first))!;
      expect((await refreshOn(first)).statusCode).toBe(401);
      expect((await refreshOn(second)).statusCode).toBe(401);
    } finally {
      await strict.close();
    }
  });

  it('an access token is not a refresh token, nor the other way round', async () => {
    const { accessToken, refreshToken } = await login(gateway, user.email);
    expect((await refresh(accessToken)).statusCode).toBe(401);
    expect((await me(bearer(refreshToken!))).statusCode).toBe(401);
    // An over-long cookie is not even looked up.
    expect((await refresh('x'.repeat(5000))).statusCode).toBe(401);
  });

  it('is an httpOnly, SameSite cookie scoped to /api/auth, Secure in production', async () => {
    const response = await gateway.app.inject({
      method: 'POST',
      url: '/api/auth/login',
      payload: { email: user.email, password: 'correct-horse' },
    });
    expect(response.cookies.find((c) => c.name === 'refresh_token')).toMatchObject({
      httpOnly: true,
      sameSite: 'Lax',
      path: '/api/auth',
    });
    const production = await startGateway({ NODE_ENV: 'production' });
    try {
      const email = uniqueEmail('jwt-prod');
      await insertUser(production.db.prisma, { email });
      const loggedIn = await production.app.inject({
        method: 'POST',
        url: '/api/auth/login',
        payload: { email, password: 'correct-horse' },
      });
      expect(loggedIn.statusCode).toBe(200);
      expect(loggedIn.cookies.find((c) => c.name === 'refresh_token')).toMatchObject({
        httpOnly: true,
        secure: true,
      });
    } finally {
      await production.close();
    }
  });
});
