import type { FastifyInstance, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import { createInFlightLimiter } from '../../lib/in-flight.ts';
import { createLoginDelay } from '../../lib/login-delay.ts';
import { type LimitName, limitOptions } from '../../lib/limits.ts';
import { enforceRateLimit } from '../../lib/rate-limit-guard.ts';

export type Limits = ReturnType<typeof createLimits>;

/** A post-mode request renews its lease every third of this; a dead process's lapse after it. */
const POST_LEASE_SECONDS = 60;

function createLimits(app: FastifyInstance) {
  const { config } = app;
  const NAMESPACE = `${config.RATE_LIMIT_KEY_PREFIX}limits:`;
  const redis = app.rateLimitRedis;
  const onError = (error: unknown) =>
    app.log.warn({ err: error }, 'limits: redis error, counting in this process');

  /**
   * A named limit (lib/limits.ts) checked by hand, for a preHandler that checks several: 429
   * RATE_LIMITED with Retry-After once it is passed. The counts are shared through Redis.
   */
  const enforce = (name: LimitName) => {
    const limiter = app.createRateLimit(limitOptions(config, name));
    return (request: FastifyRequest) => enforceRateLimit(limiter, request);
  };

  return {
    enforce,
    /** POST /api/generation-tasks and a retry that queues the task again. */
    generationCreate: enforce('generation-create'),
    /** POST /api/source-submissions. */
    sourceSubmission: enforce('source-submission'),
    /**
     * Failed logins per account and source (or known device), under a ceiling per account: an exponential
     * delay, never a lock, and none that a stranger's guesses impose on the owner's own browser.
     */
    loginDelay: createLoginDelay(redis, NAMESPACE, {
      freeFailures: config.LOGIN_ACCOUNT_FREE_FAILURES,
      ceilingFailures: config.LOGIN_ACCOUNT_CEILING_FAILURES,
      windowSeconds: config.LOGIN_ACCOUNT_FAILURE_WINDOW_SECONDS,
      maxDelaySeconds: config.LOGIN_ACCOUNT_MAX_DELAY_SECONDS,
      warnAfterFailures: config.LOGIN_ACCOUNT_FREE_FAILURES,
      warnIntervalSeconds: config.LOGIN_WARNING_INTERVAL_HOURS * 3600,
      onError,
    }),
    /** POST /api/generate/post requests held open per user. */
    generatePostInFlight: createInFlightLimiter(redis, `${NAMESPACE}generate-post:`, {
      max: config.GENERATE_POST_MAX_IN_FLIGHT,
      leaseSeconds: POST_LEASE_SECONDS,
      onError,
    }),
  };
}

/** The per-user and per-account limits the routes call (the per-IP ones are `config.rateLimit` on routes). */
export default fp(
  async (app) => {
    app.decorate('limits', createLimits(app));
  },
  { name: 'limits', dependencies: ['rate-limit'] },
);
