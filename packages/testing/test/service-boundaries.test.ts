import { readdirSync, readFileSync, statSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { repoRoot } from '../src/paths.ts';

// No service imports another, and no shared package imports a service or infra/ (the launcher, the
// builds): what two services need lives in packages/, and a test that runs two services together
// lives in integration/. Every file of a service is read (source, tests, scripts), as is its
// package.json.

const ROOT = repoRoot();
/** This file spells out cross-service imports as strings to check the matcher; it is not scanned. */
const SELF = fileURLToPath(import.meta.url);
const SOURCE = /\.(?:[cm]?[jt]sx?)$/;
const SKIPPED_DIRS = new Set(['node_modules', 'dist', 'generated', 'coverage']);
/** Module specifiers: `from '…'`, `import '…'`, `import('…')`, `require('…')`, `vi.mock('…')`, `export … from '…'`. */
const SPECIFIER =
  /(?:\bfrom\s*|\bimport\s*\(?\s*|\brequire\s*\(\s*|\bvi\.(?:mock|doMock|importActual)\s*(?:<[^>]*>)?\s*\(\s*)(['"`])([^'"`\n]+)\1/g;
const DEPENDENCY_FIELDS = ['dependencies', 'devDependencies', 'peerDependencies', 'optionalDependencies'];

type Workspace = { name: string; dir: string };

function workspacesUnder(folder: string): Workspace[] {
  const base = path.join(ROOT, folder);
  return readdirSync(base)
    .map((entry) => path.join(base, entry))
    .filter((dir) => statSync(path.join(dir, 'package.json'), { throwIfNoEntry: false })?.isFile())
    .map((dir) => ({ name: JSON.parse(readFileSync(path.join(dir, 'package.json'), 'utf8')).name, dir }));
}

function sourceFiles(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) return SKIPPED_DIRS.has(entry.name) ? [] : sourceFiles(full);
    return SOURCE.test(entry.name) ? [full] : [];
  });
}

const isInside = (file: string, dir: string) => !path.relative(dir, file).startsWith('..');

/** The other services (by package name) that `line` of `file` imports, by name or by a relative path. */
function importedServices(line: string, file: string, others: Workspace[]): string[] {
  return [...line.matchAll(SPECIFIER)].flatMap(([, , specifier = '']) => {
    const target = specifier.startsWith('.') ? path.resolve(path.dirname(file), specifier) : null;
    const service = others.find((other) =>
      target
        ? isInside(target, other.dir)
        : specifier === other.name || specifier.startsWith(`${other.name}/`),
    );
    return service ? [`${service.name} ('${specifier}')`] : [];
  });
}

/** Each import, in `files`, of a service other than `owner`, as `file:line imports name ('specifier')`. */
function crossServiceImports(
  owner: Workspace | null,
  files: string[],
  forbidden: Workspace[] = services,
): string[] {
  const others = forbidden.filter((service) => service.dir !== owner?.dir);
  return files.flatMap((file) =>
    readFileSync(file, 'utf8')
      .split('\n')
      .flatMap((line, index) =>
        importedServices(line, file, others).map(
          (imported) => `${path.relative(ROOT, file)}:${index + 1} imports ${imported}`,
        ),
      ),
  );
}

/** The other services a package.json lists in any of its dependency fields. */
function serviceDependencies(packageJsonPath: string, forbidden: Workspace[] = services): string[] {
  const manifest = JSON.parse(readFileSync(packageJsonPath, 'utf8')) as Record<string, unknown>;
  const names = DEPENDENCY_FIELDS.flatMap((field) =>
    Object.keys((manifest[field] as Record<string, string> | undefined) ?? {}).map((name) => ({
      field,
      name,
    })),
  );
  return names
    .filter(({ name }) => name !== manifest.name && forbidden.some((service) => service.name === name))
    .map(({ field, name }) => `${path.relative(ROOT, packageJsonPath)} lists ${name} in ${field}`);
}

const services = workspacesUnder('services');
const packages = workspacesUnder('packages');
const infra: Workspace = { name: '@app/infra', dir: path.join(ROOT, 'infra') };

describe('service boundaries', () => {
  it('finds the services and the shared packages', () => {
    expect(services.map((service) => service.name)).toEqual(
      expect.arrayContaining(['@app/gateway', '@app/mailer', '@app/crawler']),
    );
    expect(packages.map((pkg) => pkg.name)).toEqual(
      expect.arrayContaining(['@app/digest', '@app/sanitize', '@app/url-guard']),
    );
  });

  it('no file of a service imports another service, by package name or by path', () => {
    const found = services.flatMap((service) => crossServiceImports(service, sourceFiles(service.dir)));
    expect(found).toEqual([]);
  });

  it('no service depends on another in its package.json', () => {
    const found = services.flatMap((service) => serviceDependencies(path.join(service.dir, 'package.json')));
    expect(found).toEqual([]);
  });

  it('no shared package imports or depends on a service or on infra/', () => {
    const found = packages.flatMap((pkg) => [
      ...crossServiceImports(
        null,
        sourceFiles(pkg.dir).filter((file) => file !== SELF),
        [...services, infra],
      ),
      ...serviceDependencies(path.join(pkg.dir, 'package.json'), [...services, infra]),
    ]);
    expect(found).toEqual([]);
  });

  it('recognises each way of reaching into another service', () => {
    const gateway = services.find((service) => service.name === '@app/gateway')!;
    const probe = path.join(gateway.dir, 'src/probe.ts');
    const lines = [
      "import { startService } from '@app/mailer';",
      "import { digestWindow } from '@app/mailer/digest';",
      "export { x } from '../../crawler/src/fetch/http-fetcher.ts';",
      "const lazy = await import('@app/summarizer');",
      "vi.mock('../../podcast/src/config.ts');",
      "import { buildApp } from '../src/app.ts';",
      "import { z } from 'zod';",
    ];
    const others = services.filter((service) => service !== gateway);
    const found = lines.flatMap((line) =>
      importedServices(line, probe, others).map((hit) => hit.split(' ')[0]),
    );
    expect(found).toEqual(['@app/mailer', '@app/mailer', '@app/crawler', '@app/summarizer', '@app/podcast']);
  });
});
