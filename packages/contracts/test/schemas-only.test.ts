import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import * as contracts from '../src/index.ts';

// @app/contracts is what the API, the jobs and the web app agree on: zod schemas, the factories that
// build them (named `…Schema`), constants and types. The rules that apply them (language mapping,
// platform order, payment error classification, …) are @app/rules, which imports the contracts, never
// the other way round. A function exported here would be a rule in the wrong package.

const PACKAGE = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');

/**
 * What the contracts may export as a function: a schema factory (batchStatusSchema, countsSchema), or
 * an error class carrying one of their codes (AppError: the code and the status ERROR_STATUS gives it).
 */
function allowedFunction(name: string, value: (...args: never[]) => unknown): boolean {
  return value instanceof z.ZodType || name.endsWith('Schema') || value.prototype instanceof Error;
}

describe('@app/contracts', () => {
  it('exports schemas, schema factories, constants and types, no runtime function', () => {
    const functions = Object.entries(contracts).filter(([, value]) => typeof value === 'function');
    // The check has something to check: the schema factories and AppError are functions.
    expect(functions.map(([name]) => name)).toEqual(
      expect.arrayContaining(['batchStatusSchema', 'AppError']),
    );
    const misplaced = functions
      .filter(([name, value]) => !allowedFunction(name, value as (...args: never[]) => unknown))
      .map(([name]) => name);
    expect(misplaced, 'functions exported by @app/contracts: move them to @app/rules').toEqual([]);
  });

  it('does not import @app/rules (the rules import the contracts)', () => {
    const manifest = readFileSync(path.join(PACKAGE, 'package.json'), 'utf8');
    expect(manifest).not.toContain('@app/rules');
    const importing = readdirSync(path.join(PACKAGE, 'src'))
      .filter((file) => file.endsWith('.ts'))
      .filter((file) => /from\s+'@app\/rules/.test(readFileSync(path.join(PACKAGE, 'src', file), 'utf8')));
    expect(importing).toEqual([]);
  });
});
