import { describe, expect, it } from 'vitest';
import type { SessionDto as SessionResponse } from '@app/contracts';
import { refreshDelayMs, toClientSession } from './session';

const response: SessionResponse = {
  access_token: 'abc',
  token_type: 'Bearer',
  expires_in: 900,
  user: {
    id: 'u1',
    email: 'a@b.co',
    email_verified: true,
    created_at: '2024-01-01T00:00:00Z',
    last_login_at: null,
    avatar_url: null,
  },
  profile: { id: 'u1', role: 'user', subscription_type: 'free', display_name: null },
};

describe('session helpers', () => {
  it('keeps the token and computes the expiry', () => {
    expect(toClientSession(response, 1_000)).toEqual({
      accessToken: 'abc',
      expiresAt: 901_000,
      user: response.user,
    });
  });

  it('refreshes about 60 s before expiry', () => {
    expect(refreshDelayMs(1_000 + 900_000, 1_000)).toBe(840_000);
  });

  it('refreshes at half-life for short tokens, with a floor', () => {
    expect(refreshDelayMs(60_000, 0)).toBe(30_000);
    expect(refreshDelayMs(4_000, 0)).toBe(5_000);
    expect(refreshDelayMs(0, 10_000)).toBe(5_000);
  });
});
