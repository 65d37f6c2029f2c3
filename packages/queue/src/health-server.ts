import { createHash, timingSafeEqual } from 'node:crypto';
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import type { Registry } from 'prom-client';

export type HealthChecks = Record<string, () => Promise<unknown>>;

export type HealthServer = {
  port: number;
  close(): Promise<void>;
};

/**
 * /healthz (the process answers), /readyz (every check passes within 2 s, else 503 naming the
 * failed ones) and /metrics (the service's Prometheus registry). It listens on `host` (loopback
 * unless the deployment's probes come from outside, as in Kubernetes); with `metricsToken` set,
 * /metrics answers only `Authorization: Bearer <token>` (401 otherwise).
 */
export async function startHealthServer(options: {
  port: number;
  host?: string;
  metricsToken?: string;
  checks: HealthChecks;
  registry: Registry;
}): Promise<HealthServer> {
  const { checks, registry } = options;
  const allowed = options.metricsToken ? digest(`Bearer ${options.metricsToken}`) : null;
  const server = createServer(async (req, res) => {
    const path = (req.url ?? '/').split('?')[0];
    if (path === '/healthz') return send(res, 200, { status: 'ok' });
    if (path === '/readyz') {
      const results = await runChecks(checks);
      const ready = Object.values(results).every((r) => r === 'ok');
      return send(res, ready ? 200 : 503, { status: ready ? 'ready' : 'not_ready', checks: results });
    }
    if (path === '/metrics') {
      if (allowed && !timingSafeEqual(digest(authorizationOf(req)), allowed))
        return send(res, 401, { error: { code: 'UNAUTHENTICATED', message: 'A metrics token is required' } });
      res.writeHead(200, { 'content-type': registry.contentType });
      return res.end(await registry.metrics());
    }
    return send(res, 404, { error: { code: 'NOT_FOUND', message: 'Not found' } });
  });
  const port = await listen(server, options.port, options.host ?? '127.0.0.1');
  return {
    port,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

async function runChecks(checks: HealthChecks): Promise<Record<string, 'ok' | 'fail'>> {
  const entries = await Promise.all(
    Object.entries(checks).map(async ([name, check]) => {
      try {
        await withTimeout(check(), 2000);
        return [name, 'ok'] as const;
      } catch {
        return [name, 'fail'] as const;
      }
    }),
  );
  return Object.fromEntries(entries);
}

function withTimeout<T>(promise: Promise<T>, ms: number): Promise<T> {
  return new Promise((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error('timeout')), ms);
    promise.then(
      (value) => {
        clearTimeout(timer);
        resolve(value);
      },
      (error) => {
        clearTimeout(timer);
        reject(error);
      },
    );
  });
}

function send(res: ServerResponse, status: number, body: unknown) {
  res.writeHead(status, { 'content-type': 'application/json' });
  res.end(JSON.stringify(body));
}

function listen(server: Server, port: number, host: string): Promise<number> {
  return new Promise((resolve, reject) => {
    server.once('error', reject);
    server.listen(port, host, () => resolve((server.address() as AddressInfo).port));
  });
}

/** Compared as fixed-length digests, so the comparison takes the same time whatever was sent. */
const digest = (text: string) => createHash('sha256').update(text).digest();
const authorizationOf = (req: IncomingMessage) => {
  const header = req.headers.authorization;
  return typeof header === 'string' ? header : '';
};
