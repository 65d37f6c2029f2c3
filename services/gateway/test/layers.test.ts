import { readdirSync, readFileSync } from 'node:fs';
import { join, relative } from 'node:path';
import { describe, expect, it } from 'vitest';
import type { Repositories } from '../src/repositories/index.ts';
import { type ServiceContext, withRepos } from '../src/services/context.ts';

// The gateway reads route → service → repository: a handler validates, calls a service and replies.
// Data (repositories, Prisma) and the job queues are reached only through the services.

const ROUTES_DIR = join(import.meta.dirname, '../src/routes');

/** What a route file must not name, each with the layer it bypasses. */
const FORBIDDEN: { pattern: RegExp; what: string }[] = [
  { pattern: /\.repos\b/, what: 'the repositories (app.repos)' },
  { pattern: /\/repositories\//, what: 'a repository module' },
  { pattern: /prisma/i, what: 'Prisma' },
  { pattern: /['"]@app\/db['"]/, what: '@app/db' },
  { pattern: /['"]@app\/queue['"]|['"]bullmq['"]/, what: 'the queue package' },
  { pattern: /\.producer\b|\.transport\b|\.enqueue\(|\.queue\(/, what: 'the queue producer' },
];

function routeFiles(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const path = join(dir, entry.name);
    if (entry.isDirectory()) return routeFiles(path);
    return entry.name.endsWith('.ts') ? [path] : [];
  });
}

/** Comments may explain what a service does underneath; only the code counts. */
function codeOf(source: string): string {
  return source.replace(/\/\*[\s\S]*?\*\//g, '').replace(/(^|\s)\/\/.*$/gm, '$1');
}

function violations(source: string): string[] {
  const code = codeOf(source);
  return FORBIDDEN.filter(({ pattern }) => pattern.test(code)).map(({ what }) => what);
}

describe('route files', () => {
  const files = routeFiles(ROUTES_DIR);

  it('are all found', () => {
    expect(files.length).toBeGreaterThan(30);
  });

  it('reach data and queues only through a service', () => {
    const found = files
      .map((file) => ({ file: relative(ROUTES_DIR, file), bypasses: violations(readFileSync(file, 'utf8')) }))
      .filter((entry) => entry.bypasses.length > 0);
    expect(found).toEqual([]);
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
    expect(violations("import { x } from '../../../repositories/topics.repository.ts';")).toContain(
      'a repository module',
    );
    expect(violations("import { Queue } from 'bullmq';")).toContain('the queue package');
    expect(violations('// app.repos is reached through app.services\nconst a = 1;')).toEqual([]);
  });
});

const SERVICES_DIR = join(import.meta.dirname, '../src/services');
const REPOSITORIES_DIR = join(import.meta.dirname, '../src/repositories');

/** Code that takes the whole context: `ServiceContext` without the list of repositories it is given. */
const takesEveryRepository = (source: string) =>
  /\bServiceContext\b(?!<)/.test(codeOf(source).replace(/^import [\s\S]*?;$/gm, ''));

describe('service files', () => {
  const files = readdirSync(SERVICES_DIR).filter((name) => name.endsWith('.ts') && name !== 'context.ts');

  it('each declare the repositories they are given', () => {
    const found = files.filter((name) =>
      takesEveryRepository(readFileSync(join(SERVICES_DIR, name), 'utf8')),
    );
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
    const found = readdirSync(REPOSITORIES_DIR)
      .filter((name) => name.endsWith('.ts'))
      .filter((name) =>
        /summary-html|@app\/sanitize|['"]marked['"]|['"]markdown-it['"]/.test(
          codeOf(readFileSync(join(REPOSITORIES_DIR, name), 'utf8')),
        ),
      );
    expect(found).toEqual([]);
  });

  it('return rows as read: no API answer is shaped there (dates written as text, DTO types)', () => {
    const found = readdirSync(REPOSITORIES_DIR)
      .filter((name) => name.endsWith('.ts'))
      .filter((name) =>
        /\.toISOString\(|: (?:Promise<)?\w*(?:Dto|Response|AdminTopic|AdminBlogPost|BlogPost|AdminSubscriber)\b/.test(
          codeOf(readFileSync(join(REPOSITORIES_DIR, name), 'utf8')),
        ),
      );
    expect(found).toEqual([]);
  });
});
