import type { QueryClient } from '@tanstack/react-query';
import { type ApiClient, isApiError } from '../../api/client';
import type { ProfileDto as Profile, RegisterResponse, SessionDto as SessionResponse } from '@app/contracts';
import type { Language } from '../../i18n/language';
import { profileKeys } from '../../queries/profile';
import { type AuthEvent, type AuthEventType, isRedundantAuthEvent } from './auth-events';
import { type ClientSession, refreshDelayMs, toClientSession } from './session';

export type AuthStatus = 'loading' | 'authenticated' | 'anonymous';

export type AuthSnapshot = {
  status: AuthStatus;
  session: ClientSession | null;
};

type AuthStoreDeps = {
  api: ApiClient;
  queryClient: QueryClient;
  now?: () => number;
};

/**
 * Whether the page's cookies hold the session hint: the gateway sets `has_session` (readable) beside the
 * httpOnly refresh cookie and clears it with it (services/gateway/src/lib/refresh-cookie.ts); without it
 * there is no session to ask for.
 */
export const hasSessionHint = (cookie: string) => /(^|; )has_session=1(;|$)/.test(cookie);

/** Retry a failed background refresh after this long (while the token is still valid). */
const REFRESH_RETRY_MS = 30_000;

/** Refresh answers that mean "there is no session" rather than "try again". */
function isNoSession(error: unknown): boolean {
  return isApiError(error) && (error.status === 400 || error.status === 401 || error.status === 403);
}

/**
 * The session lives here, outside React, so the API client, route guards (`beforeLoad`) and
 * components all read one source. The refresh token is an httpOnly cookie the browser sends to
 * /api/auth/refresh; only the short-lived access token is kept, in memory.
 */
export class AuthStore {
  private snapshot: AuthSnapshot = { status: 'loading', session: null };
  private readonly listeners = new Set<() => void>();
  /** Always the newest session, even when a redundant event skipped the published snapshot. */
  private current: ClientSession | null = null;
  private lastEvent: AuthEvent | null = null;
  private refreshInFlight: Promise<ClientSession | null> | null = null;
  private refreshTimer: ReturnType<typeof setTimeout> | undefined;
  /** Bumped on sign-in and sign-out so a late refresh answer cannot overwrite them. */
  private generation = 0;
  private started = false;
  private resolveSettled: () => void = () => {};
  private readonly settled = new Promise<void>((resolve) => {
    this.resolveSettled = resolve;
  });

  constructor(private readonly deps: AuthStoreDeps) {
    deps.api.setAuthHooks({
      getAccessToken: () => this.getAccessToken(),
      refreshAccessToken: async () => (await this.refresh().catch(() => null))?.accessToken ?? null,
    });
  }

  private now(): number {
    return this.deps.now?.() ?? Date.now();
  }

  subscribe = (listener: () => void): (() => void) => {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  };

  getSnapshot = (): AuthSnapshot => this.snapshot;

  getAccessToken(): string | null {
    return this.current?.accessToken ?? null;
  }

  /**
   * Boot: one refresh decides whether the visitor already has a session; a visitor who was never
   * signed in (no session hint) is anonymous at once, without a refresh call that can only fail.
   * Idempotent.
   */
  start(): void {
    if (this.started) return;
    this.started = true;
    if (typeof document === 'object' && !hasSessionHint(document.cookie)) {
      this.applySignedOut();
      this.resolveSettled();
    } else
      this.refresh()
        .catch((error: unknown) => {
          console.warn('Session check failed; continuing signed out', error);
          this.applySignedOut();
        })
        .finally(() => this.resolveSettled());
    if (typeof document !== 'undefined') {
      // Timers sleep in background tabs: catch up when the tab comes back.
      document.addEventListener('visibilitychange', () => {
        if (document.visibilityState === 'visible' && this.current && this.current.expiresAt <= this.now()) {
          void this.refresh().catch(() => undefined);
        }
      });
    }
  }

  /** Resolves once the boot session check is over (route guards wait on this). */
  async whenSettled(): Promise<AuthSnapshot> {
    this.start();
    await this.settled;
    return this.snapshot;
  }

  /**
   * POST /api/auth/refresh, single-flight. Resolves to the new session, or null when the
   * server says there is none (then the user is signed out locally). Network and server
   * failures reject.
   */
  refresh(): Promise<ClientSession | null> {
    if (this.refreshInFlight) return this.refreshInFlight;
    const generation = this.generation;
    const type: AuthEventType =
      this.snapshot.status === 'loading' ? 'INITIAL_SESSION' : this.current ? 'TOKEN_REFRESHED' : 'SIGNED_IN';
    const attempt = (async () => {
      try {
        const response = await this.deps.api.post(
          '/api/auth/refresh',
          {},
          { skipAuthRefresh: true, codeOnly: true },
        );
        if (generation !== this.generation) return this.current;
        return this.applySession(type, response);
      } catch (error) {
        if (!isNoSession(error)) throw error;
        if (generation === this.generation) this.applySignedOut();
        return null;
      }
    })();
    this.refreshInFlight = attempt.finally(() => {
      this.refreshInFlight = null;
    });
    return this.refreshInFlight;
  }

