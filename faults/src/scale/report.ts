import { mkdir, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { repoRoot } from '@app/testing';
import type { ScaleStageFigures } from './run.ts';

export type ScaleReport = {
  seconds: number;
  copies: number;
  lockMs: number;
  stages: ScaleStageFigures[];
  /** Each copy's peak resident size in bytes (undefined: not read). */
  memory?: { service: string; peaks: (number | undefined)[] }[];
};

export function renderScaleMarkdown(report: ScaleReport): string {
  const copies = Array.from({ length: report.copies }, (_, i) => `copy ${i + 1}`).join(' / ');
  const cpus = `${os.cpus().length} × ${os.cpus()[0]?.model ?? 'cpu'}`;
  const lines = [
    '# Scale-out test',
    '',
    `${new Date().toISOString()} · Node ${process.version} · ${cpus} · ${report.seconds} s from start to stop`,
    '',
    'Two processes of every service, run from the compiled bundles (`dist/`) as production runs them, on',
    "the local PostgreSQL and Redis with a database and a queue prefix of the run's own. The day's four",
    'parts run at once: a crawl and the summaries of its posts, generation tasks created and polled',
    "through both gateways, one day's podcasts, the 8 AM digest. In each, one copy of the worker service",
    'is killed with `kill -9` once 15% of its part is done and while it holds work, and is not started',
    `again: the other copy has to finish what it held (job locks of ${report.lockMs / 1000} s). Jobs per copy:`,
    "each process's `jobs_completed_total` from its `/metrics` (a killed copy's as it stood just before",
    "the kill), the gateways' request counts, and for the mailer the emails its own SMTP server accepted.",
    '',
    `| service | what is counted | jobs per copy (${copies}) | killed copy: done at the kill · in hand → finished | duplicates | lost |`,
    '| --- | --- | --- | --- | ---: | ---: |',
  ];
  for (const stage of report.stages) {
    for (const s of stage.services) {
      const killed = s.killed
        ? `copy ${s.killed.copy + 1}: ${s.killed.doneAt}/${s.killed.total} · ${s.killed.inHand} → ${s.killed.finished}`
        : '—';
      const total = s.perCopy.reduce((n, c) => n + c, 0);
      const duplicates = s.sameMessageId ? `${s.duplicates} (same Message-ID)` : String(s.duplicates ?? '—');
      lines.push(
        `| ${s.service} | ${s.measure} | ${s.perCopy.join(' / ')} (${total}) | ${killed} | ${duplicates} | ${s.lost} |`,
      );
    }
  }
  if (report.memory?.length) {
    lines.push(
      '',
      '## Peak memory under the run',
      '',
      "Each process's resident high-water mark (VmHWM) over the whole run, read when it was stopped (a",
      "killed copy's just before the kill), with the images' Node options and malloc settings:",
      '',
      `| service | peak RSS, MiB (${copies}) |`,
      '| --- | --- |',
    );
    const mib = (bytes: number | undefined) => (bytes === undefined ? '—' : (bytes / 2 ** 20).toFixed(0));
    for (const row of report.memory) lines.push(`| ${row.service} | ${row.peaks.map(mib).join(' / ')} |`);
  }
  lines.push('', '## Stages', '');
  for (const stage of report.stages) {
    lines.push(`### ${stage.stage} (${stage.jobs} ${stage.unit}, ${stage.seconds} s)`, '');
    for (const [name, o] of Object.entries(stage.outputs))
      lines.push(`- ${name}: ${o.actual} of ${o.expected}`);
    lines.push(`- failed jobs left: ${stage.failedReasons.length}`);
    for (const note of stage.notes) lines.push(`- note: ${note}`);
    lines.push('');
  }
  return lines.join('\n');
}

/** bench/results/scale.md, beside the benchmark and fault results. */
export async function writeScaleReport(report: ScaleReport): Promise<string> {
  const dir = path.join(repoRoot(), 'bench', 'results');
  await mkdir(dir, { recursive: true });
  const markdown = renderScaleMarkdown(report);
  await writeFile(path.join(dir, 'scale.md'), `${markdown}\n`);
  return markdown;
}
