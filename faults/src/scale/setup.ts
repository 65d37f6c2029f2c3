import { randomBytes } from 'node:crypto';
import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { createProducer, createQueueTransport } from '@app/queue';
import {
  cleanupPrefix,
  createTestDatabase,
  type SmtpCapture,
  startSmtpCapture,
  testPrefix,
  testRedisUrl,
  startProduct,
} from '@app/testing';
import { serviceEnv } from '../../../infra/build/node-options.ts';
import { startLlmFake, startSlowFeeds } from '../fakes.ts';
import { loginThrough, productEnv, seedUsers } from '../setup.ts';
import type { StageContext } from '../stage.ts';

/** Processes per service. */
export const COPIES = 2;
/** Emails a second each mailer copy hands to SMTP: the 2,000 digests then take about four seconds. */
const MAILER_RATE = 250;

export type ScaleContext = StageContext & {
  /** Each mailer copy's own SMTP server, so every email can be put down to the copy that sent it. */
  smtpOf: SmtpCapture[];
  /** The bearer token the gateways' /metrics asks for. */
  metricsToken: string;
};

/**
 * The whole product twice over, compiled as production runs it: two gateways on two ports and two
 * processes of each worker service, on a database and a queue namespace of this run's own on the
 * local PostgreSQL and Redis (DATABASE_URL / REDIS_URL), with the fault run's OpenAI fake and slow
 * feeds. Each mailer copy sends to an SMTP capture of its own.
 */
export async function startScaleRun(): Promise<{ ctx: ScaleContext; stop(): Promise<void> }> {
  const stops: (() => Promise<unknown>)[] = [];
  const stop = async () => {
    for (const fn of stops.reverse()) await fn().catch(() => undefined);
  };
  try {
    const db = await createTestDatabase();
    stops.push(() => db.drop());
    const prefix = testPrefix();
    const redisUrl = testRedisUrl();
    stops.push(() => cleanupPrefix(prefix, redisUrl));
    const llm = await startLlmFake();
    stops.push(() => llm.close());
    const feeds = await startSlowFeeds(5);
    stops.push(() => feeds.close());
    const smtpOf: SmtpCapture[] = [];
    for (let copy = 0; copy < COPIES; copy++) {
      const smtp = await startSmtpCapture();
      stops.push(() => smtp.close());
      smtpOf.push(smtp);
    }
    const storageDir = await mkdtemp(path.join(os.tmpdir(), 'dc-scale-'));
    stops.push(() => rm(storageDir, { recursive: true, force: true }));
    await seedUsers(db.prisma);

    const metricsToken = randomBytes(24).toString('base64url');
    const product = await startProduct(
      {
        ...productEnv({
          databaseUrl: db.url,
          redisUrl,
          smtpUrl: smtpOf[0]!.url,
          storageDir,
          llmBaseUrl: llm.baseURL,
        }),
        QUEUE_PREFIX: prefix,
        RATE_LIMIT_KEY_PREFIX: `${prefix}:limits:`,
        METRICS_TOKEN: metricsToken,
        // Each gateway one process, so its /metrics counts what that copy served.
        GATEWAY_WORKERS: '1',
        // The Node options and malloc settings the images run the compiled services with.
        ...serviceEnv({}),
      },
      {
        copies: COPIES,
        build: 'dist',
        // Each mailer paced as a relay's quota paces it (SMTP_RATE_LIMIT): unpaced, the 2,000 digests
        // could all be sent before the kill found a copy with some in hand.
        envOf: (name, copy): Record<string, string> =>
          name === 'mailer' ? { SMTP_URL: smtpOf[copy]!.url, SMTP_RATE_LIMIT: String(MAILER_RATE) } : {},
      },
    );
    stops.push(() => product.stop());

    const transport = createQueueTransport({ redisUrl, databaseUrl: db.url, prefix });
    const producer = createProducer(transport);
    stops.push(
      () => transport.close(),
      () => producer.close(),
    );

    // Every email either copy sent, in one view, for the digest stage's counts.
    const smtp = {
      get messages() {
        return smtpOf.flatMap((s) => s.messages);
      },
      get dropped() {
        return smtpOf.flatMap((s) => s.dropped);
      },
    };
    const ctx: ScaleContext = {
      product,
      prisma: db.prisma,
      producer,
      feeds,
      smtp,
      smtpOf,
      storageDir,
      metricsToken,
      login: loginThrough(product.baseUrls[0]!),
    };
    return { ctx, stop };
  } catch (error) {
    await stop();
    throw error;
  }
}
