import DataLoader from 'dataloader';

export type BatchOptions<C> = {
  /** At most this many calls share one flush (DataLoader's batch). Default 32. */
  maxCalls?: number;
  /**
   * Calls with the same key never share a run: they go to a later run of the flush, in call order.
   * The runs then go one after another (otherwise together).
   */
  distinctBy?: (call: C) => string;
  /** A run holds calls of at most this total weight (a heavier call runs alone). */
  maxWeight?: number;
  weight?: (call: C) => number;
};

/**
 * Joins the calls made in one turn of the event loop into as few calls of `run` as its limits allow:
 * concurrent crawls share one statement, one message to the sanitising thread and one queue write
 * instead of paying for one each (under load, most of the cost of those is per round trip and per
 * wake-up of the process at the other end, not per item). An idle crawler waits one turn, no more.
 * `run` answers one result per call, in order. When a run of several calls fails, each of its calls
 * is tried again on its own, so a call that cannot succeed fails alone and never takes its
 * neighbours with it.
 */
export function batchCalls<C, R>(
  run: (calls: C[]) => Promise<R[]>,
  options: BatchOptions<C> = {},
): (call: C) => Promise<R> {
  const runChecked = async (calls: C[]): Promise<R[]> => {
    const results = await run(calls);
    if (results.length !== calls.length) {
      throw new Error(`batch: ${results.length} results for ${calls.length} calls`);
    }
    return results;
  };
  const loader = new DataLoader<C, R>(
    async (calls) => {
      const results: (R | Error)[] = new Array(calls.length);
      const runRound = async (round: number[]) => {
        const own = round.map((i) => calls[i]!);
        try {
          const out = await runChecked(own);
          round.forEach((callIndex, j) => {
            results[callIndex] = out[j]!;
          });
        } catch (error) {
          if (round.length === 1) {
            results[round[0]!] = asError(error);
            return;
          }
          await Promise.all(
            round.map(async (callIndex) => {
              try {
                results[callIndex] = (await runChecked([calls[callIndex]!]))[0]!;
              } catch (alone) {
                results[callIndex] = asError(alone);
              }
            }),
          );
        }
      };
      const all = rounds(calls, options);
      // Runs of one key's calls keep their order; otherwise they go together.
      if (options.distinctBy) for (const round of all) await runRound(round);
      else await Promise.all(all.map(runRound));
      return results;
    },
    {
      cache: false,
      maxBatchSize: options.maxCalls ?? 32,
      batchScheduleFn: (flush) => setImmediate(flush),
    },
  );
  return (call) => loader.load(call);
}

/**
 * Many calls that each pass a list of items, joined: `run` sees every call's items in one list and
 * answers one result per item; each call gets its own items' results back. Empty lists never wait.
 */
export function batchItems<I, O>(
  run: (items: I[]) => Promise<O[]>,
  options: BatchOptions<I[]> = {},
): (items: I[]) => Promise<O[]> {
  const batched = batchCalls<I[], O[]>(async (calls) => {
    const results = await run(calls.flat());
    let at = 0;
    return calls.map((items) => {
      const own = results.slice(at, at + items.length);
      at += items.length;
      return own;
    });
  }, options);
  return (items) => (items.length === 0 ? Promise.resolve([]) : batched(items));
}

/** The calls' indexes in runs: each run within the weight limit and with distinct keys, in call order. */
function rounds<C>(calls: readonly C[], options: BatchOptions<C>): number[][] {
  const out: { indexes: number[]; keys: Set<string>; weight: number }[] = [];
  calls.forEach((call, index) => {
    const key = options.distinctBy?.(call);
    const weight = options.weight?.(call) ?? 0;
    const limit = options.maxWeight ?? Number.POSITIVE_INFINITY;
    // The first run this call fits: after any run that holds its key (keeps one key's calls in order).
    let start = 0;
    if (key !== undefined) {
      for (let r = out.length - 1; r >= 0; r--) {
        if (out[r]!.keys.has(key)) {
          start = r + 1;
          break;
        }
      }
    }
    let target = out.slice(start).find((r) => r.weight + weight <= limit);
    if (!target) {
      target = { indexes: [], keys: new Set(), weight: 0 };
      out.push(target);
    }
    target.indexes.push(index);
    target.weight += weight;
    if (key !== undefined) target.keys.add(key);
  });
  return out.map((r) => r.indexes);
}

function asError(error: unknown): Error {
  return error instanceof Error ? error : new Error(String(error));
}
