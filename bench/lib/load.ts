import autocannon from 'autocannon';

export type LoadResult = {
  requestsPerSecond: number;
  p50: number;
  p99: number;
  errors: number;
  non2xx: number;
};

/**
 * Drives a URL with autocannon on loopback for a bounded time. The percentiles are of every 2xx
 * response's own time as autocannon measured it (`process.hrtime`), at full precision: autocannon's
 * histogram keeps whole milliseconds, cut down (4.9 ms counts as 4), too coarse beside a raw-SQL
 * baseline of a few milliseconds. Without coordinated-omission correction, as autocannon's own
 * figures are without a rate.
 */
export async function load(
  url: string,
  options: {
    connections: number;
    seconds: number;
    headers?: Record<string, string>;
    /** Requests to cycle through instead of GET `url` (each may set its own body). */
    requests?: autocannon.Request[];
  },
): Promise<LoadResult> {
  const latencies: number[] = [];
  const result = await new Promise<autocannon.Result>((resolve, reject) => {
    const instance = autocannon(
      {
        url,
        connections: options.connections,
        duration: options.seconds,
        headers: options.headers,
        ...(options.requests ? { requests: options.requests } : {}),
      },
      (error, done) => (error ? reject(error) : resolve(done)),
    );
    instance.on('response', (_client, statusCode, _bytes, responseTime) => {
      if (statusCode >= 200 && statusCode <= 299) latencies.push(responseTime);
    });
  });
  return {
    requestsPerSecond: result.requests.average,
    p50: percentile(latencies, 0.5),
    p99: percentile(latencies, 0.99),
    errors: result.errors,
    non2xx: result.non2xx,
  };
}

/** The value at quantile `q` of the samples (sorted in place); 0 without samples. */
export function percentile(samples: number[], q: number): number {
  if (samples.length === 0) return 0;
  samples.sort((a, b) => a - b);
  return samples[Math.min(samples.length - 1, Math.floor(q * samples.length))]!;
}

/**
 * Independent clients that each send one request per second (autocannon's connectionRate), their
 * phases spread over the second as independent browsers' timers are: the connections start in
 * `groups` groups, 1/groups of a second apart. (One autocannon run with a rate starts every connection's
 * timer in the same tick, so all of them fire together each second: a synchronised burst.) Latency is
 * every response's own time, without autocannon's coordinated-omission correction, whose expected
 * interval for a rate of 1/s would be 1 ms. Only the steady state counts: responses in the first
 * `warmupSeconds` after every connection is open (their first request pays the TCP connect) and after
 * the first group stops are left out.
 */
export async function pacedLoad(
  url: string,
  options: {
    connections: number;
    seconds: number;
    groups?: number;
    warmupSeconds?: number;
    requests?: autocannon.Request[];
    headers?: Record<string, string>;
  },
): Promise<LoadResult> {
  const groups = Math.min(options.groups ?? 20, options.connections);
  const warmup = options.warmupSeconds ?? 1;
  const started = performance.now();
  // The last group starts just before started + 1 s; the first one runs 0.5 s past the window.
  const from = started + (1 + warmup) * 1000;
  const until = from + options.seconds * 1000;
  const duration = warmup + options.seconds + 1.5;
  const latencies: number[] = [];
  let non2xx = 0;
  const runs: Promise<autocannon.Result>[] = [];
  for (let g = 0; g < groups; g++) {
    const connections = Math.floor(options.connections / groups) + (g < options.connections % groups ? 1 : 0);
    runs.push(
      new Promise((resolve, reject) => {
        const instance = autocannon(
          {
            url,
            connections,
            connectionRate: 1,
            ignoreCoordinatedOmission: true,
            duration,
            requests: options.requests,
            headers: options.headers,
          },
          (error, result) => (error ? reject(error) : resolve(result)),
        );
        instance.on('response', (_client, statusCode, _bytes, responseTime) => {
          if (statusCode < 200 || statusCode > 299) non2xx += 1;
          const now = performance.now();
          if (now >= from && now <= until) latencies.push(responseTime);
        });
      }),
    );
    await new Promise((resolve) => setTimeout(resolve, 1000 / groups));
  }
  const results = await Promise.all(runs);
  return {
    requestsPerSecond: latencies.length / options.seconds,
    p50: percentile(latencies, 0.5),
    p99: percentile(latencies, 0.99),
    errors: results.reduce((sum, r) => sum + r.errors, 0),
    non2xx,
  };
}
