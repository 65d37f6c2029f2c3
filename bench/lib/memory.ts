import { readFile } from 'node:fs/promises';
import { BENCH_METRICS_TOKEN } from './process.ts';

export type MemorySample = { rss: number; heapUsed: number; heapTotal: number; external: number };

export type MemoryStats = {
  samples: number;
  peak: MemorySample;
  mean: MemorySample;
};

/** Resident set size of a process (bytes), from /proc; 0 when it is gone. */
export async function rssBytes(pid: number | undefined): Promise<number> {
  if (!pid) return 0;
  try {
    const status = await readFile(`/proc/${pid}/status`, 'utf8');
    return Number(/VmRSS:\s+(\d+)/.exec(status)?.[1] ?? 0) * 1024;
  } catch {
    return 0;
  }
}

/** The V8 heap as the process reports it on its Prometheus /metrics (prom-client's default metrics). */
async function heapFromMetrics(metricsUrl: string): Promise<Omit<MemorySample, 'rss'> | null> {
  try {
    // The gateway asks for its token, and so does a worker's health port once METRICS_TOKEN is set.
    const headers = { authorization: `Bearer ${BENCH_METRICS_TOKEN}` };
    const text = await (await fetch(metricsUrl, { headers })).text();
    const read = (name: string) =>
      Number(new RegExp(`^${name}(?:\\{[^}]*\\})? (\\S+)`, 'm').exec(text)?.[1] ?? NaN);
    const sample = {
      heapUsed: read('nodejs_heap_size_used_bytes'),
      heapTotal: read('nodejs_heap_size_total_bytes'),
      external: read('nodejs_external_memory_bytes'),
    };
    return Number.isFinite(sample.heapUsed) ? sample : null;
  } catch {
    return null;
  }
}

/** One sample now: RSS from /proc and the heap from /metrics. */
export async function sampleMemory(
  pid: number | undefined,
  metricsUrl: string,
): Promise<MemorySample | null> {
  const [rss, heap] = await Promise.all([rssBytes(pid), heapFromMetrics(metricsUrl)]);
  return rss > 0 && heap ? { rss, ...heap } : null;
}

/**
 * Samples a process's memory every `intervalMs` (one sample in flight at a time) until stop():
 * the peak and the mean of each measure over the samples.
 */
export function startMemorySampler(
  pid: number | undefined,
  metricsUrl: string,
  intervalMs = 500,
): { stop(): Promise<MemoryStats> } {
  const samples: MemorySample[] = [];
  let running = true;
  const loop = (async () => {
    while (running) {
      const sample = await sampleMemory(pid, metricsUrl);
      if (sample) samples.push(sample);
      await new Promise((resolve) => setTimeout(resolve, intervalMs));
    }
  })();
  return {
    async stop() {
      running = false;
      await loop;
      const keys = ['rss', 'heapUsed', 'heapTotal', 'external'] as const;
      const peak = Object.fromEntries(keys.map((k) => [k, Math.max(0, ...samples.map((s) => s[k]))]));
      const mean = Object.fromEntries(
        keys.map((k) => [k, samples.reduce((sum, s) => sum + s[k], 0) / Math.max(1, samples.length)]),
      );
      return { samples: samples.length, peak: peak as MemorySample, mean: mean as MemorySample };
    },
  };
}
