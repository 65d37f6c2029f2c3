import { mkdir, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { repoRoot } from '@app/testing';
import type { StageFigures } from './stage.ts';

export type FaultReport = {
  date: string;
  node: string;
  cpus: string;
  redis: string;
  totals: {
    jobs: number;
    kills: number;
    restarts: number;
    recovered: number;
    duplicates: number;
    lost: number;
  };
  stages: StageFigures[];
};

export function buildReport(stages: StageFigures[], redis: string): FaultReport {
  const sum = (pick: (s: StageFigures) => number) => stages.reduce((n, s) => n + pick(s), 0);
  return {
    date: new Date().toISOString(),
    node: process.version,
    cpus: `${os.cpus().length} × ${os.cpus()[0]?.model ?? 'cpu'}`,
    redis,
    totals: {
      jobs: sum((s) => s.jobs),
      kills: sum((s) => s.kills),
      restarts: sum((s) => s.restarts.worker + s.restarts.redis + s.restarts.postgres),
      recovered: sum((s) => s.recovered),
      duplicates: sum((s) => s.duplicates),
      lost: sum((s) => s.lost),
    },
    stages,
  };
}

export function renderMarkdown(report: FaultReport): string {
  const lines = [
    '# Fault tests',
    '',
    `${report.date} · Node ${report.node} · ${report.cpus} · Redis ${report.redis}`,
    '',
    'Each stage runs a batch through the whole product (gateway and five services as separate processes,',
    "own PostgreSQL and Redis) and, while the batch runs: `kill -9` of the stage's worker (then a new one),",
    'a Redis restart and a PostgreSQL restart. The services are not restarted for the last two.',
    '',
    '| stage | jobs | kills | restarts (worker/Redis/PG) | in hand at kill | recovered | duplicates (same Message-ID) | lost | failed jobs | seconds |',
    '| --- | ---: | ---: | --- | ---: | ---: | ---: | ---: | ---: | ---: |',
  ];
  for (const s of report.stages) {
    const inHand = s.faults[0]?.inFlight ?? 0;
    lines.push(
      `| ${s.stage} | ${s.jobs} ${s.unit} | ${s.kills} | ${s.restarts.worker}/${s.restarts.redis}/${s.restarts.postgres} | ${inHand} | ${s.recovered} | ${s.duplicates}${s.duplicatesSameId ? ` (${s.duplicatesSameId})` : ''} | ${s.lost} | ${s.failedJobs} | ${s.seconds} |`,
    );
  }
  const t = report.totals;
  lines.push(
    `| **total** | ${t.jobs} | ${t.kills} | ${t.restarts} | | ${t.recovered} | ${t.duplicates} | ${t.lost} | | |`,
    '',
    '## Results and faults per stage',
    '',
  );
  for (const s of report.stages) {
    lines.push(`### ${s.stage}`, '');
    for (const [name, o] of Object.entries(s.outputs)) lines.push(`- ${name}: ${o.actual} of ${o.expected}`);
    for (const f of s.faults) {
      lines.push(
        `- ${f.fault} at ${f.doneBefore}/${s.jobs} done, ${f.inFlight} in hand: away ${f.downMs} ms, every service ready ${f.readyAfterMs} ms later${f.sameProcesses ? ' (same processes, not restarted)' : ''}`,
      );
    }
    for (const note of s.notes) lines.push(`- note: ${note}`);
    lines.push('');
  }
  return lines.join('\n');
}

/** bench/results/faults.json and faults.md, beside the benchmark results. */
export async function writeReport(report: FaultReport): Promise<string> {
  const dir = path.join(repoRoot(), 'bench', 'results');
  await mkdir(dir, { recursive: true });
  const markdown = renderMarkdown(report);
  await writeFile(path.join(dir, 'faults.json'), `${JSON.stringify(report, null, 2)}\n`);
  await writeFile(path.join(dir, 'faults.md'), `${markdown}\n`);
  return markdown;
}
