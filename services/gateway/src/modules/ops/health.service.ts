import type { ReadyResponse } from '@app/contracts';
import type { QueueTransport } from '@app/queue';
import type { ServiceContext } from '../context.ts';

export type HealthService = ReturnType<typeof createHealthService>;

const CHECK_TIMEOUT_MS = 2000;

function withTimeout(promise: Promise<unknown>): Promise<unknown> {
  return Promise.race([
    promise,
    new Promise((_, reject) => setTimeout(() => reject(new Error('timeout')), CHECK_TIMEOUT_MS).unref()),
  ]);
}

/** The repositories this service is given (its module's index.ts hands it these only). */
export const HEALTH_REPOS = ['health'] as const;

/** Readiness: the database and the queue's transport each answer within the timeout. */
export function createHealthService(
  ctx: ServiceContext<(typeof HEALTH_REPOS)[number]>,
  transport: Pick<QueueTransport, 'ping'>,
) {
  const checks: Record<string, () => Promise<unknown>> = {
    database: () => ctx.repos.health.ping(),
    queue: () => transport.ping(),
  };

  return {
    async readiness(requestId: string): Promise<ReadyResponse> {
      const results: ReadyResponse['checks'] = {};
      await Promise.all(
        Object.entries(checks).map(async ([name, check]) => {
          results[name] = await withTimeout(check()).then(
            () => 'ok' as const,
            (error: unknown) => {
              ctx.logger.warn({ err: error, check: name, requestId }, 'readiness check failed');
              return 'fail' as const;
            },
          );
        }),
      );
      const ready = Object.values(results).every((r) => r === 'ok');
      return { status: ready ? 'ready' : 'not_ready', checks: results };
    },
  };
}
