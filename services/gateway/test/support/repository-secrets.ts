import { execFileSync } from 'node:child_process';
import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../../..');
const KEYS = 'JWT_SECRET|UNSUBSCRIBE_SECRET|METRICS_TOKEN|STRIPE_WEBHOOK_SECRET|MAIL_WEBHOOK_SECRET';

// The ways a secret's value is written here: a TS/JSON property or assignment, an env line, a compose
// fallback, and constants named after a secret.
const PATTERNS = [
  new RegExp(`\\b(?:${KEYS})\\b['"]?\\s*[:=]\\s*['"\`]([^'"\`\\s]+)['"\`]`, 'g'),
  new RegExp(`^\\s*(?:export\\s+)?(?:${KEYS})=([^\\s'"\`$]+)`, 'gm'),
  new RegExp(`\\$\\{(?:${KEYS}):?-([^}]+)\\}`, 'g'),
  /\b[A-Z_]*(?:SECRET|TOKEN)\s*=\s*['"`]([^'"`\s]{16,})['"`]/g,
];
const TEXT =
  /\.(ts|tsx|mts|js|mjs|cjs|json|ya?ml|md|sh|env|example|toml|conf)$|(^|\/)(Dockerfile|\.env[^/]*|run)$/;

/** Every literal secret value in the repository's tracked files, with where it was found. */
export async function secretsInRepository(): Promise<{ value: string; where: string }[]> {
  const files = execFileSync('git', ['ls-files'], { cwd: ROOT, encoding: 'utf8' })
    .split('\n')
    .filter(
      (file) => TEXT.test(file) && !file.startsWith('bench/results/') && !file.endsWith('pnpm-lock.yaml'),
    );
  const found = new Map<string, string>();
  for (const file of files) {
    const text = await readFile(path.join(ROOT, file), 'utf8').catch(() => '');
    for (const pattern of PATTERNS) {
      for (const match of text.matchAll(pattern)) {
        const value = match[1]!;
        if (!found.has(value)) found.set(value, file);
      }
    }
  }
  return [...found].map(([value, where]) => ({ value, where }));
}
