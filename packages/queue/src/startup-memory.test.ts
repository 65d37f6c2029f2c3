import { execFileSync, spawnSync } from 'node:child_process';
import { describe, expect, it } from 'vitest';
import { HEAP_GROWING_PERCENT } from './startup-memory.ts';

// v8.setFlagsFromString ignores a flag V8 does not know: a Node.js whose V8 dropped or renamed the one
// capHeapGrowth sets would run without the cap and without a word. Node.js itself refuses unknown
// flags on its command line, which tells the two apart.
describe('the heap growth cap', () => {
  it("is a flag this Node.js's V8 knows", () => {
    expect(() =>
      execFileSync(process.execPath, [`--heap-growing-percent=${HEAP_GROWING_PERCENT}`, '-e', '0']),
    ).not.toThrow();
    const unknown = spawnSync(process.execPath, ['--heap-growing-percentage=50', '-e', '0']);
    expect(unknown.status).not.toBe(0);
  });
});
