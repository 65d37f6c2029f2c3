import type { SessionDto as SessionResponse, UserDto as AuthUser } from '@app/contracts';

/** What the app keeps of a session: the access token and when it expires (never the refresh token). */
export type ClientSession = {
  accessToken: string;
  /** Epoch milliseconds. */
  expiresAt: number;
  user: AuthUser;
};

/** Refresh this long before the access token expires. */
export const REFRESH_LEAD_MS = 60_000;
const MIN_REFRESH_DELAY_MS = 5_000;

export function toClientSession(response: SessionResponse, now: number): ClientSession {
  return {
    accessToken: response.access_token,
    expiresAt: now + response.expires_in * 1000,
    user: response.user,
  };
}

/**
 * Milliseconds until the automatic refresh: a minute before expiry, or half the lifetime for
 * very short-lived tokens, and never a tight loop.
 */
export function refreshDelayMs(expiresAt: number, now: number): number {
  const lifetime = expiresAt - now;
  const delay = lifetime > 2 * REFRESH_LEAD_MS ? lifetime - REFRESH_LEAD_MS : lifetime / 2;
  return Math.max(Math.round(delay), MIN_REFRESH_DELAY_MS);
}
