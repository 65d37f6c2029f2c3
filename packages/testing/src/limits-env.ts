/**
 * The gateway's per-person limits lifted for a test run: a test registers, signs in, suggests and
 * queues far more than one person would, and every test client comes from 127.0.0.1, so the
 * per-address buckets would be shared by the whole suite. The limits tests set their own. With a
 * queue prefix, the limit counters are the run's own (cleaned up with its prefix).
 */
export function liftedLimitsEnv(prefix?: string): Record<string, string> {
  return {
    LOGIN_IP_RATE_LIMIT: '100000',
    REGISTER_IP_RATE_LIMIT: '100000',
    SOURCE_SUBMISSIONS_PER_HOUR: '10000',
    NEWSLETTER_SIGNUPS_PER_IP_PER_HOUR: '100000',
    NEWSLETTER_SIGNUPS_PER_HOUR: '1000000',
    GENERATION_TASKS_PER_MINUTE: '10000',
    GENERATION_MAX_PENDING_PER_USER: '10000',
    ...(prefix ? { RATE_LIMIT_KEY_PREFIX: `${prefix}:gateway-` } : {}),
  };
}
