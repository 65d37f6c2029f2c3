import v8 from 'node:v8';
import { runInNewContext } from 'node:vm';

let collected = false;

/**
 * One full garbage collection once a service is ready. Start-up leaves tens of MiB of garbage (the
 * configuration schemas, Prisma's schema load, module evaluation) that V8 would otherwise keep until
 * its memory reducer happens to notice the process is idle; collecting it once, right away, gives every
 * service the same small footprint from its first second. The collector is taken from a throwaway
 * context with `--expose-gc` on only for that moment, so no code of the service sees a global gc().
 */
export function collectStartupGarbage(): void {
  if (collected) return;
  collected = true;
  v8.setFlagsFromString('--expose-gc');
  try {
    const gc = runInNewContext('gc') as (() => void) | undefined;
    gc?.();
  } finally {
    v8.setFlagsFromString('--no-expose-gc');
  }
}

/**
 * Once the process serves: load Prisma's query compiler now (the client loads it on first use, which
 * would otherwise be the first readiness probe) and then collect the start-up garbage. Never fails
 * the service: with the database down, the garbage is collected anyway and readiness reports it.
 */
export function settleAfterStart(
  prisma: { $connect(): Promise<void> },
  logger: { warn(obj: object, msg: string): void },
): void {
  void prisma
    .$connect()
    .catch((error: unknown) => logger.warn({ err: error }, 'database not reachable yet'))
    .finally(collectStartupGarbage);
}
