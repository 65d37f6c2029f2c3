import { QueryClient } from '@tanstack/react-query';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { createApiClient } from '../../api/client';
import type { SessionDto as SessionResponse } from '@app/contracts';
import { profileKeys } from '../../queries/profile';
import { AuthStore, hasSessionHint } from './auth-store';

type Handler = (init: RequestInit) => Response | Promise<Response>;

function json(status: number, body?: unknown): Response {
  return new Response(body === undefined ? null : JSON.stringify(body), {
    status,
    headers: { 'content-type': 'application/json' },
  });
}

const noSession = () => json(401, { error: { code: 'UNAUTHORIZED', message: 'No session' } });

function session(userId: string, token: string, expiresIn = 900): SessionResponse {
  return {
    access_token: token,
    token_type: 'Bearer',
    expires_in: expiresIn,
    user: {
      id: userId,
      email: `${userId}@example.com`,
      email_verified: true,
      created_at: '2024-01-01T00:00:00Z',
      last_login_at: null,
      avatar_url: null,
    },
    profile: { id: userId, role: 'admin', subscription_type: 'free', display_name: null },
  };
}

function setup(routes: Record<string, Handler[]>) {
  const calls: string[] = [];
  const fetch = vi.fn(async (url: string | URL | Request, init?: RequestInit) => {
    const path = String(url);
    calls.push(path);
    const handler = routes[path]?.shift();
    if (!handler) throw new Error(`unexpected call ${path}`);
    return handler(init ?? {});
  });
  const api = createApiClient({ fetch: fetch as unknown as typeof globalThis.fetch });
  const queryClient = new QueryClient();
  const store = new AuthStore({ api, queryClient });
  return { store, api, queryClient, calls };
}

