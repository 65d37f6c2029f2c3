import { createPrismaClient } from '@app/db';
import { createLogger } from '@app/logger';
import { createProducer, createQueueTransport } from '@app/queue';
import { buildApp } from './app.ts';
import { DEV_JWT_SECRET, loadGatewayConfigOrExit } from './config.ts';

// The process: config, connections, listen, and a graceful close on SIGTERM/SIGINT.
const config = loadGatewayConfigOrExit();
const logger = createLogger('gateway', { level: config.LOG_LEVEL });
if (config.JWT_SECRET === DEV_JWT_SECRET) {
  logger.warn('JWT_SECRET is not set: using the development default; never run like this in production');
}

const prisma = createPrismaClient(config.DATABASE_URL);
const transport = createQueueTransport({ redisUrl: config.REDIS_URL, databaseUrl: config.DATABASE_URL });
const producer = createProducer(transport);
const app = await buildApp({ config, prisma, producer, transport, logger });

let closing = false;
async function shutdown(signal: string) {
  if (closing) process.exit(1); // a second signal: stop waiting
  closing = true;
  logger.info({ signal }, 'shutting down: finishing requests in flight');
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

try {
  await app.listen({ port: config.PORT, host: config.HOST });
} catch (error) {
  logger.fatal({ err: error }, 'could not listen');
  process.exit(1);
}
