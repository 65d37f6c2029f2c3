import { availableParallelism } from 'node:os';
import { ConfigError } from '@app/config';
import { describe, expect, it } from 'vitest';
import { DEV_JWT_SECRET, loadGatewayConfig } from '../src/config.ts';

const secret = 'a-production-secret-of-at-least-32-chars!';

describe('gateway config', () => {
  it('has working defaults in development, with the dev JWT secret', () => {
    const config = loadGatewayConfig({});
    expect(config).toMatchObject({
      NODE_ENV: 'development',
      PORT: 3000,
      HOST: '0.0.0.0',
      ACCESS_TOKEN_TTL: 900,
      REFRESH_TOKEN_TTL_DAYS: 30,
      REFRESH_REUSE_GRACE_SECONDS: 30,
      AUTH_REQUIRE_EMAIL_VERIFICATION: true,
      LOGIN_RATE_LIMIT: 10,
      LOGIN_IP_RATE_LIMIT: 100,
      TRUST_PROXY: false,
      JWT_SECRET: DEV_JWT_SECRET,
      GOOGLE_AUTH_URL: 'https://accounts.google.com/o/oauth2/v2/auth',
    });
    expect(config.WEB_DIST_DIR).toMatch(/web[/\\]dist$/);
  });

  it('refuses to run outside development without a real JWT secret', () => {
    for (const env of [
      { NODE_ENV: 'production' },
      { NODE_ENV: 'production', JWT_SECRET: DEV_JWT_SECRET },
      { NODE_ENV: 'test', JWT_SECRET: 'short' },
    ]) {
      expect(() => loadGatewayConfig(env)).toThrow(ConfigError);
    }
    expect(loadGatewayConfig({ NODE_ENV: 'production', JWT_SECRET: secret }).JWT_SECRET).toBe(secret);
  });

  it('parses booleans, proxies and URLs', () => {
    const config = loadGatewayConfig({
      AUTH_REQUIRE_EMAIL_VERIFICATION: 'false',
      TRUST_PROXY: '10.0.0.0/8, 127.0.0.1',
      PUBLIC_URL: 'https://example.com/',
    });
    expect(config.AUTH_REQUIRE_EMAIL_VERIFICATION).toBe(false);
    expect(config.TRUST_PROXY).toEqual(['10.0.0.0/8', '127.0.0.1']);
    expect(config.PUBLIC_URL).toBe('https://example.com');
    expect(loadGatewayConfig({ TRUST_PROXY: '2' }).TRUST_PROXY).toBe(2);
  });

  it('runs one worker per CPU (at most 4) unless GATEWAY_WORKERS says otherwise, and names a bad value', () => {
    expect(loadGatewayConfig({}).GATEWAY_WORKERS).toBe(Math.min(availableParallelism(), 4));
    expect(loadGatewayConfig({ GATEWAY_WORKERS: '1' }).GATEWAY_WORKERS).toBe(1);
    for (const value of ['0', 'two', '1.5', '65'])
      expect(() => loadGatewayConfig({ GATEWAY_WORKERS: value })).toThrow(/GATEWAY_WORKERS/);
  });

  it('wants both Google keys or neither', () => {
    expect(() => loadGatewayConfig({ GOOGLE_CLIENT_ID: 'id' })).toThrow(/GOOGLE_CLIENT_SECRET/);
  });
});
