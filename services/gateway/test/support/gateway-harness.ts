import { randomBytes } from 'node:crypto';
import { isProductionLike } from '@app/config';
import type { PrismaClient } from '@app/db';
import { hashPassword } from '@app/db';
import { createLogger } from '@app/logger';
import { createProducer, createQueueTransport, type Producer } from '@app/queue';
import { cleanupPrefix, createTestDatabase, type TestDatabase, testTransportOptions } from '@app/testing';
import { type AppDeps, buildApp } from '../../src/app.ts';
import { type GatewayConfig, loadGatewayConfig } from '../../src/config.ts';

export const TEST_JWT_SECRET = 'test-secret-that-is-long-enough-0123456789';
export const PUBLIC_URL = 'http://app.test';

export type Gateway = {
  app: Awaited<ReturnType<typeof buildApp>>;
  db: TestDatabase;
  producer: Producer;
  transport: AppDeps['transport'];
  config: GatewayConfig;
  transportOptions: ReturnType<typeof testTransportOptions>;
  close(): Promise<void>;
};

/** What a test may hand the app besides its environment: `clock` moves "now". */
type AppOptions = Pick<AppDeps, 'clock' | 'blogCache' | 'sitemapPageSize'>;

/** A gateway on this test file's own database and Redis prefix, driven with inject(). */
export async function startGateway(
  env: Record<string, string> = {},
  options: AppOptions = {},
): Promise<Gateway> {
  const db = await createTestDatabase();
  const transportOptions = testTransportOptions(db.url);
  // A production-like gateway refuses the test secret (it is published here): give it a fresh one.
  const productionLike = isProductionLike({ NODE_ENV: 'test', PUBLIC_URL, ...env });
  const config = loadGatewayConfig({
    NODE_ENV: 'test',
    DATABASE_URL: db.url,
    REDIS_URL: transportOptions.redisUrl,
    PUBLIC_URL,
    JWT_SECRET: productionLike ? randomBytes(32).toString('base64url') : TEST_JWT_SECRET,
    WEB_DIST_DIR: '/nonexistent-web-dist',
    // Test files share one Redis and inject from 127.0.0.1: the per-address login bucket would be
    // shared by the whole suite (the rate-limit test sets its own).
    LOGIN_IP_RATE_LIMIT: '100000',
    // Tests register, suggest and queue far more than one person would: the per-address and per-user
    // limits are lifted here, and the limits tests set their own.
    REGISTER_IP_RATE_LIMIT: '100000',
    SOURCE_SUBMISSIONS_PER_HOUR: '10000',
    NEWSLETTER_SIGNUPS_PER_IP_PER_HOUR: '100000',
    NEWSLETTER_SIGNUPS_PER_HOUR: '1000000',
    GENERATION_TASKS_PER_MINUTE: '10000',
    GENERATION_MAX_PENDING_PER_USER: '10000',
    // This file's own limit counters (cleaned up with its prefix), apart from the other files'.
    RATE_LIMIT_KEY_PREFIX: `${transportOptions.prefix}:gateway-`,
    ...env,
  });
  const transport = createQueueTransport({ ...transportOptions, redisUrl: config.REDIS_URL });
  const producer = createProducer(transport);
  const app = await buildApp({
    config,
    prisma: db.prisma,
    producer,
    transport,
    logger: testLogger(),
    ...options,
  });
  await app.ready();
  return {
    app,
    db,
    producer,
    transport,
    config,
    transportOptions,
    async close() {
      await app.close();
      await producer.close();
      await transport.close();
      await cleanupPrefix(transportOptions.prefix);
      await db.drop();
    },
  };
}

const testLogger = () => createLogger('gateway-test', { level: process.env.TEST_LOG_LEVEL ?? 'silent' });

/**
 * Another gateway process beside `gateway`, as GATEWAY_WORKERS runs them: the same database, Redis and
 * prefixes unless `config` changes them, with connections of its own. The caller closes it.
 */
export async function startPeer(
  gateway: Gateway,
  config: Partial<GatewayConfig> = {},
  options: AppOptions = {},
): Promise<Gateway['app']> {
  const app = await buildApp({
    config: { ...gateway.config, ...config },
    prisma: gateway.db.prisma,
    producer: gateway.producer,
    transport: gateway.transport,
    logger: testLogger(),
    ...options,
  });
  await app.ready();
  return app;
}

type NewUser = {
  email: string;
  password?: string;
  role?: 'user' | 'admin';
  plan?: 'free' | 'pro';
  verified?: boolean;
};

/** A user written straight to the database (as the seed or an admin would), with a profile. */
export async function insertUser(prisma: PrismaClient, user: NewUser) {
  return prisma.user.create({
    data: {
      email: user.email,
      passwordHash: await hashPassword(user.password ?? 'correct-horse'),
      emailVerifiedAt: user.verified === false ? null : new Date(),
      profile: { create: { role: user.role ?? 'user', subscriptionType: user.plan ?? 'free' } },
    },
  });
}

let counter = 0;
/** Unique per call, so tests never collide on emails or rate-limit keys. */
export function uniqueEmail(label = 'user'): string {
  counter += 1;
  return `${label}-${Date.now().toString(36)}-${counter}@example.com`;
}

/** Logs in through the real route and returns the access token and refresh cookie. */
export async function login(gateway: Gateway, email: string, password = 'correct-horse') {
  const response = await gateway.app.inject({
    method: 'POST',
    url: '/api/auth/login',
    payload: { email, password },
  });
  if (response.statusCode !== 200) throw new Error(`login failed: ${response.statusCode} ${response.body}`);
  return { accessToken: response.json().access_token as string, refreshToken: refreshCookieOf(response) };
}

export function refreshCookieOf(response: {
  cookies: { name: string; value: string }[];
}): string | undefined {
  return response.cookies.find((c) => c.name === 'refresh_token')?.value;
}

export const bearer = (token: string) => ({ authorization: `Bearer ${token}` });
