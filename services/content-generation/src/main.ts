import { loadConfigOrExit } from '@app/config';
import { createLogger } from '@app/logger';
import { closeOnSignals } from '@app/queue';
import { contentGenerationConfigSchema } from './config.ts';
import { SERVICE_NAME, startService } from './service.ts';

const config = loadConfigOrExit(contentGenerationConfigSchema);
const logger = createLogger(SERVICE_NAME, { level: config.LOG_LEVEL });
const service = await startService(config, { logger, prefix: config.QUEUE_PREFIX });
closeOnSignals(service, logger);
