import { networkInterfaces } from 'node:os';
import { Registry } from 'prom-client';
import { afterEach, describe, expect, it } from 'vitest';
import { type HealthServer, startHealthServer } from './health-server.ts';

// The worker health servers: loopback unless told otherwise, and /metrics behind the token when one
// is set (the outside review found them on every interface with an open /metrics).

const servers: HealthServer[] = [];
afterEach(async () => {
  await Promise.all(servers.splice(0).map((server) => server.close()));
});

async function start(options: { host?: string; metricsToken?: string } = {}) {
  const registry = new Registry();
  registry.setDefaultLabels({ service: 'health-test' });
  const server = await startHealthServer({ port: 0, checks: {}, registry, ...options });
  servers.push(server);
  return server;
}

/** An address of this machine that is not loopback (the interface a neighbour would reach). */
const outside = Object.values(networkInterfaces())
  .flatMap((list) => list ?? [])
  .find((entry) => entry.family === 'IPv4' && !entry.internal)?.address;

describe('worker health server', () => {
  it('listens on loopback by default: not on the machine’s other addresses', async () => {
    const server = await start();
    expect((await fetch(`http://127.0.0.1:${server.port}/healthz`)).status).toBe(200);
    if (outside) await expect(fetch(`http://${outside}:${server.port}/metrics`)).rejects.toThrow();
  });

  it('asks for the metrics token when one is set, compared in full', async () => {
    const token = 'metrics-token-for-the-health-test-0123';
    const server = await start({ host: '0.0.0.0', metricsToken: token });
    const metrics = (authorization?: string) =>
      fetch(`http://127.0.0.1:${server.port}/metrics`, {
        headers: authorization ? { authorization } : {},
      });
    for (const wrong of [
      undefined,
      token,
      `Bearer ${token}x`,
      `Bearer ${token.slice(0, -1)}`,
      `Basic ${token}`,
    ]) {
      const response = await metrics(wrong);
      expect(response.status, String(wrong)).toBe(401);
      expect(await response.text()).not.toContain('process_');
    }
    expect((await metrics(`Bearer ${token}`)).status).toBe(200);
    // Health and readiness stay open to the probes.
    expect((await fetch(`http://127.0.0.1:${server.port}/readyz`)).status).toBe(200);
    if (outside) expect((await fetch(`http://${outside}:${server.port}/healthz`)).status).toBe(200);
  });
});
