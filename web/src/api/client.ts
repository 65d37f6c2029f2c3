import type { ApiAnswer, ApiBody, ApiQuery, ApiRoute } from '@app/contracts';
import { ApiError, NETWORK_ERROR, toApiError } from './api-error';

export { ApiError, isApiError } from './api-error';

export type QueryValue = string | number | boolean | null | undefined | ReadonlyArray<string | number>;

export type RequestOptions = {
  query?: Record<string, QueryValue>;
  body?: unknown;
  signal?: AbortSignal;
  headers?: Record<string, string>;
  /** Auth endpoints themselves must not trigger the refresh-and-retry dance. */
  skipAuthRefresh?: boolean;
  /**
   * The caller reads only a failure's status and code and shows no text for it (the session
   * refresh): its message is not named, so a visitor's "no session" answer loads no message tables.
   */
  codeOnly?: boolean;
};

/**
 * Paths typed by the contracts' route table (API_ROUTES): a path is written as the browser sends it,
 * `/api/topics/${id}`, and its route is found by its shape (`/api/topics/:idOrSlug`), which gives the
 * call its query, body and answer types. A path the table does not have does not compile. Types only:
 * the client sends what it is given.
 */
type Pattern<P extends string> = P extends `${infer Head}:${string}/${infer Rest}`
  ? `${Head}${string}/${Pattern<Rest>}`
  : P extends `${infer Head}:${string}`
    ? `${Head}${string}`
    : P;
type PathOf<K> = K extends `${string} ${infer P extends string}` ? P : never;
type RoutesOf<M extends string> = Extract<ApiRoute, `${M} ${string}`>;
/** The paths a method may be sent to, as template-literal types. */
export type ApiPath<M extends string> = { [K in RoutesOf<M>]: Pattern<PathOf<K>> }[RoutesOf<M>];
type Same<A, B> = (<T>() => T extends A ? 1 : 2) extends <T>() => T extends B ? 1 : 2 ? true : false;
/** The route a written path is: the one whose shape is exactly the path's type. */
export type RouteOf<M extends string, P extends string> = {
  [K in RoutesOf<M>]: Same<Pattern<PathOf<K>>, P> extends true ? K : never;
}[RoutesOf<M>];
type Has<T> = [T] extends [never] ? false : true;
type Options<K extends ApiRoute> = Omit<RequestOptions, 'query' | 'body'> &
  (Has<ApiQuery<K>> extends true ? { query?: ApiQuery<K> } : { query?: never });
type Body<K extends ApiRoute> = Has<ApiBody<K>> extends true ? ApiBody<K> : Record<string, never>;

export type AuthHooks = {
  /** The in-memory access token, or null for visitors. */
  getAccessToken: () => string | null;
  /** Runs POST /api/auth/refresh (single-flight) and resolves to the new token, or null. */
  refreshAccessToken: () => Promise<string | null>;
};

export type ApiClientOptions = {
  fetch?: typeof fetch;
  baseUrl?: string;
};

export type ApiClient = ReturnType<typeof createApiClient>;

export function buildQueryString(query: Record<string, QueryValue> | undefined): string {
  if (!query) return '';
  const params = new URLSearchParams();
  for (const [key, value] of Object.entries(query)) {
    if (value === undefined || value === null) continue;
    if (Array.isArray(value)) {
      for (const item of value) params.append(key, String(item));
    } else {
      params.append(key, String(value));
    }
  }
  const text = params.toString();
  return text ? `?${text}` : '';
}

async function readBody(response: Response): Promise<unknown> {
  if (response.status === 204) return undefined;
  const text = await response.text();
  if (!text) return undefined;
  const type = response.headers.get('content-type') ?? '';
  if (type.includes('json')) {
    try {
      return JSON.parse(text);
    } catch {
      return text;
    }
  }
  return text;
}

/**
 * The one HTTP client for the gateway: JSON in and out, the bearer token from memory, the
 * refresh cookie via `credentials: 'include'`, and one refresh-then-retry on a 401.
 */
/**
 * An error answer with its contracts' messages named (message-keys.ts, fetched with the first error).
 * Should that module not load, the error still reads by its code.
 */
async function namedError(error: ApiError): Promise<ApiError> {
  try {
    const { nameMessages } = await import('./message-keys');
    return nameMessages(error);
  } catch {
    return error;
  }
}

export function createApiClient(options: ApiClientOptions = {}) {
  const baseUrl = options.baseUrl ?? '';
  let auth: AuthHooks = { getAccessToken: () => null, refreshAccessToken: async () => null };

  async function send(method: string, path: string, opts: RequestOptions, token: string | null) {
    const headers: Record<string, string> = { Accept: 'application/json', ...opts.headers };
    if (opts.body !== undefined) headers['Content-Type'] = 'application/json';
    if (token) headers.Authorization = `Bearer ${token}`;
    const doFetch = options.fetch ?? globalThis.fetch.bind(globalThis);
    try {
      return await doFetch(`${baseUrl}${path}${buildQueryString(opts.query)}`, {
        method,
        headers,
        body: opts.body === undefined ? undefined : JSON.stringify(opts.body),
        credentials: 'include',
        signal: opts.signal,
      });
    } catch (error) {
      // Aborts (unmount, timeouts) keep their own identity so callers and React Query see them.
      if (error instanceof DOMException && (error.name === 'AbortError' || error.name === 'TimeoutError')) {
        throw error;
      }
      throw new ApiError(0, NETWORK_ERROR, error instanceof Error ? error.message : 'Network request failed');
    }
  }

  async function request<T>(method: string, path: string, opts: RequestOptions = {}): Promise<T> {
    let response = await send(method, path, opts, auth.getAccessToken());
    if (response.status === 401 && !opts.skipAuthRefresh) {
      const token = await auth.refreshAccessToken().catch(() => null);
      if (token) response = await send(method, path, opts, token);
    }
    const body = await readBody(response);
    if (!response.ok) {
      const error = toApiError(response.status, response.statusText, body);
      throw opts.codeOnly ? error : await namedError(error);
    }
    return body as T;
  }

  return {
    setAuthHooks(hooks: AuthHooks) {
      auth = hooks;
    },
    request,
    get: <const P extends ApiPath<'GET'>>(path: P, opts?: Options<RouteOf<'GET', P>>) =>
      request<ApiAnswer<RouteOf<'GET', P>>>('GET', path, opts as RequestOptions),
    post: <const P extends ApiPath<'POST'>>(
      path: P,
      body?: Body<RouteOf<'POST', P>>,
      opts?: Options<RouteOf<'POST', P>>,
    ) =>
      request<ApiAnswer<RouteOf<'POST', P>>>('POST', path, { ...(opts as RequestOptions), body: body ?? {} }),
    patch: <const P extends ApiPath<'PATCH'>>(
      path: P,
      body: Body<RouteOf<'PATCH', P>>,
      opts?: Options<RouteOf<'PATCH', P>>,
    ) => request<ApiAnswer<RouteOf<'PATCH', P>>>('PATCH', path, { ...(opts as RequestOptions), body }),
    delete: <const P extends ApiPath<'DELETE'>>(
      path: P,
      opts?: Options<RouteOf<'DELETE', P>> & { body?: Body<RouteOf<'DELETE', P>> },
    ) => request<ApiAnswer<RouteOf<'DELETE', P>>>('DELETE', path, opts as RequestOptions),
  };
}

/** The app-wide client; the auth store installs its hooks at start-up. */
export const api = createApiClient();
