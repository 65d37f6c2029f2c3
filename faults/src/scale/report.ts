import { mkdir, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { repoRoot } from '@app/testing';
import type { ScaleStageFigures } from './run.ts';

export type ScaleReport = { seconds: number; copies: number; lockMs: number; stages: ScaleStageFigures[] };

export function renderScaleMarkdown(report: ScaleReport): string {
  const copies = Array.from({ length: report.copies }, (_, i) => `copy ${i + 1}`).join(' / ');
  const cpus = `${os.cpus().length} × ${os.cpus()[0]?.model ?? 'cpu'}`;
  const lines = [
    '# Scale-out test',
    '',
    `${new Date().toISOString()} · Node ${process.version} · ${cpus} · ${report.seconds} s in all`,
    '',
    `Two processes of every service (the compiled bundles, \`dist/\`), on the local PostgreSQL and Redis`,
    `with a database and queue prefix of the run's own, through one day's work. During each stage one`,
    `copy of its worker service is killed with \`kill -9\` once 15% of its part is done, while it holds`,
    `work, and is not started again: the other copy must finish what it held (job locks of`,
    `${report.lockMs / 1000} s). Jobs per copy come from each process's \`/metrics\`: a killed copy's as they`,
    `stood just before the kill; the mailer's share is the emails its own SMTP server accepted.`,
    '',
    `| service | what is counted | ${copies} | killed copy: done at kill · in hand → finished | duplicates | lost |`,
    '| --- | --- | --- | --- | ---: | ---: |',
  ];
  for (const stage of report.stages) {
    for (const s of stage.services) {
      const killed = s.killed
        ? `copy ${s.killed.copy + 1}: ${s.killed.doneAt}/${s.killed.total} · ${s.killed.inHand} → ${s.killed.finished}`
        : '—';
      lines.push(
        `| ${s.service} | ${s.measure} | ${s.perCopy.join(' / ')} | ${killed} | ${s.duplicates} | ${s.lost} |`,
      );
    }
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
