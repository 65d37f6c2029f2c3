import { LRUCache } from 'lru-cache';

export type AnswerCacheOptions = {
  /** How long an answer is served after it was read. */
  ttlMs: number;
  /** Answers kept at most; the least recently used goes first. */
  maxEntries: number;
};

/**
 * Answers kept in this process for `ttlMs`, by a key the caller builds from validated input. Only
 * successful loads are kept (a failure, a 404 among them, is loaded again next time), and concurrent
 * misses on one key share one load, so an expired busy answer costs one query rather than one per
 * waiting request. `clear()` also forgets the loads in flight: one begun before a change may have
 * read the old rows, so it neither fills the cache nor serves a request that arrives after the clear.
 */
export function createAnswerCache<T extends object>(options: AnswerCacheOptions) {
  const answers = new LRUCache<string, T>({ max: options.maxEntries, ttl: options.ttlMs });
  const loading = new Map<string, Promise<T>>();
  let generation = 0;

  return {
    get(key: string, load: () => Promise<T>): Promise<T> {
      const answer = answers.get(key);
      if (answer !== undefined) return Promise.resolve(answer);
      const inFlight = loading.get(key);
      if (inFlight) return inFlight;
      const startedIn = generation;
      const promise = load()
        .then((value) => {
          if (generation === startedIn) answers.set(key, value);
          return value;
        })
        .finally(() => {
          if (loading.get(key) === promise) loading.delete(key);
        });
      loading.set(key, promise);
      return promise;
    },

    clear() {
      generation += 1;
      answers.clear();
      loading.clear();
    },
  };
}
