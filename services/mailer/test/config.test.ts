import { randomBytes } from 'node:crypto';
import { ConfigError, loadConfig } from '@app/config';
import { expect, it } from 'vitest';
import { mailerConfigSchema } from '../src/config.ts';

it('needs SMTP_URL and defaults the rest', () => {
  expect(() => loadConfig(mailerConfigSchema, {})).toThrow(ConfigError);
  expect(() => loadConfig(mailerConfigSchema, { SMTP_URL: 'http://x' })).toThrow(/SMTP_URL/);
  const config = loadConfig(mailerConfigSchema, { SMTP_URL: 'smtp://127.0.0.1:2525' });
  expect(config).toMatchObject({
    HEALTH_PORT: 9105,
    MAIL_FROM: 'Daily Curated <no-reply@localhost>',
    SMTP_URL: 'smtp://127.0.0.1:2525',
  });
  // No REDIS_URL: the queues run on PostgreSQL.
  expect(config.REDIS_URL).toBeUndefined();
});

it('needs an unsubscribe key in production and defaults the digest settings', () => {
  const base = { SMTP_URL: 'smtp://127.0.0.1:2525' };
  expect(() => loadConfig(mailerConfigSchema, { ...base, NODE_ENV: 'production' })).toThrow(
    /UNSUBSCRIBE_SECRET/,
  );
  expect(() =>
    loadConfig(mailerConfigSchema, {
      ...base,
      NODE_ENV: 'production',
      JWT_SECRET: 'local-compose-secret-change-me-0123456789',
    }),
  ).toThrow(/JWT_SECRET \(is a placeholder/);
  expect(
    loadConfig(mailerConfigSchema, {
      ...base,
      NODE_ENV: 'production',
      JWT_SECRET: randomBytes(32).toString('base64url'),
    }),
  ).toMatchObject({
    DIGEST_TICK_SECONDS: 300,
    DIGEST_SUMMARIES_PER_TOPIC: 5,
    SMTP_MAX_CONNECTIONS: 5,
    SMTP_RATE_LIMIT: 0,
    PUBLIC_URL: 'http://localhost:3000',
  });
  expect(() => loadConfig(mailerConfigSchema, { ...base, UNSUBSCRIBE_SECRET: 'short' })).toThrow(
    /UNSUBSCRIBE_SECRET/,
  );
});
