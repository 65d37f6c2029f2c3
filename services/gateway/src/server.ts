import cluster from 'node:cluster';
import { createLogger } from '@app/logger';
import { DEV_JWT_SECRET, loadGatewayConfigOrExit } from './config.ts';

// The process: config, then either the gateway itself or, with GATEWAY_WORKERS > 1, a primary that
// runs that many gateway processes on the one port (each loads this file again as a worker).
const config = loadGatewayConfigOrExit();
const logger = createLogger('gateway', { level: config.LOG_LEVEL });
if (cluster.isPrimary && config.JWT_SECRET === DEV_JWT_SECRET) {
  logger.warn('JWT_SECRET is not set: using the development default; never run like this in production');
}
if (cluster.isPrimary && config.BILLING_DEMO) {
  logger.warn('payments: demo checkout (BILLING_DEMO), no real payment; set the STRIPE_* keys to take money');
}

if (cluster.isPrimary && config.GATEWAY_WORKERS > 1) {
  const { superviseWorkers } = await import('./cluster-primary.ts');
  superviseWorkers(config.GATEWAY_WORKERS, logger);
} else {
  const { serve } = await import('./serve.ts');
  await serve(config, logger);
}
