import { readdirSync, readFileSync } from 'node:fs';
import { basename, join, relative } from 'node:path';
import { describe, expect, it } from 'vitest';
import { type ServiceContext, withRepos } from '../src/modules/context.ts';
import { MODULES } from '../src/modules/index.ts';
import { buildServices } from '../src/modules/module.ts';
import type { Repositories } from '../src/modules/repositories.ts';

// The gateway is one module per resource (src/modules/<resource>/), and reads route → service →
// repository: a handler validates, calls a service and replies. Data (repositories, Prisma) and the
// job queues are reached only through the services. A file's kind is in its name.

const MODULES_DIR = join(import.meta.dirname, '../src/modules');

/** Every file in a module's folder, as a path relative to src/modules. */
function moduleFiles(dir = MODULES_DIR): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const path = join(dir, entry.name);
    if (entry.isDirectory()) return moduleFiles(path);
    return entry.name.endsWith('.ts') && dir !== MODULES_DIR ? [relative(MODULES_DIR, path)] : [];
  });
}

const isRouteFile = (file: string) => file.endsWith('.routes.ts') || basename(file) === 'index.ts';
const isRepositoryFile = (file: string) => /\.(repository|sql|loader)\.ts$/.test(file);
const isServiceFile = (file: string) => !isRouteFile(file) && !isRepositoryFile(file);
const read = (file: string) => readFileSync(join(MODULES_DIR, file), 'utf8');

