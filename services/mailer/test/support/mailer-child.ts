// The real mailer service (config from the environment, scheduler on) in a child process the test
// can SIGKILL, on the test's own Redis prefix (main.ts always uses the production prefix).
import { loadConfigOrExit } from '@app/config';
import { createLogger } from '@app/logger';
import { closeOnSignals } from '@app/queue';
import { mailerConfigSchema } from '../../src/config.ts';
import { startService } from '../../src/service.ts';

const config = loadConfigOrExit(mailerConfigSchema);
const logger = createLogger('mailer-child', { level: config.LOG_LEVEL });
const service = await startService(config, { logger, prefix: process.env.TEST_QUEUE_PREFIX });
closeOnSignals(service, logger);
