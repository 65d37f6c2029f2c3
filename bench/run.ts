import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { readFile } from 'node:fs/promises';
import { writeResults } from './lib/report.ts';
import type { BenchContext, Figure, Scenario } from './lib/types.ts';
import { blogScenario } from './scenarios/blog.scenario.ts';
import { crawlScenario } from './scenarios/crawl.scenario.ts';
import { digestScenario } from './scenarios/digest.scenario.ts';
import { gatewayScenario } from './scenarios/gateway.scenario.ts';
import { readingScenario } from './scenarios/reading.scenario.ts';
import { summariesScenario } from './scenarios/summaries.scenario.ts';
import { podcastScenario } from './scenarios/podcast.scenario.ts';
import { pollingScenario } from './scenarios/polling.scenario.ts';
import { servicesScenario } from './scenarios/services.scenario.ts';
import { storiesScenario } from './scenarios/stories.scenario.ts';
import { webScenario } from './scenarios/web.scenario.ts';

// Every scenario measures itself against a baseline taken in the same run, so figures
// from different machines compare by their ratios.
const scenarios: Scenario[] = [
  gatewayScenario,
  servicesScenario,
  summariesScenario,
  readingScenario,
  podcastScenario,
  crawlScenario,
  pollingScenario,
  blogScenario,
  digestScenario,
  storiesScenario,
  webScenario,
];

const args = process.argv.slice(2);
const full = args.includes('--full');
const only = args.find((a) => a.startsWith('--only='))?.slice('--only='.length);
const repoRoot = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');

const context: BenchContext = {
  full,
  repoRoot,
  databaseAdminUrl: process.env.DATABASE_URL ?? 'postgresql://postgres@127.0.0.1:5432/postgres',
  redisUrl: process.env.REDIS_URL ?? 'redis://127.0.0.1:6379',
  log: (message) => process.stdout.write(`  ${message}\n`),
};

const figures: Figure[] = [];
// A scenario that fails is reported and the others still run, so one broken scenario never costs the
// figures of the rest; the run then exits non-zero.
const failed: string[] = [];
const suiteStarted = Date.now();
for (const scenario of scenarios) {
  if (only && scenario.name !== only) continue;
  process.stdout.write(`\n▶ ${scenario.name}: ${scenario.description}\n`);
  const started = Date.now();
  try {
    for (const figure of await scenario.run(context))
      figures.push({ ...figure, mode: full ? 'full' : 'quick' });
  } catch (error) {
    failed.push(scenario.name);
    process.stdout.write(
      `  ✗ ${scenario.name} failed: ${error instanceof Error ? error.stack : String(error)}\n`,
    );
  }
  process.stdout.write(`  (${((Date.now() - started) / 1000).toFixed(1)} s)\n`);
}

const meta: Record<string, string> = {
  date: new Date().toISOString(),
  mode: full ? 'full' : 'quick',
  cpus: `${os.cpus().length} × ${os.cpus()[0]?.model ?? 'cpu'}`,
  node: process.version,
  duration: `${((Date.now() - suiteStarted) / 1000).toFixed(0)} s`,
  ...(failed.length ? { failed: failed.join(', ') } : {}),
};
const resultsDir = path.join(repoRoot, 'bench', 'results');
// One scenario re-run (--only) replaces that scenario's figures in the last results and keeps the rest,
// whatever size they ran at: each figure names its own (mode), and meta.mode is then 'mixed'.
if (only) {
  const previous = await readFile(path.join(resultsDir, 'latest.json'), 'utf8')
    .then((text) => JSON.parse(text) as { meta: Record<string, string>; figures: Figure[] })
    .catch(() => undefined);
  if (previous) {
    const previousMode = previous.meta.mode === 'full' ? 'full' : 'quick';
    const kept = previous.figures
      .filter((f) => f.scenario !== only)
      .map((f) => ({ ...f, mode: f.mode ?? previousMode }));
    const order = scenarios.map((s) => s.name);
    figures.splice(
      0,
      figures.length,
      ...[...kept, ...figures].sort((a, b) => order.indexOf(a.scenario) - order.indexOf(b.scenario)),
    );
    const modes = new Set(figures.map((f) => f.mode));
    meta.mode = modes.size === 1 ? [...modes][0]! : 'mixed';
    meta.date = previous.meta.date ?? new Date().toISOString();
    meta.duration = previous.meta.duration ?? '';
    meta.rerun = [previous.meta.rerun, `${only} (${full ? 'full' : 'quick'}) ${new Date().toISOString()}`]
      .filter(Boolean)
      .join(', ');
  }
}
// A partial measurement (the web scenario's BENCH_WEB_VITALS) is printed, never written as a run's.
const partial = Boolean(process.env.BENCH_WEB_VITALS);
if (!partial) await writeResults(resultsDir, figures, meta);
for (const f of figures) {
  const verdict = f.pass === undefined ? '' : f.pass ? ' ✓' : ' ✗';
  process.stdout.write(`${f.scenario} · ${f.figure}: ${f.value.toFixed(2)} ${f.unit}${verdict}\n`);
}
process.stdout.write(
  partial
    ? '\nBENCH_WEB_VITALS is set: nothing written to bench/results\n'
    : `\nwrote bench/results/latest.json and latest.md (${meta.duration})\n`,
);
if (failed.length) process.stdout.write(`failed scenarios: ${failed.join(', ')}\n`);
process.exit(failed.length ? 1 : 0);
