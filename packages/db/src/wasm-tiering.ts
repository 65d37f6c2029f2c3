import v8 from 'node:v8';

/**
 * V8 compiles WebAssembly with its baseline compiler first and moves a function up to the optimising
 * one once it has run about 1.8 MB of code (the default `--wasm-tiering-budget`). Prisma's query
 * compiler crosses that while it loads the schema, once per process, and the optimised code of those
 * one-off functions then stays resident: about 45 MiB in every service. A 100 MB budget keeps the
 * start-up work on the baseline code; the functions every query runs still cross it within the first
 * few thousand queries and are optimised as before. The flag applies to modules compiled after it is
 * set, so this runs before the first Prisma client is made.
 */
export const WASM_TIERING_BUDGET = 100_000_000;

let applied = false;

export function raiseWasmTieringBudget(): void {
  if (applied) return;
  applied = true;
  v8.setFlagsFromString(`--wasm-tiering-budget=${WASM_TIERING_BUDGET}`);
}
