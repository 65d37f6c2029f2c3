import { readdirSync, readFileSync } from 'node:fs';
import { join, relative } from 'node:path';
import type { FastifyRequest } from 'fastify';
import { describe, expect, it } from 'vitest';
import { loadGatewayConfig } from '../src/config.ts';
import { LIMITS, type LimitName, limitOptions } from '../src/lib/limits.ts';
import { TEST_JWT_SECRET } from './support/gateway-harness.ts';

const SRC = join(import.meta.dirname, '../src');
/** The registry, and the plugin that turns its entries into buckets. */
const HOMES = ['lib/limits.ts', 'plugins/app/limits.plugin.ts'];

function sourceFiles(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const path = join(dir, entry.name);
    if (entry.isDirectory()) return sourceFiles(path);
    return entry.name.endsWith('.ts') ? [path] : [];
  });
}

const codeOf = (source: string) => source.replace(/\/\*[\s\S]*?\*\//g, '').replace(/(^|\s)\/\/.*$/gm, '$1');

const config = loadGatewayConfig({
  NODE_ENV: 'test',
  DATABASE_URL: 'postgresql://postgres@127.0.0.1:5432/unused',
  JWT_SECRET: TEST_JWT_SECRET,
  LOGIN_RATE_LIMIT: '7',
  FEEDS_IP_RATE_LIMIT: '33',
});

const request = (fields: Partial<FastifyRequest>) => fields as FastifyRequest;

describe('the named limits', () => {
  it('are set in one place: no route or service sizes a bucket of its own', () => {
    const elsewhere = sourceFiles(SRC)
      .filter((file) => !HOMES.includes(relative(SRC, file)))
      .filter((file) => /\btimeWindow\b|\bcreateRateLimit\(/.test(codeOf(readFileSync(file, 'utf8'))))
      .map((file) => relative(SRC, file));
    expect(elsewhere).toEqual([]);
  });

  it('are each used by a route, the plugin or a service', () => {
    const code = sourceFiles(SRC)
      .filter((file) => relative(SRC, file) !== 'lib/limits.ts')
      .map((file) => codeOf(readFileSync(file, 'utf8')))
      .join('\n');
    const unused = Object.keys(LIMITS).filter((name) => !code.includes(`'${name}'`));
    expect(unused).toEqual([]);
  });

  it('take their size from the configuration or the table, and count what they say', () => {
    const login = limitOptions(config, 'login');
    expect(login.max).toBe(7);
    expect(login.timeWindow).toBe(60_000);
    // Keyed by the validated body's email: counted after validation.
    expect(login.hook).toBe('preHandler');
    expect(login.keyGenerator(request({ ip: '203.0.113.9', body: { email: 'a@example.com' } }))).toBe(
      'login:203.0.113.9:a@example.com',
    );

    const feeds = limitOptions(config, 'feeds-ip');
    expect(feeds.max).toBe(33);
    expect('hook' in feeds).toBe(false);
    expect(feeds.keyGenerator(request({ ip: '203.0.113.9' }))).toBe('feeds-ip:203.0.113.9');

    expect(limitOptions(config, 'resend-verification')).toMatchObject({ max: 1, timeWindow: 60_000 });
    expect(limitOptions(config, 'newsletter-all').keyGenerator(request({ ip: '203.0.113.9' }))).toBe(
      'newsletter-all',
    );
    const change = limitOptions(config, 'change-password');
    expect(change.keyGenerator(request({ ip: '203.0.113.9', user: undefined }))).toBe(
      'change-password:203.0.113.9',
    );
    expect(
      change.keyGenerator(request({ ip: '203.0.113.9', user: { id: 'u1' } as FastifyRequest['user'] })),
    ).toBe('change-password:u1');
  });

  it('every limit has a positive size and window', () => {
    for (const name of Object.keys(LIMITS) as LimitName[]) {
      const options = limitOptions(config, name);
      expect(options.max, name).toBeGreaterThan(0);
      expect(options.timeWindow, name).toBeGreaterThan(0);
    }
  });
});
