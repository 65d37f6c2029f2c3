import {
  createPostgresBackend,
  type Job,
  Queue,
  type QueueOptions,
  Worker,
  type WorkerOptions,
  withBackend,
} from 'bullmq';
import { Redis } from 'ioredis';

export type TransportOptions = {
  /** Redis is the production transport; without it the queues live in PostgreSQL. */
  redisUrl?: string;
  databaseUrl: string;
  /** Namespaces every queue (Redis key prefix, or PostgreSQL schema); tests use one per file. */
  prefix?: string;
  /**
   * The producer's queue calls (adding a job, reading a queue) fail at once while Redis cannot be
   * reached, instead of waiting for it to come back (the gateway: a request answers 503 and the client
   * may try again, rather than hanging). Workers leave it off: a job in hand waits for Redis and goes on.
   */
  producersFailFast?: boolean;
};

export type JobProcessor = (job: Job) => Promise<unknown>;

export type QueueTransport = {
  kind: 'redis' | 'postgres';
  prefix: string;
  createQueue(name: string, options?: Partial<QueueOptions>): Queue;
  createWorker(name: string, processor: JobProcessor, options?: Partial<WorkerOptions>): Worker;
  /** Throws when the transport cannot be reached (readiness checks). */
  ping(): Promise<void>;
  /**
   * Whether a job added now would be sent at once: false while a fail-fast transport's connection
   * is down or not yet up (always true otherwise: those wait for their connection).
   */
  canAddNow(): boolean;
  /** Made with `producersFailFast` (and Redis): its queues' calls fail while it cannot add now. */
  failsFast: boolean;
  close(): Promise<void>;
};

const DEFAULT_PREFIX = 'dc';

export function createQueueTransport(options: TransportOptions): QueueTransport {
  return options.redisUrl
    ? createRedisTransport(options.redisUrl, options.prefix, options.producersFailFast ?? false)
    : createPostgresTransport(options);
}

function createRedisTransport(redisUrl: string, prefix = DEFAULT_PREFIX, failFast = false): QueueTransport {
  // Workers need blocking connections that never give up on a command (maxRetriesPerRequest: null).
  const connections: Redis[] = [];
  const connect = () => {
    const connection = new Redis(redisUrl, { maxRetriesPerRequest: null, lazyConnect: false });
    connection.on('error', () => {
      // ioredis reconnects by itself; errors surface through readiness checks and job failures.
    });
    connections.push(connection);
    return connection;
  };
  const shared = connect();
  // Commands sent while it is down are refused at once (no offline queue that would send them when
  // Redis is back, after the caller has been told they failed); one cut off in flight is retried once.
  const producing = failFast
    ? new Redis(redisUrl, { enableOfflineQueue: false, maxRetriesPerRequest: 1, lazyConnect: false })
    : shared;
  if (producing !== shared) {
    producing.on('error', () => {});
    connections.push(producing);
  }
  return {
    kind: 'redis',
    prefix,
    createQueue: (name, queueOptions) => new Queue(name, { ...queueOptions, connection: producing, prefix }),
    createWorker: (name, processor, workerOptions) =>
      new Worker(name, processor, { ...workerOptions, connection: connect(), prefix }),
    ping: async () => {
      await shared.ping();
    },
    canAddNow: () => !failFast || producing.status === 'ready',
    failsFast: failFast,
    close: async () => {
      // quit() waits for Redis to answer; when it is unreachable, drop the socket instead of hanging.
      await Promise.allSettled(connections.map((c) => quitWithin(c, 1000)));
    },
  };
}

function createPostgresTransport({ databaseUrl, prefix = DEFAULT_PREFIX }: TransportOptions): QueueTransport {
  const backend = withBackend(createPostgresBackend);
  const schema = `bullmq_${prefix.replace(/[^a-z0-9_]/gi, '_').toLowerCase()}`;
  const connection = { connectionString: databaseUrl, schema, migrate: true };
  const owned: { close(): Promise<void> }[] = [];
  return {
    kind: 'postgres',
    prefix,
    createQueue: (name, queueOptions) => {
      const queue = new backend.Queue(name, { ...(queueOptions as object), connection }) as unknown as Queue;
      owned.push(queue);
      return queue;
    },
    createWorker: (name, processor, workerOptions) => {
      const worker = new backend.Worker(name, processor, {
        ...(workerOptions as object),
        connection,
      }) as unknown as Worker;
      owned.push(worker);
      return worker;
    },
    ping: async () => {
      const { default: pg } = await import('pg');
      const client = new pg.Client({ connectionString: databaseUrl, connectionTimeoutMillis: 2000 });
      await client.connect();
      try {
        await client.query('SELECT 1');
      } finally {
        await client.end();
      }
    },
    canAddNow: () => true,
    failsFast: false,
    close: async () => {
      await Promise.allSettled(owned.map((o) => o.close()));
    },
  };
}

async function quitWithin(connection: Redis, ms: number): Promise<void> {
  let timer: NodeJS.Timeout | undefined;
  const timeout = new Promise<'timeout'>((resolve) => {
    timer = setTimeout(() => resolve('timeout'), ms);
  });
  const result = await Promise.race([connection.quit().catch(() => 'error' as const), timeout]);
  clearTimeout(timer);
  if (result !== 'OK') connection.disconnect();
}
