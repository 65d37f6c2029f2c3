import { execFileSync, spawnSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';

// docker-compose.yml must not carry a fallback for any secret: a deployment that forgets one has to
// stop at `docker compose up`, not run with a value printed in this repository.

const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');
const COMPOSE = path.join(ROOT, 'docker-compose.yml');
const SECRET_NAME = /SECRET|PASSWORD|TOKEN|_KEY\b|_KEY_ID\b/;
const REQUIRED = ['JWT_SECRET', 'ADMIN_PASSWORD', 'POSTGRES_PASSWORD'];

const hasCompose = spawnSync('docker-compose', ['version'], { stdio: 'ignore' }).status === 0;

describe('docker-compose.yml secrets', () => {
  const text = readFileSync(COMPOSE, 'utf8')
    .split('\n')
    .filter((line) => !line.trimStart().startsWith('#'))
    .join('\n');

  it('has no non-empty fallback for a secret, and requires the ones the product cannot run without', () => {
    const fallbacks = [...text.matchAll(/\$\{([A-Z0-9_]+):?-([^}]*)\}/g)]
      .filter(([, name, fallback]) => SECRET_NAME.test(name!) && fallback !== '')
      .map(([whole]) => whole);
    expect(fallbacks).toEqual([]);
    for (const name of REQUIRED) {
      expect(text, name).toMatch(new RegExp(`\\$\\{${name}:\\?[^}]+\\}`));
      expect(text, name).not.toMatch(new RegExp(`\\$\\{${name}(:?-)`));
    }
  });

  it.skipIf(!hasCompose)('docker-compose refuses the file without each required secret, naming it', () => {
    const base: Record<string, string> = { PATH: process.env.PATH ?? '' };
    const all = { ...base, JWT_SECRET: 'j', ADMIN_PASSWORD: 'a', POSTGRES_PASSWORD: 'p' };
    execFileSync('docker-compose', ['-f', COMPOSE, 'config', '-q'], { env: all, stdio: 'pipe' });
    for (const name of REQUIRED) {
      const env = { ...all };
      delete env[name as keyof typeof env];
      const result = spawnSync('docker-compose', ['-f', COMPOSE, 'config', '-q'], { env, encoding: 'utf8' });
      expect(result.status, name).not.toBe(0);
      expect(result.stderr, name).toContain(`set ${name}`);
    }
  });
});
