import { mkdir, writeFile } from 'node:fs/promises';
import path from 'node:path';
import type { Figure } from './types.ts';

const format = (n: number) => (Math.abs(n) >= 100 ? n.toFixed(0) : n.toFixed(2));

export function toMarkdown(figures: Figure[], meta: Record<string, string>): string {
  const lines = [
    '# Benchmark results',
    '',
    Object.entries(meta)
      .map(([k, v]) => `${k}: ${v}`)
      .join(' · '),
    '',
    '| scenario | size | figure | value | baseline | ratio | goal | result |',
    '|---|---|---|---|---|---|---|---|',
  ];
  for (const f of figures) {
    const baseline = f.baseline
      ? `${format(f.baseline.value)} ${f.baseline.unit ?? f.unit} (${f.baseline.label})`
      : '';
    const result = f.pass === undefined ? '' : f.pass ? 'pass' : 'FAIL';
    lines.push(
      `| ${f.scenario} | ${f.mode ?? ''} | ${f.figure} | ${format(f.value)} ${f.unit} | ${baseline} | ${f.ratio === undefined ? '' : format(f.ratio)} | ${f.goal ?? ''} | ${result} |`,
    );
  }
  return `${lines.join('\n')}\n`;
}

export async function writeResults(
  dir: string,
  figures: Figure[],
  meta: Record<string, string>,
): Promise<void> {
  await mkdir(dir, { recursive: true });
  await writeFile(path.join(dir, 'latest.json'), `${JSON.stringify({ meta, figures }, null, 2)}\n`);
  await writeFile(path.join(dir, 'latest.md'), toMarkdown(figures, meta));
}
