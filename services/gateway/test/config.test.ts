import { randomBytes } from 'node:crypto';
import { availableParallelism } from 'node:os';
import { PLACEHOLDER_SECRETS } from '@app/config';
import { spawnService } from '@app/testing';
import { describe, expect, it } from 'vitest';
import { DEV_JWT_SECRET, loadGatewayConfig } from '../src/config.ts';
import { secretsInRepository } from './support/repository-secrets.ts';

// Made fresh for every run: a secret written in this file would be one the gateway must refuse.
const secret = randomBytes(36).toString('base64url');

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
      { NODE_ENV: 'production', JWT_SECRET: secret.slice(0, 31) },
      { NODE_ENV: 'production', JWT_SECRET: 'a'.repeat(64) },
      // NODE_ENV says test, but an https site is a real one.
      { NODE_ENV: 'test', PUBLIC_URL: 'https://news.example.org' },
      { NODE_ENV: 'development', PUBLIC_URL: 'HTTPS://news.example.org', JWT_SECRET: DEV_JWT_SECRET },
      { NODE_ENV: 'production', JWT_SECRET: `prefix-${secret}-change-me` },
    ]) {
      expect(() => loadGatewayConfig(env), JSON.stringify(env)).toThrow(/JWT_SECRET/);
    }
    expect(loadGatewayConfig({ NODE_ENV: 'production', JWT_SECRET: secret }).JWT_SECRET).toBe(secret);
    expect(
      loadGatewayConfig({ NODE_ENV: 'test', PUBLIC_URL: 'https://news.example.org', JWT_SECRET: secret })
        .JWT_SECRET,
    ).toBe(secret);
    // A developer's or a test's plain-http machine may use the published values.
    for (const NODE_ENV of ['development', 'test']) {
      expect(loadGatewayConfig({ NODE_ENV, JWT_SECRET: PLACEHOLDER_SECRETS[1] }).JWT_SECRET).toBe(
        PLACEHOLDER_SECRETS[1],
      );
    }
  });

  it('refuses in production every secret value written anywhere in the repository', async () => {
    const found = await secretsInRepository();
    // The scan finds the known ones (so it is reading the files it should).
    expect(found.map((f) => f.value)).toEqual(
      expect.arrayContaining([DEV_JWT_SECRET, PLACEHOLDER_SECRETS[1]]),
    );
    for (const { value, where } of found) {
      for (const key of [
        'JWT_SECRET',
        'UNSUBSCRIBE_SECRET',
        'METRICS_TOKEN',
        'STRIPE_WEBHOOK_SECRET',
        'MAIL_WEBHOOK_SECRET',
      ]) {
        // The near copies too: spaces around it, or the other case.
        for (const spelt of [value, ` ${value} `, value.toUpperCase()])
          expect(
            () =>
              loadGatewayConfig({
                NODE_ENV: 'production',
                JWT_SECRET: secret,
                STRIPE_SECRET_KEY: 'sk_live_x',
                STRIPE_PRICE_MONTHLY: 'price_m',
                STRIPE_PRICE_ANNUAL: 'price_a',
                [key]: spelt,
              }),
            `${key}=${spelt} (${where}) is accepted in production`,
          ).toThrow(key);
      }
    }
  });

  it('refuses secrets with little randomness in production, and takes random ones', () => {
    const production = (env: Record<string, string>) =>
      loadGatewayConfig({ NODE_ENV: 'production', JWT_SECRET: secret, ...env });
    for (const weak of [
      'passwordpasswordpasswordpassword',
      'passwordpassword1234567890abcdef!',
      'abcdefghabcdefghabcdefghabcdefgh',
      'aaaaaaaaaaaabbbbbbbbbbbbccccccccdddddddd',
    ])
      for (const key of ['JWT_SECRET', 'UNSUBSCRIBE_SECRET', 'METRICS_TOKEN', 'STRIPE_WEBHOOK_SECRET'])
        expect(() => production({ [key]: weak }), `${key}=${weak}`).toThrow(key);
    const mail = `whsec_${randomBytes(24).toString('base64')}`;
    const stripe = `whsec_${randomBytes(24).toString('base64url')}`;
    expect(production({ MAIL_WEBHOOK_SECRET: mail, STRIPE_WEBHOOK_SECRET: stripe })).toMatchObject({
      MAIL_WEBHOOK_SECRET: mail,
      STRIPE_WEBHOOK_SECRET: stripe,
    });
    for (const hex of [randomBytes(16).toString('hex'), randomBytes(32).toString('hex')])
      expect(production({ METRICS_TOKEN: hex }).METRICS_TOKEN).toBe(hex);
  });

  it('stops the process with a non-zero exit code that names the key', async () => {
    const cases: [Record<string, string>, RegExp][] = [
      [{ NODE_ENV: 'production' }, /JWT_SECRET \(must be set/],
      [{ NODE_ENV: 'production', JWT_SECRET: DEV_JWT_SECRET }, /JWT_SECRET \(is a placeholder/],
      [
        { NODE_ENV: 'test', PUBLIC_URL: 'https://news.example.org', JWT_SECRET: 'x'.repeat(20) },
        /JWT_SECRET/,
      ],
    ];
    for (const [env, message] of cases) {
      const gateway = spawnService({
        entry: 'src/server.ts',
        cwd: new URL('..', import.meta.url).pathname,
        env: {
          ...env,
          PORT: '0',
          GATEWAY_WORKERS: '1',
          DATABASE_URL: 'postgresql://nobody@127.0.0.1:1/none',
        },
      });
      const { code } = await gateway.exited;
      expect(code, gateway.output()).not.toBe(0);
      expect(gateway.output()).toMatch(message);
    }
  });

  it('asks a bearer token of 16+ characters for /metrics, never a placeholder in production', () => {
    expect(loadGatewayConfig({}).METRICS_TOKEN).toBeUndefined();
    expect(() => loadGatewayConfig({ METRICS_TOKEN: 'short' })).toThrow(/METRICS_TOKEN/);
    expect(() =>
      loadGatewayConfig({
        NODE_ENV: 'production',
        JWT_SECRET: secret,
        METRICS_TOKEN: 'metrics-token-change-me',
      }),
    ).toThrow(/METRICS_TOKEN/);
  });

  it('parses booleans, proxies and URLs', () => {
    const config = loadGatewayConfig({
      AUTH_REQUIRE_EMAIL_VERIFICATION: 'false',
      TRUST_PROXY: '10.0.0.0/8, 127.0.0.1',
      PUBLIC_URL: 'https://example.com/',
      JWT_SECRET: secret,
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

  it('keeps the limit counters under RATE_LIMIT_KEY_PREFIX, a plain Redis key start', () => {
    expect(loadGatewayConfig({}).RATE_LIMIT_KEY_PREFIX).toBe('gateway-');
    expect(loadGatewayConfig({ RATE_LIMIT_KEY_PREFIX: 'site-a:gw-' }).RATE_LIMIT_KEY_PREFIX).toBe(
      'site-a:gw-',
    );
    for (const value of ['has space', 'star*', 'x'.repeat(81)])
      expect(() => loadGatewayConfig({ RATE_LIMIT_KEY_PREFIX: value })).toThrow(/RATE_LIMIT_KEY_PREFIX/);
  });

  it('wants both Google keys or neither', () => {
    expect(() => loadGatewayConfig({ GOOGLE_CLIENT_ID: 'id' })).toThrow(/GOOGLE_CLIENT_SECRET/);
  });
});
