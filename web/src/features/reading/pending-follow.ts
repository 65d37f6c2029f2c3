import type { FollowTarget } from '../../queries/reading';

/**
 * A Follow pressed by a visitor: kept for the tab while they sign in, then done on the page they come
 * back to (the same target's toggle), so the press is not asked for twice.
 */
const KEY = 'pending-follow';
/** A press older than this (an abandoned sign-in) is forgotten. */
const PENDING_MS = 30 * 60_000;

type Pending = { kind: FollowTarget['kind']; id: string; at: number; target?: FollowTarget };

export function rememberFollow(target: Pick<FollowTarget, 'kind' | 'id'> | FollowTarget, now = Date.now()) {
  try {
    const whole = 'name' in target ? { target } : {};
    sessionStorage.setItem(KEY, JSON.stringify({ kind: target.kind, id: target.id, at: now, ...whole }));
  } catch {
    // unavailable storage: the reader presses Follow again after signing in
  }
}

/** True once, for the target a visitor pressed Follow on (then forgotten). */
export function takePendingFollow(target: Pick<FollowTarget, 'kind' | 'id'>, now = Date.now()): boolean {
  try {
    const raw = sessionStorage.getItem(KEY);
    if (!raw) return false;
    const pending = JSON.parse(raw) as Partial<Pending>;
    if (pending.kind !== target.kind || pending.id !== target.id) return false;
    sessionStorage.removeItem(KEY);
    return typeof pending.at === 'number' && now - pending.at >= 0 && now - pending.at < PENDING_MS;
  } catch {
    return false;
  }
}

/**
 * The follow a visitor pressed on a card (its whole target, name included), once, if there is one and
 * it is recent: made by the list page they come back to, whichever card it was on.
 */
export function takeAnyPendingFollow(now = Date.now()): FollowTarget | null {
  try {
    const raw = sessionStorage.getItem(KEY);
    if (!raw) return null;
    const pending = JSON.parse(raw) as Partial<Pending>;
    const target = pending.target;
    if (!target || target.kind !== pending.kind || target.id !== pending.id) return null;
    sessionStorage.removeItem(KEY);
    return typeof pending.at === 'number' && now - pending.at >= 0 && now - pending.at < PENDING_MS
      ? target
      : null;
  } catch {
    return null;
  }
}
