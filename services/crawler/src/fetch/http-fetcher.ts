import { lookup as dnsLookup, type LookupAddress } from 'node:dns';
import { brotliDecompressSync, gunzipSync, inflateSync } from 'node:zlib';
import { Agent, errors as undiciErrors, request } from 'undici';
import { isPrivateAddress, literalUrlRefusal } from '@app/url-guard';
import { CrawlError } from '../errors.ts';

export type FetchOptions = {
  etag?: string | null;
  lastModified?: string | null;
  timeoutMs?: number;
  maxBytes?: number;
  maxRedirects?: number;
  userAgent?: string;
  accept?: string;
  headers?: Record<string, string>;
};

export type FetchResult =
  | { notModified: true; url: string }
  | {
      notModified: false;
      /** The URL after redirects. */
      url: string;
      status: number;
      body: Buffer;
      contentType: string | null;
      etag: string | null;
      lastModified: string | null;
    };

export type Fetcher = {
  fetch(url: string, options?: FetchOptions): Promise<FetchResult>;
  close(): Promise<void>;
};

export type FetcherOptions = {
  /** CRAWLER_ALLOW_PRIVATE_HOSTS: let tests and intranet deployments reach loopback/private addresses. */
  allowPrivateHosts: boolean;
  defaultTimeoutMs?: number;
  defaultMaxBytes?: number;
  userAgent?: string;
  /** Sockets per origin. */
  connections?: number;
};

export const DEFAULT_USER_AGENT =
  'Mozilla/5.0 (compatible; DailyCuratedBot/1.0; +https://daily-curated.example)';

/**
 * HTTP GET for feeds and pages: conditional requests, a timeout over the whole exchange, a body
 * size cap (checked while streaming, and after decompression), at most N redirects, and private
 * addresses refused both for IP literals and for every address a host name resolves to (the
 * check sits in the socket's DNS lookup, so a rebinding answer cannot slip past it).
 */
export function createFetcher(options: FetcherOptions): Fetcher {
  const allowPrivate = options.allowPrivateHosts;
  const agent = new Agent({
    connections: options.connections ?? 16,
    keepAliveTimeout: 10_000,
    connect: {
      lookup: (hostname, lookupOptions, callback) => {
        dnsLookup(hostname, { ...lookupOptions, all: true }, (error, addresses) => {
          if (error) return callback(error, '', 4);
          const list = addresses as LookupAddress[];
          const allowed = allowPrivate ? list : list.filter((a) => !isPrivateAddress(a.address));
          if (allowed.length === 0) {
            const blocked = Object.assign(new Error(`${hostname} resolves to a private address`), {
              code: 'EBLOCKED',
            });
            return callback(blocked, '', 4);
          }
          if ((lookupOptions as { all?: boolean }).all)
            return (callback as (e: null, a: LookupAddress[]) => void)(null, allowed);
          callback(null, allowed[0]!.address, allowed[0]!.family);
        });
      },
    },
  });

  async function fetchOnce(url: string, fetchOptions: FetchOptions): Promise<FetchResult> {
    const timeoutMs = fetchOptions.timeoutMs ?? options.defaultTimeoutMs ?? 15_000;
    const maxBytes = fetchOptions.maxBytes ?? options.defaultMaxBytes ?? 10 * 1024 * 1024;
    const maxRedirects = fetchOptions.maxRedirects ?? 5;
    const signal = AbortSignal.timeout(timeoutMs);
    let current = url;
    for (let hop = 0; ; hop++) {
      const target = checkUrl(current, allowPrivate);
      const headers: Record<string, string> = {
        'user-agent': fetchOptions.userAgent ?? options.userAgent ?? DEFAULT_USER_AGENT,
        accept:
          fetchOptions.accept ??
          'application/rss+xml, application/atom+xml, application/feed+json, application/json, application/xml;q=0.9, text/xml;q=0.9, text/html;q=0.8, */*;q=0.5',
        'accept-encoding': 'gzip, deflate, br',
        ...fetchOptions.headers,
      };
      // Validators belong to the feed URL; after a redirect the stored ones no longer apply.
      if (hop === 0 && fetchOptions.etag) headers['if-none-match'] = fetchOptions.etag;
      if (hop === 0 && fetchOptions.lastModified) headers['if-modified-since'] = fetchOptions.lastModified;
      let response: Awaited<ReturnType<typeof request>>;
      try {
        response = await request(target, {
          method: 'GET',
          headers,
          dispatcher: agent,
          signal,
          headersTimeout: timeoutMs,
          bodyTimeout: timeoutMs,
        });
      } catch (error) {
        throw classifyNetworkError(error, current);
      }
      const status = response.statusCode;
      if (status >= 300 && status < 400 && status !== 304) {
        await response.body.dump().catch(() => undefined);
        const location = header(response.headers, 'location');
        if (!location) throw new CrawlError('http_4xx', `HTTP ${status} without Location from ${current}`);
        if (hop >= maxRedirects) throw new CrawlError('http_4xx', `Too many redirects from ${url}`);
        current = new URL(location, current).toString();
        continue;
      }
      if (status === 304) {
        await response.body.dump().catch(() => undefined);
        return { notModified: true, url: current };
      }
      if (status >= 400) {
        await response.body.dump().catch(() => undefined);
        const retryAfter = parseRetryAfter(header(response.headers, 'retry-after'));
        if (status === 429)
          throw new CrawlError('rate_limited', `HTTP 429 from ${current}`, { retryAfterSeconds: retryAfter });
        if (status >= 500)
          throw new CrawlError('http_5xx', `HTTP ${status} from ${current}`, {
            retryAfterSeconds: retryAfter,
          });
        throw new CrawlError('http_4xx', `HTTP ${status} from ${current}`);
      }
      const declaredLength = Number(header(response.headers, 'content-length') ?? 0);
      if (declaredLength > maxBytes) {
        await response.body.dump().catch(() => undefined);
        throw new CrawlError('too_large', `Body of ${declaredLength} bytes exceeds ${maxBytes} (${current})`);
      }
      let body: Buffer;
      try {
        body = await readLimited(response.body, maxBytes, current);
        body = decompress(body, header(response.headers, 'content-encoding'), maxBytes, current);
      } catch (error) {
        throw error instanceof CrawlError ? error : classifyNetworkError(error, current);
      }
      return {
        notModified: false,
        url: current,
        status,
        body,
        contentType: header(response.headers, 'content-type'),
        etag: header(response.headers, 'etag'),
        lastModified: header(response.headers, 'last-modified'),
      };
    }
  }

  return {
    fetch: (url, fetchOptions = {}) => fetchOnce(url, fetchOptions),
    close: () => agent.close(),
  };
}

