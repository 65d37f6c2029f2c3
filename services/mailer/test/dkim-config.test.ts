import { generateKeyPairSync } from 'node:crypto';
import { ConfigError, loadConfig } from '@app/config';
import { expect, it } from 'vitest';
import { dkimOptions, mailerConfigSchema } from '../src/config.ts';

const base = { SMTP_URL: 'smtp://127.0.0.1:2525' };
const pem = generateKeyPairSync('rsa', { modulusLength: 2048 })
  .privateKey.export({ type: 'pkcs8', format: 'pem' })
  .toString();

it('signs nothing when no DKIM setting is given', () => {
  expect(dkimOptions(loadConfig(mailerConfigSchema, base))).toBeUndefined();
});

it('refuses to start with only some DKIM settings, naming the missing ones', () => {
  const attempt = () => loadConfig(mailerConfigSchema, { ...base, DKIM_DOMAIN: 'app.test' });
  expect(attempt).toThrow(ConfigError);
  expect(attempt).toThrow(/DKIM_SELECTOR/);
  expect(attempt).toThrow(/DKIM_PRIVATE_KEY/);
  expect(() =>
    loadConfig(mailerConfigSchema, { ...base, DKIM_SELECTOR: 's1', DKIM_PRIVATE_KEY: pem }),
  ).toThrow(/DKIM_DOMAIN/);
});

it('rejects a key that is not PEM and accepts one with \\n escapes', () => {
  const settings = { ...base, DKIM_DOMAIN: 'app.test', DKIM_SELECTOR: 's1' };
  expect(() => loadConfig(mailerConfigSchema, { ...settings, DKIM_PRIVATE_KEY: 'not a key' })).toThrow(
    /DKIM_PRIVATE_KEY/,
  );
  const config = loadConfig(mailerConfigSchema, {
    ...settings,
    DKIM_PRIVATE_KEY: pem.trim().replace(/\n/g, '\\n'),
  });
  expect(dkimOptions(config)).toEqual({ domainName: 'app.test', keySelector: 's1', privateKey: pem.trim() });
});
