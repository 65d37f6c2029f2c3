import { AppError } from '@app/contracts';
import rateLimit from '@fastify/rate-limit';
import fp from 'fastify-plugin';
import { Redis } from 'ioredis';

/**
 * Off by default; routes opt in with `config.rateLimit` (or `app.createRateLimit`). With REDIS_URL the
 * counters live in Redis so every replica shares them; without it each process counts alone. The
 * connection is decorated as `rateLimitRedis` for the gateway's other limits (plugins/app/limits.plugin.ts).
 */
export default fp(
  async (app) => {
    const redis = app.config.REDIS_URL
      ? new Redis(app.config.REDIS_URL, {
          connectTimeout: 2000,
          maxRetriesPerRequest: 1,
          enableOfflineQueue: true,
        })
      : undefined;
    redis?.on('error', (error) => app.log.warn({ err: error }, 'rate-limit redis error'));
    app.decorate('rateLimitRedis', redis);
    // quit() waits for a reconnect that may never come when Redis is down: bound it, then drop the socket.
    if (redis) {
      app.addHook('onClose', async () => {
        await Promise.race([
          redis.quit().catch(() => undefined),
          new Promise((r) => setTimeout(r, 1000).unref()),
        ]);
        redis.disconnect();
      });
    }
    await app.register(rateLimit, {
      global: false,
      redis,
      nameSpace: `${app.config.RATE_LIMIT_KEY_PREFIX}rate-limit:`,
      // A Redis outage must not lock everyone out of signing in.
      skipOnError: true,
      errorResponseBuilder: (_request, context) =>
        new AppError('RATE_LIMITED', `Too many attempts, please try again in ${context.after}`),
    });
  },
  { name: 'rate-limit' },
);
