// What each image adds on top of its base image: the Dockerfile's own `pnpm deploy --prod` step run
// here, one service at a time, into a temporary directory, and the size of what it copies into /app
// (the bundle, its production dependencies, for the gateway the web app, for the migrate job the
// database CLI and the migrations). The base image (node:24-bookworm-slim, plus espeak-ng and ffmpeg
// for podcast) is pulled from a registry, so it is measured where Docker runs: `docker image ls`.
//
//   pnpm --filter @app/infra image-layers      (after `pnpm build`) → bench/results/images.md
import { execFileSync } from 'node:child_process';
import { lstatSync, mkdtempSync, readdirSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');
const SERVICES = ['gateway', 'crawler', 'summarizer', 'podcast', 'content-generation', 'mailer'] as const;
const MIB = 2 ** 20;

/** Bytes of the regular files under `dir` (symbolic links not followed, as COPY keeps them). */
export function treeBytes(dir: string): number {
  let total = 0;
  for (const entry of readdirSync(dir, { withFileTypes: true })) {
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) total += treeBytes(full);
    else if (entry.isFile()) total += lstatSync(full).size;
  }
  return total;
}

/** The largest packages of a deployed node_modules, by name@version. */
function largestPackages(modules: string, count: number): { name: string; bytes: number }[] {
  const store = path.join(modules, '.pnpm');
  return readdirSync(store, { withFileTypes: true })
    .filter((entry) => entry.isDirectory() && entry.name !== 'node_modules')
    .map((entry) => ({
      name: entry.name.replace(/_.*$/, ''),
      bytes: treeBytes(path.join(store, entry.name)),
    }))
    .sort((a, b) => b.bytes - a.bytes)
    .slice(0, count);
}

function deploy(service: string, out: string) {
  execFileSync(
    'pnpm',
    [
      '--filter',
      `@app/${service}`,
      'deploy',
      '--prod',
      '--legacy',
      '--prefer-offline',
      '--ignore-scripts',
      '--package-import-method',
      'copy',
      '--config.auto-install-peers=false',
      out,
    ],
    { cwd: ROOT, stdio: 'ignore' },
  );
}

function main() {
  const work = mkdtempSync(path.join(os.tmpdir(), 'app-layers-'));
  const rows: { image: string; bundle: number; modules: number; extra: number; note: string }[] = [];
  let largest: { name: string; bytes: number }[] = [];
  try {
    for (const service of SERVICES) {
      const out = path.join(work, service);
      deploy(service, out);
      const modules = treeBytes(path.join(out, 'node_modules'));
      const bundle = treeBytes(path.join(out, 'dist'));
      const web = service === 'gateway' ? treeBytes(path.join(ROOT, 'web/dist')) : 0;
      rows.push({
        image: service === 'gateway' ? 'gateway' : service === 'podcast' ? 'podcast' : `worker (${service})`,
        bundle,
        modules,
        extra: web,
        note: service === 'gateway' ? 'web app' : '',
      });
      if (service === 'gateway') {
        largest = largestPackages(path.join(out, 'node_modules'), 6);
        const gateway = rows.at(-1)!;
        const cli = treeBytes(path.join(ROOT, 'packages/db/dist'));
        const migrations = treeBytes(path.join(ROOT, 'packages/db/prisma/migrations'));
        rows.push({
          image: 'migrate',
          bundle: cli,
          modules: gateway.modules,
          extra: migrations,
          note: 'migrations',
        });
      }
    }
  } finally {
    rmSync(work, { recursive: true, force: true });
  }
  const mib = (bytes: number) => (bytes / MIB).toFixed(1);
  const lines = [
    '# Image sizes: the application layer',
    '',
    `${new Date().toISOString()} · \`pnpm --filter @app/infra image-layers\``,
    '',
    'What each runtime stage of `infra/docker/Dockerfile` copies into `/app` on top of its base image,',
    "from the Dockerfile's own `pnpm deploy --prod` step: the service's bundle, its production",
    'dependencies and, for the gateway, the built web app. The base image (`node:24-bookworm-slim`;',
    'for podcast, with espeak-ng and ffmpeg) comes from a registry and is not counted here: add',
    '`docker image ls` of the base, or read the whole image there.',
    '',
    '| image | bundle (dist/), MiB | production node_modules, MiB | other, MiB | application layer, MiB |',
    '| --- | ---: | ---: | ---: | ---: |',
    ...rows.map(
      (row) =>
        `| ${row.image} | ${mib(row.bundle)} | ${mib(row.modules)} | ${row.extra ? `${mib(row.extra)} (${row.note})` : '—'} | ${mib(row.bundle + row.modules + row.extra)} |`,
    ),
    '',
    "The gateway's largest production dependencies:",
    '',
    ...largest.map((entry) => `- ${entry.name}: ${mib(entry.bytes)} MiB`),
    '',
  ];
  const file = path.join(ROOT, 'bench/results/images.md');
  writeFileSync(file, lines.join('\n'));
  process.stdout.write(`${lines.join('\n')}\nwrote ${path.relative(ROOT, file)}\n`);
}

if (process.argv[1] && path.resolve(process.argv[1]) === fileURLToPath(import.meta.url)) main();
