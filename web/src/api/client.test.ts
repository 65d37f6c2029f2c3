import {
  CONTENT_MESSAGES,
  MESSAGES,
  NEWSLETTER_MESSAGES,
  type TopicDto,
  type TopicFilterOptions,
  type TopicStatsResponse,
} from '@app/contracts';
import { describe, expect, expectTypeOf, it, vi } from 'vitest';
import { ApiError, buildQueryString, createApiClient } from './client';

type Call = { url: string; init: RequestInit };

function jsonResponse(status: number, body?: unknown): Response {
  return new Response(body === undefined ? null : JSON.stringify(body), {
    status,
    headers: body === undefined ? {} : { 'content-type': 'application/json' },
  });
}

function fakeFetch(responses: Response[]) {
  const calls: Call[] = [];
  const fn = vi.fn(async (url: string | URL | Request, init?: RequestInit) => {
    calls.push({ url: String(url), init: init ?? {} });
    const next = responses.shift();
    if (!next) throw new Error('no more responses');
    return next;
  });
  return { fetch: fn as unknown as typeof fetch, calls };
}

function headerOf(call: Call | undefined, name: string): string | undefined {
  return (call?.init.headers as Record<string, string> | undefined)?.[name];
}

describe('api client', () => {
  it('sends JSON with the bearer token and cookies', async () => {
    const { fetch, calls } = fakeFetch([jsonResponse(200, { ok: true })]);
    const api = createApiClient({ fetch });
    api.setAuthHooks({ getAccessToken: () => 'tok-1', refreshAccessToken: async () => null });

    await expect(api.patch('/api/me', { display_name: 'A' })).resolves.toEqual({ ok: true });
    expect(calls[0]?.url).toBe('/api/me');
    expect(calls[0]?.init.method).toBe('PATCH');
    expect(calls[0]?.init.credentials).toBe('include');
    expect(calls[0]?.init.body).toBe('{"display_name":"A"}');
    expect(headerOf(calls[0], 'Authorization')).toBe('Bearer tok-1');
    expect(headerOf(calls[0], 'Content-Type')).toBe('application/json');
  });

  it('omits the Authorization header for visitors', async () => {
    const { fetch, calls } = fakeFetch([jsonResponse(200, [])]);
    const api = createApiClient({ fetch });
    await api.get('/api/summaries', { query: { language: 'en', page: 2, q: undefined } });
    expect(calls[0]?.url).toBe('/api/summaries?language=en&page=2');
    expect(headerOf(calls[0], 'Authorization')).toBeUndefined();
  });

  it('refreshes once on 401 and retries with the new token', async () => {
    const { fetch, calls } = fakeFetch([
      jsonResponse(401, { error: { code: 'UNAUTHORIZED', message: 'no' } }),
      jsonResponse(200, { id: 1 }),
    ]);
    const api = createApiClient({ fetch });
    const refresh = vi.fn(async () => 'tok-2');
    api.setAuthHooks({ getAccessToken: () => 'tok-1', refreshAccessToken: refresh });

    await expect(api.get('/api/me')).resolves.toEqual({ id: 1 });
    expect(refresh).toHaveBeenCalledTimes(1);
    expect(headerOf(calls[1], 'Authorization')).toBe('Bearer tok-2');
  });

  it('gives up with the 401 when the refresh finds no session', async () => {
    const { fetch, calls } = fakeFetch([
      jsonResponse(401, { error: { code: 'UNAUTHORIZED', message: 'Sign in' } }),
    ]);
    const api = createApiClient({ fetch });
    api.setAuthHooks({ getAccessToken: () => 'old', refreshAccessToken: async () => null });

    const error = await api.get('/api/me').catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ApiError);
    expect(error).toMatchObject({ status: 401, code: 'UNAUTHORIZED', message: 'Sign in' });
    expect(calls).toHaveLength(1);
  });

  it('retries only once even if the retry is also a 401', async () => {
    const unauthorized = () => jsonResponse(401, { error: { code: 'UNAUTHORIZED', message: 'no' } });
    const { fetch, calls } = fakeFetch([unauthorized(), unauthorized()]);
    const api = createApiClient({ fetch });
    const refresh = vi.fn(async () => 'tok-2');
    api.setAuthHooks({ getAccessToken: () => 'tok-1', refreshAccessToken: refresh });

    await expect(api.get('/api/me')).rejects.toMatchObject({ status: 401 });
    expect(refresh).toHaveBeenCalledTimes(1);
    expect(calls).toHaveLength(2);
  });

  it('does not refresh for auth endpoints', async () => {
    const { fetch } = fakeFetch([
      jsonResponse(401, { error: { code: 'INVALID_CREDENTIALS', message: 'Invalid login credentials' } }),
    ]);
    const api = createApiClient({ fetch });
    const refresh = vi.fn(async () => 'tok');
    api.setAuthHooks({ getAccessToken: () => null, refreshAccessToken: refresh });

    await expect(
      api.post('/api/auth/login', { email: 'a@b.co', password: 'x' }, { skipAuthRefresh: true }),
    ).rejects.toMatchObject({ status: 401, code: 'INVALID_CREDENTIALS' });
    expect(refresh).not.toHaveBeenCalled();
  });

  it('maps error bodies, including field errors', async () => {
    const { fetch } = fakeFetch([
      jsonResponse(400, {
        error: { code: 'VALIDATION_FAILED', message: 'Bad', fields: { email: 'Invalid email' } },
      }),
    ]);
    const api = createApiClient({ fetch });
    await expect(api.request('POST', '/api/auth/register', { body: {} })).rejects.toMatchObject({
      status: 400,
      code: 'VALIDATION_FAILED',
      fields: { email: 'Invalid email' },
    });
  });

  it("names the contracts' messages of an error answer, its fields' too", async () => {
    const { fetch } = fakeFetch([
      jsonResponse(403, { error: { code: 'PRO_REQUIRED', message: CONTENT_MESSAGES.freeWindow } }),
      jsonResponse(400, {
        error: {
          code: 'VALIDATION_FAILED',
          message: 'Invalid input',
          fields: { email: NEWSLETTER_MESSAGES.invalidEmail, name: 'Too small' },
        },
      }),
    ]);
    const api = createApiClient({ fetch });
    await expect(api.get('/api/summaries')).rejects.toMatchObject({
      messageKey: 'apiErrors.messages.content.freeWindow',
    });
    const invalid = await api
      .request('POST', '/api/newsletter/subscribe', { body: {} })
      .catch((error: unknown) => error);
    expect(invalid).toMatchObject({
      messageKey: undefined,
      fieldKeys: { email: 'apiErrors.messages.auth.invalidEmail' },
    });
    expect(Object.keys((invalid as { fieldKeys: object }).fieldKeys)).toEqual(['email']);
  });

  it('leaves the message unnamed for a caller that reads only the code', async () => {
    const { fetch } = fakeFetch([
      jsonResponse(401, { error: { code: 'UNAUTHENTICATED', message: MESSAGES.notAuthenticated } }),
    ]);
    const api = createApiClient({ fetch });
    const error = await api
      .post('/api/auth/refresh', {}, { skipAuthRefresh: true, codeOnly: true })
      .catch((e: unknown) => e);
    expect(error).toMatchObject({ status: 401, code: 'UNAUTHENTICATED', messageKey: undefined });
  });

  it('maps non-JSON failures and network failures', async () => {
    const { fetch } = fakeFetch([new Response('Bad gateway', { status: 502, statusText: 'Bad Gateway' })]);
    const api = createApiClient({ fetch });
    await expect(api.request('GET', '/api/x')).rejects.toMatchObject({ status: 502, code: 'HTTP_502' });

    const failing = createApiClient({
      fetch: (async () => {
        throw new TypeError('Failed to fetch');
      }) as unknown as typeof fetch,
    });
    await expect(failing.request('GET', '/api/x')).rejects.toMatchObject({
      status: 0,
      code: 'NETWORK_ERROR',
    });
  });

  it('returns undefined for 204', async () => {
    const { fetch, calls } = fakeFetch([jsonResponse(204)]);
    const api = createApiClient({ fetch });
    await expect(api.post('/api/auth/logout', undefined, { skipAuthRefresh: true })).resolves.toBeUndefined();
    expect(calls[0]?.init.body).toBe('{}');
  });

  it('builds query strings with repeated keys for arrays', () => {
    expect(buildQueryString({ platforms: ['blog', 'youtube'], q: 'a b' })).toBe(
      '?platforms=blog&platforms=youtube&q=a+b',
    );
    expect(buildQueryString({})).toBe('');
  });
});

describe('api client types (checked by tsc)', () => {
  it('types a path by its route in the contracts’ table, and refuses a path it does not have', () => {
    const api = createApiClient({ fetch: fakeFetch([]).fetch });
    const id = 'e1e5c3a6-3c59-4f0e-9d0f-2b8f1f3b9c11' as string;
    const calls = () => {
      expectTypeOf(api.get(`/api/topics/${id}`)).resolves.toEqualTypeOf<TopicDto>();
      expectTypeOf(api.get('/api/topics/stats')).resolves.toEqualTypeOf<TopicStatsResponse>();
      expectTypeOf(api.get(`/api/topics/${id}/filter-options`)).resolves.toEqualTypeOf<TopicFilterOptions>();
      expectTypeOf(api.post('/api/auth/logout')).resolves.toEqualTypeOf<undefined>();
      // @ts-expect-error: no such route
      void api.get('/api/topic');
      // @ts-expect-error: the query belongs in `query`, where its type is checked
      void api.get('/api/admin/usage?from=2026-01-01');
      // @ts-expect-error: the body of a login has an email and a password
      void api.post('/api/auth/login', { email: 'a@b.co' });
    };
    expect(calls).toBeTypeOf('function');
  });
});