/** What a route file must not name, each with the layer it bypasses. */
const FORBIDDEN: { pattern: RegExp; what: string }[] = [
  { pattern: /\.repos\b/, what: 'the repositories (app.repos)' },
  { pattern: /\.(repository|sql|loader)\.ts['"]|\/repositories\.ts['"]/, what: 'a repository module' },
  { pattern: /prisma/i, what: 'Prisma' },
  { pattern: /['"]@app\/db['"]/, what: '@app/db' },
  { pattern: /['"]@app\/queue['"]|['"]bullmq['"]/, what: 'the queue package' },
  { pattern: /\.producer\b|\.transport\b|\.enqueue\(|\.queue\(/, what: 'the queue producer' },
];

/** Comments may explain what a service does underneath; only the code counts. */
function codeOf(source: string): string {
  return source.replace(/\/\*[\s\S]*?\*\//g, '').replace(/(^|\s)\/\/.*$/gm, '$1');
}

/**
 * A module index builds its services (the composition root: it hands them the context and the shared
 * resources) and registers its routes; only the routes part is a route's code.
 */
function routesPartOf(source: string): string {
  return source.replace(/\n {2}services: [\s\S]*?\n {2}routes:/, '\n  routes:');
}

function violations(source: string): string[] {
  const code = codeOf(source);
  return FORBIDDEN.filter(({ pattern }) => pattern.test(code)).map(({ what }) => what);
}

describe('route files', () => {
  const files = moduleFiles().filter(isRouteFile);

  it('are all found', () => {
    expect(files.length).toBeGreaterThan(60);
  });

  it('reach data and queues only through a service', () => {
    const found = files
      .map((file) => ({ file, bypasses: violations(routesPartOf(read(file))) }))
      .filter((entry) => entry.bypasses.length > 0);
    expect(found).toEqual([]);
  });

  it('hold a module index to the rule in its routes, not in the services it builds', () => {
    const index = `const m: GatewayModule = {
  name: 'ops',
  services: (ctx, { resources }) => ({ health: createHealthService(ctx, resources.transport) }),
  routes: async (app) => {
    await app.producer.enqueue('x', {});
  },
};`;
    expect(violations(routesPartOf(index))).toEqual(['the queue producer']);
    expect(routesPartOf(index)).not.toContain('resources.transport');
  });

  it('are refused when they bypass the services (the check itself)', () => {
    expect(violations('const rows = await app.repos.topics.listActive();')).toContain(
      'the repositories (app.repos)',
    );
    expect(violations("import type { PrismaClient } from '@app/db';")).toEqual(
      expect.arrayContaining(['Prisma', '@app/db']),
    );
    expect(violations("await app.producer.enqueue('crawl-datasource', job);")).toContain(
      'the queue producer',
    );
    expect(violations("import { x } from '../topics/topics.repository.ts';")).toContain(
      'a repository module',
    );
    expect(violations("import { Queue } from 'bullmq';")).toContain('the queue package');
    expect(violations('// app.repos is reached through app.services\nconst a = 1;')).toEqual([]);
  });
});

/** Code that takes the whole context: `ServiceContext` without the list of repositories it is given. */
const takesEveryRepository = (source: string) =>
  /\bServiceContext\b(?!<)/.test(codeOf(source).replace(/^import [\s\S]*?;$/gm, ''));

describe('service files', () => {
  const files = moduleFiles().filter(isServiceFile);

  it('each declare the repositories they are given', () => {
    expect(files.length).toBeGreaterThan(40);
    const found = files.filter((file) => takesEveryRepository(read(file)));
    expect(found).toEqual([]);
    expect(takesEveryRepository('export function createXService(ctx: ServiceContext) {}')).toBe(true);
    expect(
      takesEveryRepository(
        'export function createXService(ctx: ServiceContext<(typeof X_REPOS)[number]>) {}',
      ),
    ).toBe(false);
  });

  it('get only those repositories', () => {
    const repos = { topics: 'topics', users: 'users', summaries: 'summaries' } as unknown as Repositories;
    const ctx = { repos } as ServiceContext;
    expect(Object.keys(withRepos(ctx, ['topics', 'users']).repos).sort()).toEqual(['topics', 'users']);
  });
});

describe('repository files', () => {
  it('return rows, never rendered HTML (the services shape the answers)', () => {
    const found = moduleFiles()
      .filter(isRepositoryFile)
      .filter((file) =>
        /summary-html|@app\/sanitize|['"]marked['"]|['"]markdown-it['"]/.test(codeOf(read(file))),
      );
    expect(found).toEqual([]);
  });

  it('return rows as read: no API answer is shaped there (dates written as text, DTO types)', () => {
    const found = moduleFiles()
      .filter(isRepositoryFile)
      .filter((file) =>
        /\.toISOString\(|: (?:Promise<)?\w*(?:Dto|Response|AdminTopic|AdminBlogPost|BlogPost|AdminSubscriber)\b/.test(
          codeOf(read(file)),
        ),
      );
    expect(found).toEqual([]);
  });
});

describe('modules', () => {
  const folders = readdirSync(MODULES_DIR, { withFileTypes: true })
    .filter((entry) => entry.isDirectory())
    .map((entry) => entry.name);
  const list = readFileSync(join(MODULES_DIR, 'index.ts'), 'utf8');
  /** The relative imports of a module file, as paths relative to src/modules. */
  const importsOf = (file: string) =>
    [...codeOf(read(file)).matchAll(/^import (type )?[^'"]*?from '(\.[^']+)'/gm)].map((match) => ({
      typeOnly: Boolean(match[1]),
      path: relative(MODULES_DIR, join(MODULES_DIR, file, '..', match[2]!)),
    }));

  it('each have an index, and the list of modules names every one', () => {
    expect(folders.length).toBeGreaterThan(20);
    for (const folder of folders) {
      expect(readdirSync(join(MODULES_DIR, folder)), folder).toContain('index.ts');
      expect(list, folder).toContain(`from './${folder}/index.ts'`);
    }
  });

  it('register every route file of theirs (from the index, or a route file of the same module)', () => {
    const routeFiles = moduleFiles().filter((file) => file.endsWith('.routes.ts'));
    const registrations = moduleFiles()
      .filter(isRouteFile)
      .flatMap((file) => importsOf(file).map((entry) => ({ by: file, path: entry.path })))
      .filter((entry) => entry.path.endsWith('.routes.ts'));
    const registered = new Set(registrations.map((entry) => entry.path));
    expect(routeFiles.filter((file) => !registered.has(file))).toEqual([]);
    const moduleOf = (file: string) => file.split('/')[0];
    expect(registrations.filter((entry) => moduleOf(entry.by) !== moduleOf(entry.path))).toEqual([]);
  });

  it("reach another module's data only through its service (no other module's repository code)", () => {
    // Repositories may share another module's SQL fragments; services and routes may not reach past it.
    const found = moduleFiles()
      .filter((file) => !isRepositoryFile(file))
      .flatMap((file) =>
        importsOf(file)
          .filter((entry) => !entry.typeOnly && isRepositoryFile(entry.path))
          .filter((entry) => entry.path.split('/')[0] !== file.split('/')[0])
          .map((entry) => `${file} → ${entry.path}`),
      );
    expect(found).toEqual([]);
  });
});

describe('shared code (src/lib)', () => {
  const LIB_DIR = join(import.meta.dirname, '../src/lib');

  it('depends on no module: modules use lib, never the other way round', () => {
    const found = readdirSync(LIB_DIR)
      .filter((name) => name.endsWith('.ts'))
      .filter((name) =>
        /from ['"](?:\.\.\/)+modules\//.test(codeOf(readFileSync(join(LIB_DIR, name), 'utf8'))),
      )
      .map((name) => `lib/${name}`);
    expect(found).toEqual([]);
  });
});

describe('module services', () => {
  const ctx = {} as ServiceContext;
  const resources = {} as Parameters<typeof buildServices>[2];
  const routes = async () => {};

  it('are built in the order of the modules, each seeing the services before it', () => {
    const built = buildServices(
      [
        { name: 'first', routes, services: () => ({ first: 'made first' }) as never },
        {
          name: 'second',
          routes,
          services: (_ctx, { services }) =>
            ({ second: `after ${(services as never as { first: string }).first}` }) as never,
        },
      ],
      ctx,
      resources,
    );
    expect(built).toEqual({ first: 'made first', second: 'after made first' });
  });

  it('refuse a module that uses a service no module before it builds, naming both', () => {
    expect(() =>
      buildServices(
        [
          {
            name: 'generation',
            routes,
            services: (_ctx, { services }) =>
              ({ generation: (services as never as { usage: unknown }).usage }) as never,
          },
          { name: 'usage', routes, services: () => ({ usage: {} }) as never },
        ],
        ctx,
        resources,
      ),
    ).toThrow(/generation module uses the usage service/);
  });

  it('name each module once, the API’s 404 last', () => {
    expect(MODULES.map((module) => module.name)).toContain('usage');
    expect(MODULES.at(-1)?.name).toBe('not-found');
    expect(new Set(MODULES.map((module) => module.name)).size).toBe(MODULES.length);
  });
});
