// Which auth events are worth a new React state. The access token itself is always kept up to
// date by the store; these rules only spare re-renders and duplicate profile work (spec §4).

export type AuthEventType = 'INITIAL_SESSION' | 'SIGNED_IN' | 'TOKEN_REFRESHED' | 'SIGNED_OUT';

export type AuthEvent = {
  type: AuthEventType;
  userId: string | null;
  accessToken: string | null;
  /** Epoch milliseconds. */
  at: number;
};

export const AUTH_EVENT_DEDUPE_WINDOW_MS = 500;

/**
 * True when `next` adds nothing to the last applied event: an identical session, the same
 * user again within 500 ms, or a repeat sign-in for a user who is already signed in (stable).
 */
export function isRedundantAuthEvent(last: AuthEvent | null, next: AuthEvent): boolean {
  if (!last) return false;
  if (last.userId === next.userId && last.accessToken === next.accessToken) return true;
  if (next.userId === null || last.userId !== next.userId) return false;
  if (next.at - last.at < AUTH_EVENT_DEDUPE_WINDOW_MS) return true;
  return next.type === 'SIGNED_IN';
}
