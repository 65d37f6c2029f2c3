export type Sample = { name: string; labels: Record<string, string>; value: number };

/** The samples of a Prometheus text exposition (what prom-client's /metrics serves). */
export function parseMetrics(text: string): Sample[] {
  const samples: Sample[] = [];
  for (const line of text.split('\n')) {
    if (line === '' || line.startsWith('#')) continue;
    const match = /^([a-zA-Z_:][\w:]*)(?:\{(.*)\})?\s+(\S+)/.exec(line);
    if (!match) continue;
    const labels: Record<string, string> = {};
    for (const label of (match[2] ?? '').matchAll(/(\w+)="((?:[^"\\]|\\.)*)"/g))
      labels[label[1]!] = label[2]!;
    samples.push({ name: match[1]!, labels, value: Number(match[3]) });
  }
  return samples;
}

/** GET /metrics of one process (with METRICS_TOKEN set, every service asks for the bearer token). */
export async function scrape(baseUrl: string, token?: string): Promise<Sample[]> {
  const response = await fetch(`${baseUrl}/metrics`, {
    headers: token ? { authorization: `Bearer ${token}` } : {},
    signal: AbortSignal.timeout(5000),
  });
  if (response.status !== 200) throw new Error(`${baseUrl}/metrics answered ${response.status}`);
  return parseMetrics(await response.text());
}

/** jobs_completed_total by job name. */
export function jobsCompleted(samples: Sample[]): Record<string, number> {
  const counts: Record<string, number> = {};
  for (const s of samples) {
    if (s.name === 'jobs_completed_total' && s.labels.job) counts[s.labels.job] = s.value;
  }
  return counts;
}

/** Requests a gateway answered on routes starting with `route`, from its request-duration histogram. */
export function requestsServed(samples: Sample[], route: string): number {
  return samples
    .filter((s) => s.name === 'http_request_duration_seconds_count' && s.labels.route?.startsWith(route))
    .reduce((n, s) => n + s.value, 0);
}
