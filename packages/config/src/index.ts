import { z } from 'zod';

export { z };

/** Thrown when the environment does not satisfy a service's schema; names every offending key. */
export class ConfigError extends Error {
  readonly keys: string[];
  constructor(issues: { key: string; message: string }[]) {
    const byKey = new Map<string, string>();
    for (const issue of issues) if (!byKey.has(issue.key)) byKey.set(issue.key, issue.message);
    super(`Invalid configuration: ${[...byKey].map(([key, message]) => `${key} (${message})`).join(', ')}`);
    this.name = 'ConfigError';
    this.keys = [...new Set(issues.map((i) => i.key))];
  }
}

type Env = Record<string, string | undefined>;

/**
 * Parses the environment once at boot. Empty strings count as unset so that
 * `FOO=` in a compose file behaves like a missing variable.
 */
export function loadConfig<S extends z.ZodObject>(schema: S, env: Env = process.env): z.infer<S> {
  const cleaned: Env = {};
  for (const [key, value] of Object.entries(env)) cleaned[key] = value === '' ? undefined : value;
  const result = schema.safeParse(cleaned);
  if (result.success) return result.data;
  const issues = result.error.issues.map((issue) => ({
    key: issue.path.map(String).join('.') || '(root)',
    message: issue.message,
  }));
  throw new ConfigError(issues);
}

/** Boot helper: parse or print the bad keys and stop the process. */
export function loadConfigOrExit<S extends z.ZodObject>(schema: S, env: Env = process.env): z.infer<S> {
  try {
    return loadConfig(schema, env);
  } catch (error) {
    if (error instanceof ConfigError) {
      process.stderr.write(`${error.message}\n`);
      process.exit(1);
    }
    throw error;
  }
}

const booleanString = z
  .enum(['true', 'false', '1', '0', 'yes', 'no'])
  .transform((v) => v === 'true' || v === '1' || v === 'yes');

const url = (protocols: string[]) =>
  z.url().refine((value) => protocols.some((p) => value.startsWith(`${p}:`)), {
    message: `must be a ${protocols.join(' or ')} URL`,
  });

/** Reusable field schemas, one comment each; services compose them into their own schema. */
export const env = {
  /** PostgreSQL connection string. */
  databaseUrl: url(['postgres', 'postgresql']).default('postgresql://postgres@127.0.0.1:5432/daily_curated'),
  /** Redis connection string; unset means the queues run on PostgreSQL. */
  redisUrl: url(['redis', 'rediss']).optional(),
  /** pino level. */
  logLevel: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
  /** TCP port. */
  port: (fallback: number) => z.coerce.number().int().min(0).max(65535).default(fallback),
  /** Public base URL of the site, used in emails. */
  publicUrl: z.url().default('http://localhost:3000'),
  /** A secret of at least 32 characters. */
  secret: z.string().min(32, 'must be at least 32 characters'),
  /** SMTP transport URL such as smtp://127.0.0.1:2525. */
  smtpUrl: url(['smtp', 'smtps']),
  booleanString,
  /** Worker concurrency. */
  concurrency: (fallback: number) => z.coerce.number().int().min(1).max(256).default(fallback),
  /** Environment name. */
  nodeEnv: z.enum(['development', 'production', 'test']).default('development'),
  /**
   * Queue namespace (Redis key prefix, or PostgreSQL schema); the gateway and every worker service of
   * one deployment share it, tests give a child process its own. Unset: the shared one.
   */
  queuePrefix: z
    .string()
    .regex(/^[\w-]+$/)
    .optional(),
};

/** Fields every worker service reads. */
export const workerEnvShape = {
  NODE_ENV: env.nodeEnv,
  DATABASE_URL: env.databaseUrl,
  REDIS_URL: env.redisUrl,
  LOG_LEVEL: env.logLevel,
  /** Port of the service's /healthz, /readyz and /metrics server. */
  HEALTH_PORT: env.port(0),
  /**
   * Address that server listens on: loopback by default (compose checks from inside the container);
   * 0.0.0.0 where probes come from outside (Kubernetes), with METRICS_TOKEN set.
   */
  HEALTH_HOST: z.union([z.ipv4(), z.ipv6()]).default('127.0.0.1'),
  /** When set, the health server's /metrics answers only `Authorization: Bearer <token>`. */
  METRICS_TOKEN: z.string().min(16).max(512).optional(),
  WORKER_CONCURRENCY: env.concurrency(2),
  /**
   * How long a job's lock lives without renewal (ms); the stalled-job check runs as often. A worker
   * that dies mid-job (kill -9, OOM) has its jobs taken up by another after about this long.
   */
  WORKER_LOCK_MS: z.coerce.number().int().min(1000).max(600_000).default(30_000),
  /**
   * How often a service with job schedulers checks they still exist in the queue store, and
   * registers again any that a Redis restarted without its data has lost (seconds).
   */
  SCHEDULER_CHECK_SECONDS: z.coerce.number().int().min(1).max(3600).default(60),
  QUEUE_PREFIX: env.queuePrefix,
};

export const workerEnvSchema = z.object(workerEnvShape);
export type WorkerEnv = z.infer<typeof workerEnvSchema>;
export * from './secrets.ts';
