import { loadConfigOrExit } from '@app/config';
import { createLogger, type Logger } from '@app/logger';
import type { RunningService, WorkerConfigSchema, WorkerService } from './worker-service.ts';

/**
 * The whole of a worker service's main.ts: the config from the environment (a bad or missing value
 * stops the process, naming the keys), start, the start-up garbage collected, and a graceful close on
 * SIGTERM/SIGINT.
 */
export async function runWorkerServiceMain<S extends WorkerConfigSchema>(
  service: WorkerService<S>,
): Promise<RunningService> {
  const config = loadConfigOrExit(service.configSchema);
  const logger = createLogger(service.name, { level: config.LOG_LEVEL });
  try {
    const running = await service.start(config, { logger, settle: true });
    closeOnSignals(running, logger);
    return running;
  } catch (error) {
    logger.fatal({ err: error }, `${service.name} could not start`);
    process.exit(1);
  }
}

/** SIGTERM/SIGINT → graceful close, then exit; a second signal exits at once. */
export function closeOnSignals(service: { close(): Promise<void> }, logger: Logger): void {
  let stopping = false;
  const onSignal = (signal: string) => {
    if (stopping) process.exit(1);
    stopping = true;
    logger.info({ signal }, 'signal received');
    service.close().then(
      () => process.exit(0),
      (error) => {
        logger.error({ err: error }, 'error while stopping');
        process.exit(1);
      },
    );
  };
  process.on('SIGTERM', () => onSignal('SIGTERM'));
  process.on('SIGINT', () => onSignal('SIGINT'));
}
