// Fails when the Lingui catalogs are not what the code says: extracts and compiles them again as
// `pnpm --filter @app/web i18n` does (`lingui compile --strict`: a Chinese string left untranslated fails)
// and names each string file that changed. Run by `pnpm test`; after changing a message, run that script
// and commit the catalogs.
import { execFileSync } from 'node:child_process';
import { createHash } from 'node:crypto';
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const web = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const features = path.join(web, 'src/features');

/** Every catalog file (each feature's locales folder, the API's, the shared one), with its content's hash. */
function catalogs() {
  const found = new Map();
  const dirs = [
    ...readdirSync(features).map((feature) => path.join(features, feature, 'locales')),
    path.join(web, 'src/api/locales'),
  ];
  for (const dir of dirs) {
    if (!existsSync(dir)) continue;
    for (const file of readdirSync(dir)) {
      const full = path.join(dir, file);
      found.set(path.relative(web, full), createHash('sha256').update(readFileSync(full)).digest('hex'));
    }
  }
  for (const file of ['en.po', 'zh.po', 'en.json', 'zh.json']) {
    const full = path.join(web, 'src/i18n', file);
    if (existsSync(full))
      found.set(path.relative(web, full), createHash('sha256').update(readFileSync(full)).digest('hex'));
  }
  return found;
}

const before = catalogs();
execFileSync('pnpm', ['run', '--silent', 'i18n'], { cwd: web, stdio: ['ignore', 'ignore', 'inherit'] });
const after = catalogs();
const changed = [...new Set([...before.keys(), ...after.keys()])].filter(
  (file) => before.get(file) !== after.get(file),
);
if (changed.length > 0) {
  console.error(
    `The Lingui catalogs were out of date with the code (now rewritten: review and commit them):\n  ${changed.join('\n  ')}`,
  );
  process.exit(1);
}
console.log(`Lingui catalogs up to date (${after.size} files).`);
