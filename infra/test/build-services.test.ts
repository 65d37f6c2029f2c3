import { execFileSync } from 'node:child_process';
import { mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { buildTarget, PRISMA_COMPILER_WASM, packageName } from '../build/build-services.ts';

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

  it('compiles the real gateway into modules that node can load', async () => {
    await buildTarget({ dir: 'services/gateway', entries: { server: 'src/server.ts' } });
    const dist = path.resolve(import.meta.dirname, '../../services/gateway/dist');
    // --check parses a module without running it.
    for (const file of readdirSync(dist).filter((name) => name.endsWith('.js'))) {
      expect(() => execFileSync(process.execPath, ['--check', path.join(dist, file)]), file).not.toThrow();
    }
  });

  it('writes Prisma’s query compiler beside the bundle and loads it from there, not from a base64 module', async () => {
    await buildTarget({ dir: 'services/summarizer', entries: { main: 'src/main.ts' } });
    const dist = path.resolve(import.meta.dirname, '../../services/summarizer/dist');
    const wasm = readFileSync(path.join(dist, PRISMA_COMPILER_WASM));
    // A WebAssembly module starts with \0asm.
    expect(wasm.subarray(0, 4).toString('latin1')).toBe('\0asm');
    const code = readdirSync(dist)
      .filter((name) => name.endsWith('.js'))
      .map((name) => readFileSync(path.join(dist, name), 'utf8'))
      .join('\n');
    expect(code).toContain(`new URL("./${PRISMA_COMPILER_WASM}", import.meta.url)`);
    expect(code).not.toContain('wasm-base64');
  });

  it('leaves the SDKs a service may never use out of its start-up imports', async () => {
    // What an idle process must not load: each comes in with the first call that needs it.
    const lazy: Record<string, { entry: string; source: string; packages: string[] }> = {
      summarizer: { entry: 'main', source: 'src/main.ts', packages: ['openai'] },
      // The npm espeak-ng and lamejs are loaded only by the audio.worker entry, on a worker thread.
      podcast: {
        entry: 'main',
        source: 'src/main.ts',
        packages: ['openai', '@aws-sdk/client-s3', 'piscina'],
      },
      mailer: { entry: 'main', source: 'src/main.ts', packages: ['mjml'] },
      crawler: {
        entry: 'main',
        source: 'src/main.ts',
        packages: ['linkedom', '@mozilla/readability', '@googleapis/youtube'],
      },
      gateway: {
        entry: 'server',
        source: 'src/server.ts',
        packages: ['stripe', '@googleapis/oauth2', 'openai'],
      },
    };
    for (const [service, { entry, source, packages }] of Object.entries(lazy)) {
      await buildTarget({ dir: `services/${service}`, entries: { [entry]: source } });
      const dist = path.resolve(import.meta.dirname, `../../services/${service}/dist`);
      const read = (name: string) => readFileSync(path.join(dist, name), 'utf8');
      const chunks = readdirSync(dist)
        .filter((name) => name.endsWith('.js') && name !== `${entry}.js`)
        .map(read)
        .join('\n');
      // What runs at start-up: the entry, the gateway's server module it always imports, and every
      // file those import statically.
      const startup = new Set<string>();
      const bare = new Set<string>();
      const visit = (name: string) => {
        if (startup.has(name)) return;
        startup.add(name);
        const code = read(name);
        for (const [, specifier] of code.matchAll(/^import\s[^;]*?from\s*"([^"]+)"|^import\s*"([^"]+)"/gm)) {
          if (!specifier) continue;
          if (specifier.startsWith('./')) visit(specifier.slice(2));
          else bare.add(specifier);
        }
      };
      visit(`${entry}.js`);
      for (const [, served] of read(`${entry}.js`).matchAll(/import\("\.\/(serve-[^"]+\.js)"\)/g))
        visit(served!);
      if (service === 'gateway') expect([...startup].some((name) => name.startsWith('serve-'))).toBe(true);
      for (const name of packages) {
        expect([...bare], `${service} imports ${name} at start-up`).not.toContain(name);
        // Still in the build: imported on demand, by a start-up file or by a chunk loaded on demand.
        const onDemand =
          [...startup].some((file) => read(file).includes(`import("${name}")`)) ||
          chunks.includes(`from "${name}"`);
        expect(onDemand, `${service} loads ${name} on demand`).toBe(true);
      }
    }
  });
});
