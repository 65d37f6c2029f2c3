import cluster from 'node:cluster';
import { createPrismaClient } from '@app/db';
import type { Logger } from '@app/logger';
import { capHeapGrowth, createProducer, createQueueTransport, settleAfterStart } from '@app/queue';
import { buildApp } from './app.ts';
import type { GatewayConfig } from './config.ts';

/**
 * One gateway process: connections, listen, and a graceful close on SIGTERM/SIGINT. As a cluster
 * worker it also closes when the primary goes away, and a repeated signal (a terminal's Ctrl-C reaches
 * the primary and every worker) does not cut the close short: the 15 s limit still applies.
 */
export async function serve(config: GatewayConfig, logger: Logger): Promise<void> {
  // Requests' garbage promoted under load is collected before it doubles the heap.
  capHeapGrowth();
  const prisma = createPrismaClient(config.DATABASE_URL);
  const transport = createQueueTransport({
    redisUrl: config.REDIS_URL,
    databaseUrl: config.DATABASE_URL,
    prefix: config.QUEUE_PREFIX,
    // A request that adds a job answers 503 while Redis is away, never hangs until it is back.
    producersFailFast: true,
  });
  const producer = createProducer(transport);
  const app = await buildApp({ config, prisma, producer, transport, logger });

  let closing = false;
  async function shutdown(reason: string) {
    if (closing) {
      if (cluster.isWorker) return;
      process.exit(1); // a second signal: stop waiting
    }
    closing = true;
    logger.info({ reason }, 'shutting down: finishing requests in flight');
    // Force the exit if something hangs, so an orchestrator's restart is never blocked.
    setTimeout(() => process.exit(1), 15_000).unref();
    try {
      await app.close();
      await producer.close();
      await transport.close();
      await prisma.$disconnect();
      process.exit(0);
    } catch (error) {
      logger.error({ err: error }, 'error while shutting down');
      process.exit(1);
    }
  }
  process.on('SIGTERM', () => void shutdown('SIGTERM'));
  process.on('SIGINT', () => void shutdown('SIGINT'));
  if (cluster.isWorker) process.on('disconnect', () => void shutdown('primary gone'));

  try {
    await app.listen({ port: config.PORT, host: config.HOST });
  } catch (error) {
    logger.fatal({ err: error }, 'could not listen');
    process.exit(1);
  }
  settleAfterStart(prisma, logger);
}
