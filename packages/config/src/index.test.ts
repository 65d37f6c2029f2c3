import { describe, expect, it } from 'vitest';
import { ConfigError, env, loadConfig, workerEnvSchema, z } from './index.ts';

describe('loadConfig', () => {
  it('applies defaults when nothing is set', () => {
    const config = loadConfig(workerEnvSchema, {});
    expect(config.DATABASE_URL).toMatch(/^postgresql:/);
    expect(config.REDIS_URL).toBeUndefined();
    expect(config.WORKER_CONCURRENCY).toBe(2);
  });

  it('names every bad key', () => {
    const schema = z.object({ ...workerEnvSchema.shape, JWT_SECRET: env.secret, SMTP_URL: env.smtpUrl });
    try {
      loadConfig(schema, {
        DATABASE_URL: 'mysql://x',
        REDIS_URL: 'nope',
        LOG_LEVEL: 'loud',
        JWT_SECRET: 'short',
      });
      expect.unreachable();
    } catch (error) {
      expect(error).toBeInstanceOf(ConfigError);
      const keys = (error as ConfigError).keys.sort();
      expect(keys).toEqual(['DATABASE_URL', 'JWT_SECRET', 'LOG_LEVEL', 'REDIS_URL', 'SMTP_URL']);
      expect((error as Error).message).toContain('JWT_SECRET');
    }
  });

  it('treats empty strings as unset', () => {
    expect(loadConfig(workerEnvSchema, { REDIS_URL: '' }).REDIS_URL).toBeUndefined();
  });
});
