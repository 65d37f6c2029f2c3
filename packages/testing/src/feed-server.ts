import { createHash } from 'node:crypto';
import { readFile, stat } from 'node:fs/promises';
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import path from 'node:path';
import type { RecordedRequest } from './http-fake.ts';

export type FeedRoute = {
  body: string | Buffer;
  headers?: Record<string, string>;
  status?: number;
};

export type FeedServerOptions = {
  /** Files served by name, e.g. fixturesDir(): GET /rss2-zh-meituan-tech.xml. */
  dir?: string;
  /** Fixed responses by path; they win over files. */
  routes?: Record<string, FeedRoute>;
};

export type FeedRequest = RecordedRequest & { status: number };

export type FeedServer = {
  /** `http://127.0.0.1:PORT` */
  url: string;
  port: number;
  requests: FeedRequest[];
  /** Adds or replaces a route (e.g. to simulate a feed that changed since the last crawl). */
  setRoute(routePath: string, route: FeedRoute): void;
  close(): Promise<void>;
};

const CONTENT_TYPES: Record<string, string> = {
  '.xml': 'application/xml',
  '.rss': 'application/rss+xml',
  '.atom': 'application/atom+xml',
  '.json': 'application/json',
  '.html': 'text/html; charset=utf-8',
  '.txt': 'text/plain; charset=utf-8',
};

/**
 * Serves feeds over HTTP on 127.0.0.1 with ETag and Last-Modified, answering 304 to a
 * matching conditional GET, so crawler tests see what a well-behaved publisher sends.
 * XML is served without a charset: the fixtures declare their own encodings in the prolog.
 */
export async function startFeedServer(options: FeedServerOptions = {}): Promise<FeedServer> {
  const routes = new Map(Object.entries(options.routes ?? {}));
  const routeTimes = new Map<string, Date>([...routes.keys()].map((key) => [key, new Date()]));
  const requests: FeedRequest[] = [];

  const server = createServer(async (req, res) => {
    const urlPath = decodeURIComponent((req.url ?? '/').split('?')[0]!);
    const record = (status: number) =>
      requests.push({
        method: req.method ?? 'GET',
        path: urlPath,
        headers: req.headers,
        body: undefined,
        receivedAt: new Date(),
        status,
      });
    try {
      const route = routes.get(urlPath);
      if (route) {
        const status = route.status ?? 200;
        const body = Buffer.from(route.body);
        if (status !== 200) {
          res.writeHead(status, route.headers);
          res.end(req.method === 'HEAD' ? undefined : body);
          return record(status);
        }
        return record(
          sendEntity(
            req,
            res,
            body,
            routeTimes.get(urlPath) ?? new Date(),
            contentType(urlPath),
            route.headers,
          ),
        );
      }
      const file = options.dir ? resolveInside(options.dir, urlPath) : undefined;
      const info = file ? await stat(file).catch(() => undefined) : undefined;
      if (!file || !info?.isFile()) {
        res.writeHead(404, { 'content-type': 'text/plain' });
        res.end('Not found');
        return record(404);
      }
      record(sendEntity(req, res, await readFile(file), info.mtime, contentType(file)));
    } catch (error) {
      res.writeHead(500, { 'content-type': 'text/plain' });
      res.end(String(error));
      record(500);
    }
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const port = (server.address() as AddressInfo).port;

  return {
    url: `http://127.0.0.1:${port}`,
    port,
    requests,
    setRoute(routePath, route) {
      routes.set(routePath, route);
      routeTimes.set(routePath, new Date());
    },
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}

/** Writes a 200 or, for a matching If-None-Match / If-Modified-Since, a 304; returns the status. */
function sendEntity(
  req: IncomingMessage,
  res: ServerResponse,
  body: Buffer,
  modified: Date,
  type: string,
  extraHeaders: Record<string, string> = {},
): number {
  const etag = `"${createHash('sha1').update(body).digest('base64url')}"`;
  // HTTP dates have second precision; compare at that precision or a file never looks unmodified.
  const lastModified = new Date(Math.floor(modified.getTime() / 1000) * 1000);
  const headers = {
    'content-type': type,
    etag,
    'last-modified': lastModified.toUTCString(),
    'cache-control': 'no-cache',
    ...extraHeaders,
  };
  if (isNotModified(req, etag, lastModified)) {
    res.writeHead(304, { etag: headers.etag, 'last-modified': headers['last-modified'] });
    res.end();
    return 304;
  }
  res.writeHead(200, { ...headers, 'content-length': String(body.length) });
  res.end(req.method === 'HEAD' ? undefined : body);
  return 200;
}

function isNotModified(req: IncomingMessage, etag: string, lastModified: Date): boolean {
  const ifNoneMatch = req.headers['if-none-match'];
  // RFC 9110: If-None-Match takes precedence; If-Modified-Since is only read without it.
  if (ifNoneMatch) {
    return ifNoneMatch
      .split(',')
      .map((tag) => tag.trim().replace(/^W\//, ''))
      .some((tag) => tag === '*' || tag === etag);
  }
  const since = req.headers['if-modified-since'];
  if (!since) return false;
  const sinceMs = Date.parse(since);
  return !Number.isNaN(sinceMs) && lastModified.getTime() <= sinceMs;
}

function contentType(file: string): string {
  return CONTENT_TYPES[path.extname(file).toLowerCase()] ?? 'application/octet-stream';
}

/** Maps a URL path into `dir`, refusing anything that would climb out of it. */
function resolveInside(dir: string, urlPath: string): string | undefined {
  const root = path.resolve(dir);
  const file = path.resolve(root, `.${path.posix.normalize(urlPath)}`);
  return file.startsWith(`${root}${path.sep}`) ? file : undefined;
}
