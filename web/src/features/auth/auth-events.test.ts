import { describe, expect, it } from 'vitest';
import { type AuthEvent, isRedundantAuthEvent } from './auth-events';

const event = (overrides: Partial<AuthEvent>): AuthEvent => ({
  type: 'SIGNED_IN',
  userId: 'u1',
  accessToken: 't1',
  at: 10_000,
  ...overrides,
});

describe('isRedundantAuthEvent', () => {
  it('applies the first event', () => {
    expect(isRedundantAuthEvent(null, event({}))).toBe(false);
    expect(isRedundantAuthEvent(null, event({ type: 'SIGNED_OUT', userId: null, accessToken: null }))).toBe(
      false,
    );
  });

  it('skips an identical session', () => {
    expect(isRedundantAuthEvent(event({}), event({ type: 'TOKEN_REFRESHED', at: 99_000 }))).toBe(true);
  });

  it('skips a repeated sign-out', () => {
    const out = event({ type: 'SIGNED_OUT', userId: null, accessToken: null });
    expect(isRedundantAuthEvent(out, { ...out, at: 60_000 })).toBe(true);
  });

  it('skips the same user within 500 ms, even with a new token', () => {
    expect(
      isRedundantAuthEvent(event({}), event({ type: 'TOKEN_REFRESHED', accessToken: 't2', at: 10_499 })),
    ).toBe(true);
  });

  it('applies a token refresh for the same user after the window', () => {
    expect(
      isRedundantAuthEvent(event({}), event({ type: 'TOKEN_REFRESHED', accessToken: 't2', at: 10_500 })),
    ).toBe(false);
  });

  it('skips a repeat sign-in for a user who is already stable', () => {
    expect(isRedundantAuthEvent(event({}), event({ type: 'SIGNED_IN', accessToken: 't2', at: 70_000 }))).toBe(
      true,
    );
  });

  it('applies a different user or a sign-out at once', () => {
    expect(isRedundantAuthEvent(event({}), event({ userId: 'u2', accessToken: 't9', at: 10_001 }))).toBe(
      false,
    );
    expect(
      isRedundantAuthEvent(
        event({}),
        event({ type: 'SIGNED_OUT', userId: null, accessToken: null, at: 10_001 }),
      ),
    ).toBe(false);
  });
});
