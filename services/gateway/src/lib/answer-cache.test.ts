import { describe, expect, it } from 'vitest';
import { createAnswerCache } from './answer-cache.ts';

/** A load the test finishes by hand, counting how often it was started. */
function manualLoads() {
  const started: { resolve: (value: { n: number }) => void; reject: (error: Error) => void }[] = [];
  const load = () =>
    new Promise<{ n: number }>((resolve, reject) => {
      started.push({ resolve, reject });
    });
  return { started, load };
}

const settle = () => new Promise((resolve) => setImmediate(resolve));

describe('createAnswerCache', () => {
  it('serves an answer again without loading it, until the TTL passes', async () => {
    const cache = createAnswerCache<{ n: number }>({ ttlMs: 40, maxEntries: 10 });
    let loads = 0;
    const load = async () => ({ n: ++loads });
    expect(await cache.get('k', load)).toEqual({ n: 1 });
    expect(await cache.get('k', load)).toEqual({ n: 1 });
    expect(loads).toBe(1);
    await new Promise((resolve) => setTimeout(resolve, 60));
    expect(await cache.get('k', load)).toEqual({ n: 2 });
  });

  it('shares one load between concurrent misses on a key', async () => {
    const cache = createAnswerCache<{ n: number }>({ ttlMs: 10_000, maxEntries: 10 });
    const { started, load } = manualLoads();
    const answers = Promise.all([cache.get('k', load), cache.get('k', load), cache.get('k', load)]);
    expect(started).toHaveLength(1);
    started[0]!.resolve({ n: 1 });
    expect(await answers).toEqual([{ n: 1 }, { n: 1 }, { n: 1 }]);
  });

  it('keeps no failure: the next request loads again', async () => {
    const cache = createAnswerCache<{ n: number }>({ ttlMs: 10_000, maxEntries: 10 });
    const { started, load } = manualLoads();
    const failed = cache.get('k', load);
    started[0]!.reject(new Error('not found'));
    await expect(failed).rejects.toThrow('not found');
    const next = cache.get('k', load);
    expect(started).toHaveLength(2);
    started[1]!.resolve({ n: 2 });
    expect(await next).toEqual({ n: 2 });
  });

  it('forgets a load begun before a clear: later requests neither join it nor get its answer', async () => {
    const cache = createAnswerCache<{ n: number }>({ ttlMs: 10_000, maxEntries: 10 });
    const { started, load } = manualLoads();
    const before = cache.get('k', load);
    cache.clear();
    const after = cache.get('k', load);
    expect(started).toHaveLength(2);
    started[1]!.resolve({ n: 2 });
    expect(await after).toEqual({ n: 2 });
    // The rows as they were before the change, read last: they must not replace the fresh answer.
    started[0]!.resolve({ n: 1 });
    expect(await before).toEqual({ n: 1 });
    await settle();
    expect(await cache.get('k', load)).toEqual({ n: 2 });
    expect(started).toHaveLength(2);
  });

  it('does not keep a load that ends after a clear', async () => {
    const cache = createAnswerCache<{ n: number }>({ ttlMs: 10_000, maxEntries: 10 });
    const { started, load } = manualLoads();
    const stale = cache.get('k', load);
    cache.clear();
    started[0]!.resolve({ n: 1 });
    await stale;
    await settle();
    const next = cache.get('k', load);
    expect(started).toHaveLength(2);
    started[1]!.resolve({ n: 2 });
    expect(await next).toEqual({ n: 2 });
  });

  it('keeps at most maxEntries answers, dropping the least recently used', async () => {
    const cache = createAnswerCache<{ key: string }>({ ttlMs: 10_000, maxEntries: 2 });
    const loaded: string[] = [];
    const load = (key: string) => async () => {
      loaded.push(key);
      return { key };
    };
    await cache.get('a', load('a'));
    await cache.get('b', load('b'));
    await cache.get('a', load('a'));
    await cache.get('c', load('c')); // drops b
    await cache.get('a', load('a'));
    await cache.get('b', load('b'));
    expect(loaded).toEqual(['a', 'b', 'c', 'b']);
  });
});
