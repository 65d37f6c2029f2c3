import { execFileSync } from 'node:child_process';
import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { buildTarget, packageName } from '../build/build-services.ts';

// The service build: workspace packages bundled in, every other package left to node_modules and
// required in the service's own "dependencies" (a production install of the service alone).

const dirs: string[] = [];
afterAll(() => {
  for (const dir of dirs) rmSync(dir, { recursive: true, force: true });
});

function servicePackage(dependencies: Record<string, string>, source: string): string {
  const dir = mkdtempSync(path.join(os.tmpdir(), 'build-services-'));
  dirs.push(dir);
  mkdirSync(path.join(dir, 'src'));
  writeFileSync(
    path.join(dir, 'package.json'),
    JSON.stringify({ name: 'svc', type: 'module', dependencies }),
  );
  writeFileSync(path.join(dir, 'src/main.ts'), source);
  return dir;
}

describe('build-services', () => {
  it('names the package of a bare specifier', () => {
    expect(packageName('pino')).toBe('pino');
    expect(packageName('@prisma/client/runtime/client')).toBe('@prisma/client');
    expect(packageName('lodash/fp')).toBe('lodash');
  });

  it('fails naming a package the service imports without declaring it', async () => {
    const dir = servicePackage({}, "import pino from 'pino';\nexport const logger = pino();\n");
    await expect(buildTarget({ dir, entries: { main: 'src/main.ts' } })).rejects.toThrow(
      /imports pino without declaring it/,
    );
  });

  it('bundles TypeScript and leaves declared packages and node builtins as imports', async () => {
    const dir = servicePackage(
      { pino: '10.4.0' },
      "import { cpus } from 'node:os';\nimport pino from 'pino';\nconst n: number = cpus().length;\nexport const logger = pino({ name: String(n) });\nconsole.log(typeof logger);\n",
    );
    await buildTarget({ dir, entries: { main: 'src/main.ts' } });
    const output = readFileSync(path.join(dir, 'dist/main.js'), 'utf8');
    expect(output).toMatch(/from "pino"/);
    expect(output).toMatch(/from "node:os"/);
    expect(output).not.toMatch(/: number/);
  });

  it('compiles the real gateway into one module that node can load', async () => {
    await buildTarget({ dir: 'services/gateway', entries: { server: 'src/server.ts' } });
    const gateway = path.resolve(import.meta.dirname, '../../services/gateway/dist/server.js');
    // --check parses the module without running it.
    expect(() => execFileSync(process.execPath, ['--check', gateway])).not.toThrow();
  });
});
