import { randomBytes } from 'node:crypto';
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';

/** Generated once per data directory so restarts keep sessions and the database password. */
export type LocalSecrets = {
  jwtSecret: string;
  postgresPassword: string;
};

export function loadSecrets(file: string): LocalSecrets {
  const stored: Partial<LocalSecrets> = existsSync(file) ? JSON.parse(readFileSync(file, 'utf8')) : {};
  const secrets: LocalSecrets = {
    jwtSecret: stored.jwtSecret ?? randomBytes(48).toString('base64url'),
    postgresPassword: stored.postgresPassword ?? randomBytes(18).toString('base64url'),
  };
  if (secrets.jwtSecret !== stored.jwtSecret || secrets.postgresPassword !== stored.postgresPassword) {
    mkdirSync(path.dirname(file), { recursive: true });
    writeFileSync(file, `${JSON.stringify(secrets, null, 2)}\n`, { mode: 0o600 });
  }
  return secrets;
}
