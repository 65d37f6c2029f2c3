import { randomBytes } from 'node:crypto';
import { isProductionLike } from '@app/config';
import type { PrismaClient } from '@app/db';
import { createLogger } from '@app/logger';
import { createProducer, createQueueTransport, type Producer } from '@app/queue';
import {
  cleanupPrefix,
  createTestDatabase,
  liftedLimitsEnv,
  type SeedUser,
  SEED_PASSWORD,
  seedUser,
  type TestDatabase,
  testTransportOptions,
  uniqueEmail,
} from '@app/testing';
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
    ...liftedLimitsEnv(transportOptions.prefix),
    ...env,
  });
  const transport = createQueueTransport({
    ...transportOptions,
    redisUrl: config.REDIS_URL,
    producersFailFast: true,
  });
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

type NewUser = SeedUser & { email: string };

/** A user written straight to the database (as the seed or an admin would), with a profile. */
export const insertUser = (prisma: PrismaClient, user: NewUser) => seedUser(prisma, user);

export { uniqueEmail };

/** Logs in through the real route and returns the access token and refresh cookie. */
export async function login(gateway: Gateway, email: string, password = SEED_PASSWORD) {
  const response = await gateway.app.inject({
    method: 'POST',
    url: '/api/auth/login',
    payload: { email, password },
  });
  if (response.statusCode !== 200) throw new Error(`login failed: ${response.statusCode} ${response.body}`);
  return { accessToken: response.json().access_token as string, refreshToken: refreshCookieOf(response) };
}

/**
 * A user inserted as `insertUser` does (its email `uniqueEmail(label)` unless given) and logged in
 * through the real route: the row with its tokens and the bearer headers of its access token.
 */
export async function signedInUser(gateway: Gateway, user: SeedUser = {}, label = 'user') {
  const inserted = await insertUser(gateway.db.prisma, { ...user, email: user.email ?? uniqueEmail(label) });
  const { accessToken, refreshToken } = await login(gateway, inserted.email, inserted.password);
  return { ...inserted, accessToken, refreshToken, headers: bearer(accessToken) };
}

export function refreshCookieOf(response: {
  cookies: { name: string; value: string }[];
}): string | undefined {
  return response.cookies.find((c) => c.name === 'refresh_token')?.value;
}

export const bearer = (token: string) => ({ authorization: `Bearer ${token}` });
