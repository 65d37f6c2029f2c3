import { spawnSync } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { DEFAULT_ADMIN_PASSWORD, resolveAdminPassword } from '../src/index.ts';

const strong = () => randomBytes(18).toString('base64url');

describe('the admin password the seed writes', () => {
  it('may be the published default only on a plain-http development or test machine', () => {
    expect(resolveAdminPassword({})).toBe(DEFAULT_ADMIN_PASSWORD);
    expect(resolveAdminPassword({ NODE_ENV: 'test', PUBLIC_URL: 'http://localhost:3000' })).toBe(
      DEFAULT_ADMIN_PASSWORD,
    );
    for (const env of [
      { NODE_ENV: 'production' },
      { NODE_ENV: 'production', ADMIN_PASSWORD: DEFAULT_ADMIN_PASSWORD },
      { NODE_ENV: 'production', ADMIN_PASSWORD: 'short' },
      { NODE_ENV: 'production', ADMIN_PASSWORD: 'change-me-please-now' },
      { NODE_ENV: 'development', PUBLIC_URL: 'https://news.example.org' },
      { NODE_ENV: 'test', PUBLIC_URL: 'https://news.example.org', ADMIN_PASSWORD: DEFAULT_ADMIN_PASSWORD },
    ]) {
      expect(() => resolveAdminPassword(env), JSON.stringify(env)).toThrow(/ADMIN_PASSWORD/);
    }
    const password = strong();
    expect(resolveAdminPassword({ NODE_ENV: 'production', ADMIN_PASSWORD: password })).toBe(password);
  });

  it('stops `pnpm db:seed` in production before it touches the database', () => {
    const cli = fileURLToPath(new URL('../src/cli/seed.ts', import.meta.url));
    const result = spawnSync(process.execPath, ['--import', 'tsx', cli], {
      cwd: fileURLToPath(new URL('..', import.meta.url)),
      env: {
        PATH: process.env.PATH ?? '',
        NODE_ENV: 'production',
        // Nothing listens there: reaching the database would fail with another message.
        DATABASE_URL: 'postgresql://nobody@127.0.0.1:1/none',
      },
      encoding: 'utf8',
    });
    expect(result.status).toBe(1);
    expect(result.stderr).toContain('ADMIN_PASSWORD');
    expect(result.stdout).not.toContain('seeded');
  });
});