describe('AuthStore', () => {
  beforeEach(() => {
    vi.useFakeTimers();
  });
  afterEach(() => {
    vi.useRealTimers();
  });

  it('starts loading and becomes authenticated from the refresh cookie, with the profile cached', async () => {
    const { store, queryClient } = setup({ '/api/auth/refresh': [() => json(200, session('u1', 't1'))] });
    expect(store.getSnapshot().status).toBe('loading');

    const snapshot = await store.whenSettled();
    expect(snapshot.status).toBe('authenticated');
    expect(snapshot.session?.user.id).toBe('u1');
    expect(store.getAccessToken()).toBe('t1');
    expect(queryClient.getQueryData(profileKeys.byUser('u1'))).toMatchObject({ role: 'admin' });
  });

  it('in a page without the session hint cookie, settles signed out without a refresh call', async () => {
    const page = { cookie: 'theme=dark', addEventListener: () => undefined };
    vi.stubGlobal('document', page);
    try {
      const without = setup({});
      expect((await without.store.whenSettled()).status).toBe('anonymous');
      expect(without.calls).toEqual([]);
      page.cookie = 'theme=dark; has_session=1';
      const hinted = setup({ '/api/auth/refresh': [() => json(200, session('u1', 't1'))] });
      expect((await hinted.store.whenSettled()).status).toBe('authenticated');
      expect(hinted.calls).toEqual(['/api/auth/refresh']);
    } finally {
      vi.unstubAllGlobals();
    }
  });

  it('reads the hint among the page cookies', () => {
    expect(hasSessionHint('has_session=1')).toBe(true);
    expect(hasSessionHint('theme=dark; has_session=1; lang=zh')).toBe(true);
    expect(hasSessionHint('')).toBe(false);
    expect(hasSessionHint('has_session=0')).toBe(false);
    expect(hasSessionHint('not_has_session=1')).toBe(false);
    expect(hasSessionHint('has_session=10')).toBe(false);
  });

  it('settles signed out when there is no session or the gateway is unreachable', async () => {
    const a = setup({ '/api/auth/refresh': [noSession] });
    expect((await a.store.whenSettled()).status).toBe('anonymous');

    const b = setup({
      '/api/auth/refresh': [
        () => {
          throw new TypeError('Failed to fetch');
        },
      ],
    });
    vi.spyOn(console, 'warn').mockImplementation(() => undefined);
    expect((await b.store.whenSettled()).status).toBe('anonymous');
  });

  it('shares one refresh between concurrent callers', async () => {
    const { store, calls } = setup({ '/api/auth/refresh': [() => json(200, session('u1', 't1'))] });
    const [a, b] = await Promise.all([store.refresh(), store.refresh()]);
    expect(a?.accessToken).toBe('t1');
    expect(b).toBe(a);
    expect(calls.filter((c) => c === '/api/auth/refresh')).toHaveLength(1);
  });

  it('refreshes the access token about a minute before it expires', async () => {
    const { store, calls } = setup({
      '/api/auth/refresh': [
        () => json(200, session('u1', 't1', 900)),
        () => json(200, session('u1', 't2', 900)),
      ],
    });
    await store.whenSettled();
    await vi.advanceTimersByTimeAsync(839_000);
    expect(calls).toHaveLength(1);
    await vi.advanceTimersByTimeAsync(1_000);
    expect(calls).toHaveLength(2);
    expect(store.getAccessToken()).toBe('t2');
  });

  it('retries an API call once with a refreshed token after a 401', async () => {
    const { store, api } = setup({
      '/api/auth/refresh': [() => json(200, session('u1', 't1')), () => json(200, session('u1', 't2'))],
      '/api/me': [
        noSession,
        (init) => {
          const auth = (init.headers as Record<string, string>).Authorization;
          return json(200, { ok: auth });
        },
      ],
    });
    await store.whenSettled();
    await expect(api.get('/api/me')).resolves.toEqual({ ok: 'Bearer t2' });
  });

  it('signs out locally at once, clears the query cache and ignores server errors', async () => {
    const { store, queryClient } = setup({
      '/api/auth/refresh': [() => json(200, session('u1', 't1'))],
      '/api/auth/logout': [() => json(500, { error: { code: 'INTERNAL', message: 'boom' } })],
    });
    vi.spyOn(console, 'warn').mockImplementation(() => undefined);
    await store.whenSettled();
    queryClient.setQueryData(['topics'], [1, 2]);

    const done = store.signOut();
    expect(store.getSnapshot().status).toBe('anonymous');
    expect(store.getAccessToken()).toBeNull();
    expect(queryClient.getQueryData(['topics'])).toBeUndefined();
    expect(queryClient.getQueryData(profileKeys.byUser('u1'))).toBeUndefined();
    await expect(done).resolves.toBeUndefined();
  });

  it('does not let a late refresh answer undo a sign-in', async () => {
    let answer: (r: Response) => void = () => undefined;
    const { store } = setup({
      '/api/auth/refresh': [() => new Promise<Response>((resolve) => (answer = resolve))],
      '/api/auth/login': [() => json(200, session('u2', 't9'))],
    });
    store.start();
    await store.signIn('u2@example.com', 'secret1');
    answer(noSession());
    await store.whenSettled();
    expect(store.getSnapshot().session?.user.id).toBe('u2');
    expect(store.getAccessToken()).toBe('t9');
  });

  it('skips publishing redundant events but keeps the newest token', async () => {
    const { store } = setup({
      '/api/auth/refresh': [() => json(200, session('u1', 't1')), () => json(200, session('u1', 't2'))],
    });
    await store.whenSettled();
    const listener = vi.fn();
    store.subscribe(listener);
    await store.refresh(); // same user within 500 ms
    expect(listener).not.toHaveBeenCalled();
    expect(store.getAccessToken()).toBe('t2');
  });

  it('saves an empty display name as null', async () => {
    const bodies: unknown[] = [];
    const { store, queryClient } = setup({
      '/api/auth/refresh': [() => json(200, session('u1', 't1'))],
      '/api/me': [
        (init) => {
          bodies.push(JSON.parse(String(init.body)));
          return json(200, {
            user: session('u1', 't1').user,
            profile: { id: 'u1', role: 'user', subscription_type: 'free', display_name: null },
          });
        },
      ],
    });
    await store.whenSettled();
    await store.updateProfile('   ');
    expect(bodies).toEqual([{ display_name: null }]);
    expect(queryClient.getQueryData(profileKeys.byUser('u1'))).toMatchObject({ role: 'user' });
  });

  it('refuses a profile update without a user', async () => {
    const { store } = setup({ '/api/auth/refresh': [noSession] });
    await store.whenSettled();
    await expect(store.updateProfile('x')).rejects.toThrow('User not authenticated');
  });
});
