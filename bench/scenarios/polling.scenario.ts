import { hashPassword } from '@app/db';
import { apiSignIn, freePort } from '@app/testing';
import type autocannon from 'autocannon';
import { benchDatabase } from '../lib/database.ts';
import { load, pacedLoad } from '../lib/load.ts';
import { startGatewayProcess } from '../lib/process.ts';
import type { Figure, Scenario } from '../lib/types.ts';

const POLLERS = 200;
const USERS = 20;

/**
 * The generator's 2-second status poll: GET /api/generation-tasks/:taskId with 10,000 pending tasks in the
 * queue (so every answer counts the pending tasks ahead), 200 pollers.
 * - Latency as users see it: 200 pollers on their own connections, each asking once a second (twice the
 *   web app's 2-second cadence), their timers spread over the second; p99 against the goal.
 * - Capacity: 200 connections asking back to back, against /healthz at the same 200 connections. At
 *   saturation the latency is only the queue: about connections ÷ throughput (Little's law), reported too.
 */
export const pollingScenario: Scenario = {
  name: 'polling',
  description:
    'generation status poll with 10,000 pending tasks at 200 pollers, against the gateway /healthz',
  async run(context) {
    const seconds = context.full ? 15 : 5;
    const pacedSeconds = context.full ? 15 : 6;
    const pending = 10_000;
    const db = await benchDatabase(context.databaseAdminUrl, 'bench_polling');
    const port = await freePort();
    const gateway = await startGatewayProcess({
      repoRoot: context.repoRoot,
      redisUrl: context.redisUrl,
      databaseUrl: db.url,
      port,
      env: { LOGIN_RATE_LIMIT: '10000', LOGIN_IP_RATE_LIMIT: '100000' },
    });
    try {
      const base = `http://127.0.0.1:${port}`;
      context.log(`seeding ${USERS} users and ${pending} pending tasks`);
      const passwordHash = await hashPassword('bench-password');
      const users: { id: string; token: string }[] = [];
      for (let i = 0; i < USERS; i++) {
        const email = `poller-${i}@example.com`;
        const user = await db.prisma.user.create({
          data: {
            email,
            passwordHash,
            emailVerifiedAt: new Date(),
            profile: { create: { subscriptionType: 'pro' } },
          },
        });
        users.push({ id: user.id, token: (await apiSignIn(base, email, 'bench-password')).token });
      }
      // Pending tasks spread over the users, queued one millisecond apart.
      await db.prisma.$executeRawUnsafe(
        `INSERT INTO content_generation_queue (id, task_id, user_id, status, style, target_platforms, enqueued_at, created_at, updated_at)
         SELECT id, id::text, (ARRAY[${users.map((u) => `'${u.id}'::uuid`).join(',')}])[1 + (n % ${USERS})],
                'pending', 'engaging', ARRAY['linkedin','twitter'], t, t, t
         FROM (SELECT gen_random_uuid() AS id, n, now() - interval '1 hour' + n * interval '1 millisecond' AS t
               FROM generate_series(1, ${pending}) AS n) AS s`,
      );
      await db.prisma.$executeRawUnsafe('VACUUM ANALYZE content_generation_queue');
      const tasks = await db.prisma.contentGenerationQueue.findMany({ select: { id: true, userId: true } });
      const tokenOf = new Map(users.map((u) => [u.id, u.token]));
      const targets = tasks.map((task) => ({
        path: `/api/generation-tasks/${task.id}`,
        authorization: `Bearer ${tokenOf.get(task.userId)}`,
      }));
      // Sanity: one answer has the position of its task.
      const probe = await fetch(`${base}${targets[0]!.path}`, {
        headers: { authorization: targets[0]!.authorization },
      });
      const probeBody = (await probe.json()) as { data?: { queue_position?: number } };
      if (!probe.ok || !probeBody.data?.queue_position)
        throw new Error(`status probe failed: ${probe.status}`);

      let next = 0;
      const requests = [
        {
          method: 'GET' as const,
          setupRequest: (request: autocannon.Request) => {
            const target = targets[next++ % targets.length]!;
            return { ...request, path: target.path, headers: { authorization: target.authorization } };
          },
        },
      ];
      context.log(`gateway /healthz at ${POLLERS} connections`);
      const health = await load(`${base}/healthz`, { connections: POLLERS, seconds });
      context.log(`GET /api/generation-tasks/:taskId at ${POLLERS} connections, back to back`);
      const poll = await load(base, { connections: POLLERS, seconds, requests });
      // Last, on a warmed-up process: 4 connections every 20 ms clump about as much as 200 independent
      // timers (Poisson arrivals at 200/s) do.
      context.log(`GET /api/generation-tasks/:taskId: ${POLLERS} pollers, each once a second`);
      const paced = await pacedLoad(base, {
        connections: POLLERS,
        groups: 50,
        seconds: pacedSeconds,
        requests,
      });
      if (paced.non2xx > 0 || paced.errors > 0)
        throw new Error(`paced poll: ${paced.non2xx} non-2xx, ${paced.errors} errors`);
      if (poll.non2xx > 0 || poll.errors > 0)
        throw new Error(`poll: ${poll.non2xx} non-2xx, ${poll.errors} errors`);
      const rps = poll.requestsPerSecond;
      const ratio = rps / health.requestsPerSecond;
      return [
        {
          scenario: 'polling',
          figure: `status poll p99, ${POLLERS} pollers each once a second (${pending} pending)`,
          value: paced.p99,
          unit: 'ms',
          goal: '≤ 20 ms',
          pass: paced.p99 <= 20,
        },
        { scenario: 'polling', figure: 'status poll p50, same pollers', value: paced.p50, unit: 'ms' },
        {
          scenario: 'polling',
          figure: 'status polls answered per second, same pollers',
          value: paced.requestsPerSecond,
          unit: 'req/s',
        },
        {
          scenario: 'polling',
          figure: `status poll throughput at saturation (${POLLERS} connections back to back)`,
          value: rps,
          unit: 'req/s',
          baseline: { label: 'gateway /healthz', value: health.requestsPerSecond },
          ratio,
          goal: '≥ 0.3 of /healthz',
          pass: ratio >= 0.3,
        },
        {
          scenario: 'polling',
          figure: 'status poll p99 at saturation (queueing: ≈ connections ÷ throughput)',
          value: poll.p99,
          unit: 'ms',
        },
        {
          scenario: 'polling',
          figure: '/healthz p99 at saturation (same connections)',
          value: health.p99,
          unit: 'ms',
        },
      ] satisfies Figure[];
    } finally {
      await gateway.stop();
      await db.drop();
    }
  },
};
