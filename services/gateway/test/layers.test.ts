import { readdirSync, readFileSync } from 'node:fs';
import { join, relative } from 'node:path';
import { describe, expect, it } from 'vitest';

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
