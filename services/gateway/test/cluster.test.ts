import { readdirSync, readFileSync } from 'node:fs';
import { get } from 'node:http';
import { createTestDatabase, freePort, spawnService, waitFor, waitForHealthy } from '@app/testing';
import { expect, it } from 'vitest';

/**
 * Live Node processes whose parent is `pid`, from /proc: the workers (tsx may also start an esbuild
 * child in the primary to compile the workers' entry when its cache is cold).
 */
function childrenOf(pid: number): number[] {
  const children: number[] = [];
  for (const entry of readdirSync('/proc')) {
    if (!/^\d+$/.test(entry)) continue;
    try {
      const stat = readFileSync(`/proc/${entry}/stat`, 'utf8');
      // Fields after the command name (which may hold spaces): state, then the parent's pid.
      const [state, parent] = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
      const command = readFileSync(`/proc/${entry}/comm`, 'utf8').trim();
      if (Number(parent) === pid && state !== 'Z' && command === 'node') children.push(Number(entry));
    } catch {
      // gone meanwhile
    }
  }
  return children;
}

/** GET on a connection of its own (fetch would reuse one, which stays with one worker). */
function getOnNewConnection(
  url: string,
  headers: Record<string, string> = {},
): Promise<{ status: number; body: string }> {
  return new Promise((resolve, reject) => {
    get(url, { agent: false, headers }, (response) => {
      let body = '';
      response.setEncoding('utf8');
      response.on('data', (chunk: string) => {
        body += chunk;
      });
      response.on('end', () => resolve({ status: response.statusCode ?? 0, body }));
    }).on('error', reject);
  });
}

const alive = (pid: number) => {
  try {
    process.kill(pid, 0);
    return true;
  } catch {
    return false;
  }
};

// Without REDIS_URL the queues live in the test database (dropped afterwards).
it('runs GATEWAY_WORKERS processes on one port, sums their metrics, replaces a dead one and stops them all', async () => {
  const db = await createTestDatabase();
  const port = await freePort();
  const base = `http://127.0.0.1:${port}`;
  const gateway = spawnService({
    entry: 'src/server.ts',
    cwd: new URL('..', import.meta.url).pathname,
    env: {
      DATABASE_URL: db.url,
      PORT: String(port),
      HOST: '127.0.0.1',
      NODE_ENV: 'test',
      JWT_SECRET: 'cluster-test-secret-cluster-test-secret-0123',
      GATEWAY_WORKERS: '2',
      LOG_LEVEL: 'info',
      METRICS_TOKEN: 'cluster-metrics-scraper-token',
    },
  });
  const primary = gateway.child.pid!;
  try {
    await waitForHealthy(gateway, `${base}/healthz`);
    await waitFor(() => childrenOf(primary).length === 2, { timeoutMs: 20_000 });
    const workers = childrenOf(primary);

    // A new connection per request: the primary hands connections to the workers in turn, and
    // /metrics (served by one of them) counts the requests of both.
    for (let i = 0; i < 10; i++) expect((await getOnNewConnection(`${base}/healthz`)).status).toBe(200);
    const metrics = (
      await getOnNewConnection(`${base}/metrics`, { authorization: 'Bearer cluster-metrics-scraper-token' })
    ).body;
    const count = /^http_request_duration_seconds_count\{[^}]*route="\/healthz"[^}]*\} (\d+)$/m.exec(metrics);
    // waitForHealthy's own successful probe counts too.
    expect(Number(count?.[1])).toBeGreaterThanOrEqual(11);

    // A worker killed outright is replaced.
    process.kill(workers[0]!, 'SIGKILL');
    await waitFor(
      () => {
        const now = childrenOf(primary);
        return now.length === 2 && !now.includes(workers[0]!);
      },
      { timeoutMs: 20_000 },
    );
    await waitForHealthy(gateway, `${base}/readyz`);
    const replaced = childrenOf(primary);

    // SIGTERM to the primary: every worker finishes and exits, then the primary, with status 0.
    expect(await gateway.stop('SIGTERM')).toEqual({ code: 0, signal: null });
    expect(replaced.filter(alive)).toEqual([]);
    expect(gateway.output()).toContain('"msg":"gateway worker exited: starting another"');
  } finally {
    await gateway.stop('SIGKILL');
    for (const pid of childrenOf(primary)) process.kill(pid, 'SIGKILL');
    await db.drop();
  }
}, 60_000);
