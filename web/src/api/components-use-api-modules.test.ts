import { readdirSync, readFileSync } from 'node:fs';
import { join, relative } from 'node:path';
import { describe, expect, it } from 'vitest';

// Components never call the HTTP client: each request is a named function of its feature's API or
// queries module (features/*/…-api.ts, …-queries.ts, src/queries/), where its path, body and answer
// type are written once and the components, loaders and tests share them.

const SRC = join(import.meta.dirname, '..');

function sourceFiles(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const path = join(dir, entry.name);
    if (entry.isDirectory()) return sourceFiles(path);
    return /\.tsx?$/.test(entry.name) ? [path] : [];
  });
}

function componentFiles(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const path = join(dir, entry.name);
    if (entry.isDirectory()) return componentFiles(path);
    return entry.name.endsWith('.tsx') ? [path] : [];
  });
}

/** What a component may not do: take the client, or send a request with it or with fetch. */
function directCalls(source: string): string[] {
  const code = source.replace(/\/\*[\s\S]*?\*\//g, '').replace(/(^|\s)\/\/.*$/gm, '$1');
  const found: string[] = [];
  if (/import\s*\{[^}]*\bapi\b[^}]*\}\s*from\s*'[./]*api\/client'/.test(code))
    found.push('imports the client');
  if (/\bapi\.(get|post|put|patch|delete|request)\b/.test(code)) found.push('calls the client');
  if (/\bfetch\(\s*[`'"]\/api\//.test(code)) found.push('fetches /api itself');
  return found;
}

describe('components', () => {
  const files = componentFiles(SRC).filter((file) => !file.endsWith('main.tsx'));

  it('are all found', () => {
    expect(files.length).toBeGreaterThan(100);
  });

  it('reach the API through their feature’s API module, never the client itself', () => {
    const found = files
      .map((file) => ({ file: relative(SRC, file), calls: directCalls(readFileSync(file, 'utf8')) }))
      .filter((entry) => entry.calls.length > 0);
    expect(found).toEqual([]);
  });

  it('are refused when they call the client (the check itself)', () => {
    expect(directCalls("import { api } from '../../api/client';")).toEqual(['imports the client']);
    expect(directCalls("import { api, isApiError } from '../../api/client';")).toEqual([
      'imports the client',
    ]);
    expect(directCalls("run: () => api.post('/api/admin/topics', body),")).toEqual(['calls the client']);
    expect(directCalls("await fetch('/api/topics');")).toEqual(['fetches /api itself']);
    expect(directCalls("import { isApiError } from '../../api/client';")).toEqual([]);
    expect(directCalls('// api.post is called by admin-api.ts\nconst a = 1;')).toEqual([]);
  });
});

/** Untyped requests to /api paths: every JSON route is called through the methods the contracts' table types. */
function untypedApiRequests(source: string): string[] {
  return [...source.matchAll(/\.request(?:<[^>]*>)?\(\s*'[A-Z]+',\s*[`'"](\/api\/[^`'"?]*)/g)].map(
    (m) => m[1] as string,
  );
}

/** Routes that answer no JSON (the contracts' table leaves them out), each with why. */
const NOT_JSON = new Set([
  '/api/admin/opml/export', // an OPML document, saved as a file
]);

describe('API modules', () => {
  const files = sourceFiles(SRC).filter(
    (file) => !/\.test\.tsx?$/.test(file) && !file.endsWith('api/client.ts'),
  );

  it('call the API by the routes of the contracts’ table, typed by it', () => {
    const found = files.flatMap((file) =>
      untypedApiRequests(readFileSync(file, 'utf8'))
        .filter((path) => !NOT_JSON.has(path))
        .map((path) => `${relative(SRC, file)}: ${path}`),
    );
    expect(found).toEqual([]);
  });

  it('are refused when they send an untyped /api request (the check itself)', () => {
    expect(untypedApiRequests("client.request<string>('GET', '/api/topics')")).toEqual(['/api/topics']);
    const templated = ['api.request(', "'POST', `/api/admin/topics/$", '{id}`, {})'].join('');
    expect(untypedApiRequests(templated)).toEqual(['/api/admin/topics/$' + '{id}']);
    expect(untypedApiRequests("api.request('GET', '/readyz')")).toEqual([]);
  });
});
