import { describe, expect, it } from 'vitest';
import { batchCalls, batchItems } from '../src/batch-calls.ts';

/** A run function that records the calls of each run and answers call × 10. */
function recorder() {
  const runs: number[][] = [];
  const run = async (calls: number[]) => {
    runs.push([...calls]);
    return calls.map((c) => c * 10);
  };
  return { runs, run };
}

describe('batchCalls', () => {
  it('joins the calls of one turn of the event loop into one run, each answered in order', async () => {
    const { runs, run } = recorder();
    const call = batchCalls(run);
    expect(await Promise.all([1, 2, 3].map(call))).toEqual([10, 20, 30]);
    expect(runs).toEqual([[1, 2, 3]]);
    // Calls of a later turn make a run of their own.
    expect(await call(4)).toBe(40);
    expect(runs).toEqual([[1, 2, 3], [4]]);
  });

  it('joins calls made from different I/O callbacks of one turn, not only one promise chain', async () => {
    const { runs, run } = recorder();
    const call = batchCalls(run);
    const results = await new Promise<number[]>((resolve) => {
      const pending: Promise<number>[] = [];
      // Two timers due at once fire in the same turn, as two sockets' answers would.
      setTimeout(() => pending.push(call(1)), 5);
      setTimeout(() => {
        pending.push(call(2));
        void Promise.all(pending).then(resolve);
      }, 5);
    });
    expect(results).toEqual([10, 20]);
    expect(runs).toEqual([[1, 2]]);
  });

  it('runs at most maxCalls calls together', async () => {
    const { runs, run } = recorder();
    const call = batchCalls(run, { maxCalls: 2 });
    expect(await Promise.all([1, 2, 3, 4, 5].map(call))).toEqual([10, 20, 30, 40, 50]);
    expect(runs).toEqual([[1, 2], [3, 4], [5]]);
  });

  it('never runs two calls of one key together, and keeps one key’s calls in order', async () => {
    const { runs, run } = recorder();
    const call = batchCalls(run, { distinctBy: (c) => String(c % 2 === 0 ? 'even' : c) });
    expect(await Promise.all([2, 1, 4, 3, 6].map(call))).toEqual([20, 10, 40, 30, 60]);
    expect(runs).toEqual([[2, 1, 3], [4], [6]]);
  });

  it('keeps runs under maxWeight, a heavier call alone', async () => {
    const { runs, run } = recorder();
    const call = batchCalls(run, { maxWeight: 10, weight: (c) => c });
    expect(await Promise.all([4, 5, 20, 3, 2].map(call))).toEqual([40, 50, 200, 30, 20]);
    expect(runs).toEqual([[4, 5], [20], [3, 2]]);
  });

  it('after a failed run, tries each call alone: only the call that cannot succeed fails', async () => {
    const runs: number[][] = [];
    const call = batchCalls(async (calls: number[]) => {
      runs.push([...calls]);
      if (calls.includes(13)) throw new Error('13 is refused');
      return calls.map((c) => c * 10);
    });
    const settled = await Promise.allSettled([1, 13, 3].map(call));
    expect(settled.map((s) => (s.status === 'fulfilled' ? s.value : (s.reason as Error).message))).toEqual([
      10,
      '13 is refused',
      30,
    ]);
    expect(runs).toEqual([[1, 13, 3], [1], [13], [3]]);
  });

  it('fails the calls of a run that answers the wrong number of results', async () => {
    const call = batchCalls(async (calls: number[]) => calls.slice(1));
    await expect(call(1)).rejects.toThrow('0 results for 1 calls');
  });
});

describe('batchItems', () => {
  it('gives each call its own items’ results from one run over all items', async () => {
    const runs: string[][] = [];
    const upper = batchItems(async (items: string[]) => {
      runs.push([...items]);
      return items.map((s) => s.toUpperCase());
    });
    const results = await Promise.all([upper(['a', 'b']), upper([]), upper(['c']), upper(['d', 'e', 'f'])]);
    expect(results).toEqual([['A', 'B'], [], ['C'], ['D', 'E', 'F']]);
    expect(runs).toEqual([['a', 'b', 'c', 'd', 'e', 'f']]);
  });
});