  async signIn(email: string, password: string): Promise<ClientSession> {
    const response = await this.deps.api.post(
      '/api/auth/login',
      { email: email.trim(), password },
      { skipAuthRefresh: true },
    );
    this.generation += 1;
    return this.applySession('SIGNED_IN', response);
  }

  signUp(email: string, password: string, language: Language): Promise<RegisterResponse> {
    return this.deps.api.post(
      '/api/auth/register',
      { email: email.trim(), password, language },
      { skipAuthRefresh: true },
    );
  }

  /**
   * The page behind an emailed verification link posts its token (the GET of the link itself changes
   * nothing, so mail scanners cannot use it) and the password the verifier chose: the gateway verifies,
   * sets that password and signs the user in.
   */
  async verifyEmail(token: string, password: string): Promise<ClientSession> {
    const response = await this.deps.api.post(
      '/api/auth/verify',
      { token, password },
      { skipAuthRefresh: true },
    );
    this.generation += 1;
    return this.applySession('SIGNED_IN', response);
  }

  /**
   * Ends every session of the account on the server, this one included, then signs out here. Unlike
   * signOut, a failure is thrown: the user must know the other devices may still be signed in.
   * `leave` runs in between (e.g. navigate off a signed-in-only page, so its guard does not bounce).
   */
  async signOutEverywhere(leave?: () => Promise<unknown>): Promise<void> {
    await this.deps.api.post('/api/auth/logout-all', {});
    await leave?.().catch(() => undefined);
    this.generation += 1;
    this.applySignedOut();
    this.deps.queryClient.clear();
  }

  /** Clears local state at once; the server call only clears the cookie and its errors are ignored. */
  async signOut(): Promise<void> {
    const token = this.getAccessToken();
    this.generation += 1;
    this.applySignedOut();
    this.deps.queryClient.clear();
    try {
      await this.deps.api.post(
        '/api/auth/logout',
        {},
        {
          skipAuthRefresh: true,
          headers: token ? { Authorization: `Bearer ${token}` } : {},
        },
      );
    } catch (error) {
      console.warn('Logout request failed; signed out locally', error);
    }
  }

  /** PATCH /api/me; an empty display name is saved as null. */
  async updateProfile(displayName: string | null): Promise<Profile> {
    if (!this.current) throw new Error('User not authenticated');
    const value = displayName?.trim() ? displayName.trim() : null;
    const me = await this.deps.api.patch('/api/me', { display_name: value });
    this.deps.queryClient.setQueryData(profileKeys.byUser(me.user.id), me.profile);
    return me.profile;
  }

  private applySession(type: AuthEventType, response: SessionResponse): ClientSession {
    const now = this.now();
    const session = toClientSession(response, now);
    this.current = session;
    this.scheduleRefresh(session);
    // Sign-in and refresh answers carry the profile: cache it so no extra fetch is needed.
    this.deps.queryClient.setQueryData(profileKeys.byUser(session.user.id), response.profile);
    this.record(
      { type, userId: session.user.id, accessToken: session.accessToken, at: now },
      { status: 'authenticated', session },
    );
    return session;
  }

  private applySignedOut(): void {
    const hadUser = this.current !== null;
    this.current = null;
    clearTimeout(this.refreshTimer);
    if (hadUser) this.deps.queryClient.removeQueries({ queryKey: profileKeys.all });
    this.record(
      { type: 'SIGNED_OUT', userId: null, accessToken: null, at: this.now() },
      {
        status: 'anonymous',
        session: null,
      },
    );
  }

  private record(event: AuthEvent, next: AuthSnapshot): void {
    if (this.snapshot.status !== 'loading' && isRedundantAuthEvent(this.lastEvent, event)) return;
    this.lastEvent = event;
    this.snapshot = next;
    for (const listener of this.listeners) listener();
  }

  private scheduleRefresh(session: ClientSession): void {
    clearTimeout(this.refreshTimer);
    const delay = refreshDelayMs(session.expiresAt, this.now());
    this.refreshTimer = setTimeout(() => {
      this.refresh().catch(() => {
        if (this.current === session && session.expiresAt > this.now()) {
          this.refreshTimer = setTimeout(() => void this.refresh().catch(() => undefined), REFRESH_RETRY_MS);
        }
      });
    }, delay);
  }
}
