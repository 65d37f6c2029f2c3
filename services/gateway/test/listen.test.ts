import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type Gateway, insertUser, startGateway, uniqueEmail } from './support/gateway-harness.ts';

let gateway: Gateway;
let base: string;
beforeAll(async () => {
  gateway = await startGateway();
  await gateway.app.listen({ port: 0, host: '127.0.0.1' });
  base = `http://127.0.0.1:${(gateway.app.server.address() as AddressInfo).port}`;
});
afterAll(async () => {
  await gateway?.close();
});

describe('over a real socket', () => {
  it('serves health, signs in with a cookie and refreshes with it', async () => {
    expect(await (await fetch(`${base}/healthz`)).json()).toEqual({ status: 'ok' });
    const email = uniqueEmail('socket');
    await insertUser(gateway.db.prisma, { email });
    const login = await fetch(`${base}/api/auth/login`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ email, password: 'correct-horse' }),
    });
    expect(login.status).toBe(200);
    const setCookie = login.headers.getSetCookie().find((c) => c.startsWith('refresh_token=')) ?? '';
    expect(setCookie).toMatch(
      /^refresh_token=[^;]+; Max-Age=2592000; Path=\/api\/auth; HttpOnly; SameSite=Lax$/,
    );
    const { access_token } = (await login.json()) as { access_token: string };
    const me = await fetch(`${base}/api/me`, { headers: { authorization: `Bearer ${access_token}` } });
    expect(((await me.json()) as { user: { email: string } }).user.email).toBe(email);
    const refreshed = await fetch(`${base}/api/auth/refresh`, {
      method: 'POST',
      headers: { cookie: setCookie.split(';')[0] ?? '' },
    });
    expect(refreshed.status).toBe(200);
    expect(refreshed.headers.get('x-request-id')).toBeTruthy();
  });
});
