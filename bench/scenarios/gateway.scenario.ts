import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { apiSignIn, seedUser } from '@app/testing';
import { freePort } from '@app/testing';
import { benchDatabase } from '../lib/database.ts';
import { load } from '../lib/load.ts';
import { sampleMemory, startMemorySampler } from '../lib/memory.ts';
import { startGatewayProcess } from '../lib/process.ts';
import type { Figure, Scenario } from '../lib/types.ts';

const CONNECTIONS = 50;

/**
 * The gateway's bare overhead: /healthz and an authenticated /api/me against a plain node:http server,
 * and its memory (RSS and V8 heap) through those loads against the same process idle after start.
 */
export const gatewayScenario: Scenario = {
  name: 'gateway',
  description: 'gateway /healthz and authenticated /api/me throughput, against a bare node:http server',
  async run(context) {
    const seconds = context.full ? 15 : 5;
    const db = await benchDatabase(context.databaseAdminUrl, 'bench_gateway');
    const port = await freePort();
    const gateway = await startGatewayProcess({
      repoRoot: context.repoRoot,
      redisUrl: context.redisUrl,
      databaseUrl: db.url,
      port,
      // One process, like the bare server it is compared with, and the one whose memory is sampled.
      env: { LOGIN_RATE_LIMIT: '10000', LOGIN_IP_RATE_LIMIT: '100000', GATEWAY_WORKERS: '1' },
    });
    const bare = createServer((_req, res) => {
      res.writeHead(200, { 'content-type': 'application/json' });
      res.end('{"status":"ok"}');
    });
    await new Promise<void>((resolve) => bare.listen(0, '127.0.0.1', resolve));
    try {
      const base = `http://127.0.0.1:${port}`;
      const token = await signIn(db.prisma, base);
      const metricsUrl = `${base}/metrics`;
      const idle = await sampleMemory(gateway.pid, metricsUrl);
      context.log('bare node:http baseline');
      const baseline = await load(`http://127.0.0.1:${(bare.address() as AddressInfo).port}/`, {
        connections: CONNECTIONS,
        seconds,
      });
      // Memory is sampled (RSS from /proc, the V8 heap from the gateway's own /metrics) through both loads.
      const sampler = startMemorySampler(gateway.pid, metricsUrl);
      context.log('gateway /healthz');
      const health = await load(`${base}/healthz`, { connections: CONNECTIONS, seconds });
      context.log('gateway /api/me (JWT + one profile read)');
      const me = await load(`${base}/api/me`, {
        connections: CONNECTIONS,
        seconds,
        headers: { authorization: `Bearer ${token}` },
      });
      const memory = await sampler.stop();
      if (health.non2xx + me.non2xx > 0) throw new Error(`non-2xx answers: ${health.non2xx + me.non2xx}`);
      if (!idle || memory.samples === 0) throw new Error('no memory samples from the gateway');
      const ratio = health.requestsPerSecond / baseline.requestsPerSecond;
      const mib = (bytes: number) => bytes / 2 ** 20;
      const idleRss = { label: 'idle after start', value: mib(idle.rss) };
      return [
        {
          scenario: 'gateway',
          figure: '/healthz throughput',
          value: health.requestsPerSecond,
          unit: 'req/s',
          baseline: { label: 'bare node:http', value: baseline.requestsPerSecond },
          ratio,
          goal: '≥ 0.3 of bare node:http',
          pass: ratio >= 0.3,
        },
        { scenario: 'gateway', figure: '/api/me throughput', value: me.requestsPerSecond, unit: 'req/s' },
        { scenario: 'gateway', figure: '/api/me p99', value: me.p99, unit: 'ms' },
        {
          scenario: 'gateway',
          figure: `gateway peak RSS under load (${memory.samples} samples)`,
          value: mib(memory.peak.rss),
          unit: 'MiB',
          baseline: idleRss,
          ratio: memory.peak.rss / idle.rss,
          goal: '≤ 200 MiB (one gateway worker process)',
          pass: mib(memory.peak.rss) <= 200,
        },
        {
          scenario: 'gateway',
          figure: 'gateway mean RSS under load',
          value: mib(memory.mean.rss),
          unit: 'MiB',
        },
        {
          scenario: 'gateway',
          figure: 'gateway peak V8 heap used under load',
          value: mib(memory.peak.heapUsed),
          unit: 'MiB',
          baseline: { label: 'idle after start', value: mib(idle.heapUsed) },
          ratio: memory.peak.heapUsed / idle.heapUsed,
        },
        {
          scenario: 'gateway',
          figure: 'gateway peak V8 heap total under load',
          value: mib(memory.peak.heapTotal),
          unit: 'MiB',
        },
        {
          scenario: 'gateway',
          figure: 'gateway peak external (Buffers, Wasm) under load',
          value: mib(memory.peak.external),
          unit: 'MiB',
        },
      ] satisfies Figure[];
    } finally {
      bare.close();
      await gateway.stop();
      await db.drop();
    }
  },
};

async function signIn(prisma: import('@app/db').PrismaClient, base: string): Promise<string> {
  const user = await seedUser(prisma, { email: 'bench@example.com' });
  return (await apiSignIn(base, user.email)).token;
}
