import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type Gateway, startGateway, uniqueEmail } from './support/gateway-harness.ts';

let gateway: Gateway;
beforeAll(async () => {
  gateway = await startGateway();
});
afterAll(async () => {
  await gateway?.close();
});

const post = (url: string, payload: string | object, contentType = 'application/json') =>
  gateway.app.inject({
    method: 'POST',
    url,
    payload: typeof payload === 'string' ? payload : JSON.stringify(payload),
    headers: { 'content-type': contentType },
  });

describe('malformed bodies answer 400 with the error envelope', () => {
  it('bad JSON', async () => {
    const response = await post('/api/auth/register', '{"email": ');
    expect(response.statusCode).toBe(400);
    expect(response.json()).toEqual({
      error: { code: 'BAD_REQUEST', message: 'Request body is not valid JSON' },
    });
  });

  it('missing fields name each field with the schema message', async () => {
    const response = await post('/api/auth/register', {});
    expect(response.statusCode).toBe(400);
    const { error } = response.json();
    expect(error.code).toBe('VALIDATION_FAILED');
    expect(error.fields).toEqual({
      email: 'Please enter a valid email address',
      password: 'Password must be at least 6 characters',
    });
  });

  it('a short password', async () => {
    const response = await post('/api/auth/register', { email: uniqueEmail(), password: '12345' });
    expect(response.statusCode).toBe(400);
    expect(response.json().error).toEqual({
      code: 'VALIDATION_FAILED',
      message: 'Password must be at least 6 characters',
      fields: { password: 'Password must be at least 6 characters' },
    });
  });

  it('an invalid email', async () => {
    for (const url of ['/api/auth/register', '/api/auth/login']) {
      const response = await post(url, { email: 'not-an-email', password: 'long-enough' });
      expect(response.statusCode).toBe(400);
      expect(response.json().error.fields).toEqual({ email: 'Please enter a valid email address' });
    }
  });

  it('an unsupported language', async () => {
    const response = await post('/api/auth/register', {
      email: uniqueEmail(),
      password: 'long-enough',
      language: 'fr',
    });
    expect(response.statusCode).toBe(400);
    expect(Object.keys(response.json().error.fields)).toEqual(['language']);
  });

  it('a body that is not an object, an empty body, the wrong media type, a huge body', async () => {
    const cases = [
      [await post('/api/auth/login', '[1,2]'), 400],
      [await post('/api/auth/login', 'null'), 400],
      [await post('/api/auth/login', ''), 400],
      [await post('/api/auth/login', 'email=a@b.co', 'text/plain'), 415],
      [await post('/api/auth/login', { email: 'a@b.co', password: 'x'.repeat(2 * 1024 * 1024) }), 413],
    ] as const;
    for (const [response, status] of cases) {
      expect(response.statusCode).toBe(status);
      expect(response.json().error).toEqual(
        expect.objectContaining({ code: expect.any(String), message: expect.any(String) }),
      );
    }
    expect(cases[3][0].json().error.code).toBe('UNSUPPORTED_MEDIA_TYPE');
    expect(cases[4][0].json().error.code).toBe('PAYLOAD_TOO_LARGE');
  });
});

describe('garbage never causes a 5xx', () => {
  const garbage: unknown[] = [
    '{}}',
    '"string"',
    '123',
    'true',
    { email: 123, password: ['a'] },
    { email: null, password: null, language: null },
    { email: { $gt: '' }, password: { toString: 'x' } },
    { __proto__: { admin: true }, email: 'a@b.co', password: 'secret1' },
    { constructor: { prototype: { polluted: true } } },
    { email: `${'a'.repeat(300)}@example.com`, password: 'secret1' },
    { email: 'ünïcödé@exämple.com', password: '密码密码密码' },
    { display_name: 5 },
    { display_name: 'x'.repeat(500) },
  ];
  const targets = [
    ['POST', '/api/auth/register'],
    ['POST', '/api/auth/login'],
    ['POST', '/api/auth/refresh'],
    ['POST', '/api/auth/logout'],
    ['PATCH', '/api/me'],
  ] as const;

  it('answers every combination with a 2xx/3xx/4xx in the envelope', async () => {
    for (const [method, url] of targets) {
      for (const body of garbage) {
        const payload = typeof body === 'string' ? body : JSON.stringify(body);
        const response = await gateway.app.inject({
          method,
          url,
          payload,
          headers: { 'content-type': 'application/json' },
        });
        expect(response.statusCode, `${method} ${url} ${payload.slice(0, 60)}`).toBeLessThan(500);
        if (response.statusCode >= 400) expect(response.json().error.code).toEqual(expect.any(String));
      }
    }
    const queries = [
      '/api/auth/verify?token[]=a',
      '/api/auth/google/start?lang=xx',
      '/api/auth/google/callback?code[x]=1',
    ];
    for (const url of queries) {
      expect((await gateway.app.inject({ method: 'GET', url })).statusCode, url).toBeLessThan(500);
    }
  });

  it('does not let a __proto__ key pollute anything', () => {
    expect(({} as Record<string, unknown>).polluted).toBeUndefined();
    expect(({} as Record<string, unknown>).admin).toBeUndefined();
  });
});