function checkUrl(raw: string, allowPrivate: boolean): URL {
  let url: URL;
  try {
    url = new URL(raw);
  } catch {
    throw new CrawlError('config', `Not a URL: ${raw.slice(0, 200)}`);
  }
  const refusal = literalUrlRefusal(url.toString());
  if (refusal === 'scheme') {
    throw new CrawlError('blocked', `Only http and https URLs are fetched (${url.protocol})`);
  }
  if (refusal === 'private' && !allowPrivate) {
    throw new CrawlError('blocked', `Private or loopback address refused: ${url.hostname}`);
  }
  url.hash = '';
  return url;
}

async function readLimited(body: AsyncIterable<Buffer>, maxBytes: number, url: string): Promise<Buffer> {
  const chunks: Buffer[] = [];
  let size = 0;
  for await (const chunk of body) {
    size += chunk.length;
    if (size > maxBytes) {
      (body as { destroy?: () => void }).destroy?.();
      throw new CrawlError('too_large', `Body exceeds ${maxBytes} bytes (${url})`);
    }
    chunks.push(chunk);
  }
  return Buffer.concat(chunks, size);
}

function decompress(body: Buffer, encoding: string | null, maxBytes: number, url: string): Buffer {
  const kind = encoding?.trim().toLowerCase();
  if (!kind || kind === 'identity') return body;
  try {
    if (kind === 'gzip' || kind === 'x-gzip') return gunzipSync(body, { maxOutputLength: maxBytes });
    if (kind === 'deflate') return inflateSync(body, { maxOutputLength: maxBytes });
    if (kind === 'br') return brotliDecompressSync(body, { maxOutputLength: maxBytes });
  } catch (error) {
    if ((error as { code?: string }).code === 'ERR_BUFFER_TOO_LARGE') {
      throw new CrawlError('too_large', `Decompressed body exceeds ${maxBytes} bytes (${url})`);
    }
    throw new CrawlError('parse_error', `Cannot decompress ${kind} body from ${url}`, { cause: error });
  }
  return body;
}

function header(headers: Record<string, string | string[] | undefined>, name: string): string | null {
  const value = headers[name];
  return Array.isArray(value) ? (value[0] ?? null) : (value ?? null);
}

function parseRetryAfter(value: string | null): number | undefined {
  if (!value) return undefined;
  const seconds = Number(value);
  if (Number.isFinite(seconds)) return Math.max(0, seconds);
  const date = Date.parse(value);
  return Number.isNaN(date) ? undefined : Math.max(0, Math.round((date - Date.now()) / 1000));
}

function classifyNetworkError(error: unknown, url: string): CrawlError {
  if (error instanceof CrawlError) return error;
  const err = error as { name?: string; code?: string; message?: string; cause?: { code?: string } };
  const code = err.code ?? err.cause?.code;
  if (code === 'EBLOCKED')
    return new CrawlError('blocked', `Private or loopback address refused (${url})`, { cause: error });
  if (
    err.name === 'TimeoutError' ||
    err.name === 'AbortError' ||
    error instanceof undiciErrors.HeadersTimeoutError ||
    error instanceof undiciErrors.BodyTimeoutError ||
    code === 'UND_ERR_CONNECT_TIMEOUT' ||
    code === 'ETIMEDOUT'
  ) {
    return new CrawlError('timeout', `Timed out fetching ${url}`, { cause: error });
  }
  return new CrawlError(
    'network',
    `${code ?? err.name ?? 'Error'} fetching ${url}: ${err.message ?? ''}`.trim(),
    {
      cause: error,
    },
  );
}
