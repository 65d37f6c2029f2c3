import { chmodSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { createServer, type Server } from 'node:net';
import os from 'node:os';
import path from 'node:path';
import nodemailer from 'nodemailer';
import pg from 'pg';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { extractLinks, type Mailbox, type StoredMessage, startMailbox } from '../launcher/mailbox.ts';
import { findFreePort, isPortFree } from '@app/local-services/ports';
import { startPostgres } from '@app/local-services/postgres';
import {
  createLinePrefixer,
  createSupervisor,
  formatPrefix,
  prettyLogLine,
  resolveScript,
} from '../launcher/processes.ts';
import { findExecutable, ping, startRedis } from '@app/local-services/redis';
import { loadSecrets } from '../launcher/secrets.ts';

const temps: string[] = [];
function tempDir(): string {
  const dir = mkdtempSync(path.join(os.tmpdir(), 'infra-test-'));
  // As root, PostgreSQL runs as the `postgres` user and must be able to enter the directory.
  chmodSync(dir, 0o755);
  temps.push(dir);
  return dir;
}
afterAll(() => {
  for (const dir of temps) rmSync(dir, { recursive: true, force: true });
});

function occupy(port = 0): Promise<Server> {
  return new Promise((resolve) => {
    const server = createServer();
    server.listen(port, '0.0.0.0', () => resolve(server));
  });
}

describe('free-port finder', () => {
  it('skips a port that is in use and ports listed as taken', async () => {
    const server = await occupy();
    const busy = (server.address() as { port: number }).port;
    try {
      expect(await isPortFree(busy)).toBe(false);
      const free = await findFreePort(busy);
      expect(free).toBeGreaterThan(busy);
      expect(await isPortFree(free)).toBe(true);
      const next = await findFreePort(free, { taken: [free] });
      expect(next).toBeGreaterThan(free);
    } finally {
      server.close();
    }
  });

  it('gives up after the allowed attempts', async () => {
    const server = await occupy();
    const busy = (server.address() as { port: number }).port;
    try {
      await expect(findFreePort(busy, { attempts: 1 })).rejects.toThrow(/no free TCP port/);
    } finally {
      server.close();
    }
  });
});

describe('line prefixer', () => {
  it('prefixes whole lines, holds partial ones until completed or flushed', () => {
    const out: string[] = [];
    const prefixer = createLinePrefixer('svc | ', (text) => out.push(text));
    prefixer.push('one\ntw');
    prefixer.push(Buffer.from('o\r\nthree'));
    expect(out.join('')).toBe('svc | one\nsvc | two\n');
    prefixer.flush();
    expect(out.join('')).toBe('svc | one\nsvc | two\nsvc | three\n');
    prefixer.flush();
    expect(out).toHaveLength(3);
  });

  it('pads and colours the prefix only on a terminal', () => {
    expect(formatPrefix('web', { width: 8 })).toBe('web      │ ');
    expect(formatPrefix('web', { width: 8, tty: true, colour: 36 })).toBe('\x1b[36mweb      │ \x1b[0m');
  });

  it('shortens pino JSON on a terminal and leaves other lines alone', () => {
    const line = JSON.stringify({
      level: 30,
      time: 1,
      pid: 2,
      hostname: 'h',
      service: 's',
      msg: 'hello',
      port: 1,
    });
    expect(prettyLogLine(line, false)).toBe(line);
    const pretty = prettyLogLine(line, true);
    expect(pretty).toContain('INFO');
    expect(pretty).toContain('hello');
    expect(pretty).toContain('"port":1');
    expect(pretty).not.toContain('hostname');
    expect(prettyLogLine('{not json', true)).toBe('{not json');
    expect(prettyLogLine('plain', true)).toBe('plain');
  });
});

describe('package scripts', () => {
  it('runs a simple script through exec with the package bins on PATH', () => {
    const dir = tempDir();
    writeFileSync(
      path.join(dir, 'package.json'),
      JSON.stringify({ scripts: { start: 'tsx src/main.ts', both: 'a && b' } }),
    );
    const simple = resolveScript(dir, 'start', '/repo', { PATH: '/usr/bin' });
    expect(simple.args).toEqual(['-c', 'exec tsx src/main.ts']);
    expect(simple.env.PATH).toBe(
      [path.join(dir, 'node_modules/.bin'), '/repo/node_modules/.bin', '/usr/bin'].join(':'),
    );
    expect(resolveScript(dir, 'both', '/repo', {}).args).toEqual(['-c', 'a && b']);
    expect(() => resolveScript(dir, 'missing', '/repo', {})).toThrow(/no "missing" script/);
  });
});

describe('supervisor', () => {
  function fakePackage(program: string, script = 'node main.cjs'): string {
    const dir = tempDir();
    writeFileSync(path.join(dir, 'package.json'), JSON.stringify({ scripts: { start: script } }));
    writeFileSync(path.join(dir, 'main.cjs'), program);
    return dir;
  }
  const collect = () => {
    const chunks: string[] = [];
    return {
      chunks,
      stream: { write: (text: string) => chunks.push(text) > 0 } as unknown as NodeJS.WritableStream,
    };
  };

  it('prefixes output and stops children gracefully with SIGTERM', async () => {
    const program = `process.on('SIGTERM', () => { console.log('bye'); process.exit(0) }); console.log('up'); setInterval(() => {}, 1000)`;
    const dir = fakePackage(program);
    const out = collect();
    const unexpected: string[] = [];
    const supervisor = createSupervisor({
      rootDir: dir,
      stdout: out.stream,
      stderr: out.stream,
      onUnexpectedExit: (p) => unexpected.push(p.name),
    });
    const child = supervisor.start({ name: 'svc', cwd: dir, script: 'start', env: process.env });
    await expect.poll(() => out.chunks.join('')).toContain('svc │ up');
    await supervisor.stopAll(5000);
    expect(await child.exited).toEqual({ code: 0, signal: null });
    expect(out.chunks.join('')).toContain('svc │ bye');
    expect(unexpected).toEqual([]);
    expect(() => process.kill(child.pid, 0)).toThrow();
  });

  it('kills a child that ignores SIGTERM after the grace period', async () => {
    const dir = fakePackage(
      `process.on('SIGTERM', () => {}); console.log('up'); setInterval(() => {}, 1000)`,
    );
    const out = collect();
    const supervisor = createSupervisor({ rootDir: dir, stdout: out.stream, stderr: out.stream });
    const child = supervisor.start({ name: 'stubborn', cwd: dir, script: 'start', env: process.env });
    await expect.poll(() => out.chunks.join('')).toContain('up');
    const started = Date.now();
    await supervisor.stopAll(300);
    expect((await child.exited).signal).toBe('SIGKILL');
    expect(Date.now() - started).toBeLessThan(3000);
  });

  it('stops the whole group when a shell runs a compound script', async () => {
    const program = `process.on('SIGTERM', () => { console.log('bye'); process.exit(0) }); console.log('up'); setInterval(() => {}, 1000)`;
    const dir = fakePackage(program, 'true && node main.cjs');
    const out = collect();
    const supervisor = createSupervisor({ rootDir: dir, stdout: out.stream, stderr: out.stream });
    const child = supervisor.start({ name: 'sh', cwd: dir, script: 'start', env: process.env });
    expect(child.direct).toBe(false);
    await expect.poll(() => out.chunks.join('')).toContain('up');
    await supervisor.stopAll(5000);
    expect(out.chunks.join('')).toContain('sh │ bye');
  });

  it('reports a child that dies on its own', async () => {
    const dir = fakePackage(`console.error('boom'); process.exit(3)`);
    const out = collect();
    const exits: unknown[] = [];
    const supervisor = createSupervisor({
      rootDir: dir,
      stdout: out.stream,
      stderr: out.stream,
      onUnexpectedExit: (p, exit) => exits.push([p.name, exit.code]),
    });
    supervisor.start({ name: 'crashy', cwd: dir, script: 'start', env: process.env });
    await expect.poll(() => exits).toEqual([['crashy', 3]]);
    expect(out.chunks.join('')).toContain('crashy │ boom');
  });
});

describe('mailbox', () => {
  let mailbox: Mailbox;
  let dir: string;
  const received: StoredMessage[] = [];

  beforeAll(async () => {
    dir = path.join(tempDir(), 'mail');
    mailbox = await startMailbox({ dir, smtpPort: 0, httpPort: 0, onMessage: (m) => received.push(m) });
  });
  afterEach(() => {
    received.length = 0;
  });
  afterAll(async () => {
    await mailbox?.close();
  });

  it('stores a message sent with nodemailer and lists it with its HTML escaped', async () => {
    const transport = nodemailer.createTransport(mailbox.smtpUrl);
    await transport.sendMail({
      from: 'Daily Curated <no-reply@localhost>',
      to: 'reader@example.com',
      bcc: 'hidden@example.com',
      subject: 'Verify <script>alert(1)</script> 验证',
      text: 'Open http://localhost:3000/api/auth/verify?token=abc123. Thanks',
      html: '<p>Hi</p><script>alert("x")</script><a href="http://localhost:3000/api/auth/verify?token=abc123&amp;x=1">verify</a>',
    });
    transport.close();
    await expect.poll(() => received.length).toBe(1);
    const message = received[0]!;
    expect(message.to.sort()).toEqual(['hidden@example.com', 'reader@example.com']);
    expect(message.subject).toBe('Verify <script>alert(1)</script> 验证');
    expect(message.links[0]).toBe('http://localhost:3000/api/auth/verify?token=abc123');

    const files = readdirSync(dir).sort();
    expect(files).toEqual([`${message.id}.eml`, `${message.id}.json`]);
    expect(readFileSync(path.join(dir, `${message.id}.eml`), 'utf8')).toContain('reader@example.com');

    const list = await fetch(`${mailbox.httpUrl}/`);
    expect(list.headers.get('content-security-policy')).toContain("script-src 'none'");
    const listHtml = await list.text();
    expect(listHtml).toContain('Verify &#60;script&#62;alert(1)&#60;/script&#62; 验证');
    expect(listHtml).not.toContain('<script>');
    expect(listHtml).toContain(`/messages/${message.id}`);

    const view = await (await fetch(`${mailbox.httpUrl}/messages/${message.id}`)).text();
    const iframe = /<iframe[^>]*>/.exec(view)?.[0] ?? '';
    expect(iframe).toContain('sandbox="allow-popups allow-popups-to-escape-sandbox"');
    expect(iframe).not.toContain('allow-scripts');
    expect(iframe).toContain('&#60;script&#62;alert(&#34;x&#34;)&#60;/script&#62;');
    expect(view).not.toMatch(/<script/i);

    const api = (await (await fetch(`${mailbox.httpUrl}/api/messages`)).json()) as StoredMessage[];
    expect(api.map((m) => m.id)).toEqual([message.id]);
    const raw = await fetch(`${mailbox.httpUrl}/messages/${message.id}/raw`);
    expect(raw.headers.get('content-type')).toContain('text/plain');
    expect(await mailbox.list()).toHaveLength(1);
  });

  it('is read-only and refuses odd ids', async () => {
    expect((await fetch(`${mailbox.httpUrl}/api/messages`, { method: 'DELETE' })).status).toBe(405);
    expect((await fetch(`${mailbox.httpUrl}/messages/..%2Fsecrets`)).status).toBe(404);
    expect((await fetch(`${mailbox.httpUrl}/api/messages/nope`)).status).toBe(404);
  });

  it('finds links in the text part first, then in HTML hrefs', () => {
    expect(
      extractLinks(
        'see https://a.example/x, and http://b.example/y.',
        '<a href="https://c.example/z?a=1&amp;b=2">c</a>',
      ),
    ).toEqual(['https://a.example/x', 'http://b.example/y', 'https://c.example/z?a=1&b=2']);
    expect(extractLinks('', '<a href="javascript:alert(1)">x</a>')).toEqual([]);
  });
});

describe('secrets', () => {
  it('generates once and keeps the values', () => {
    const file = path.join(tempDir(), 'nested', 'secrets.json');
    const first = loadSecrets(file);
    expect(first.jwtSecret.length).toBeGreaterThanOrEqual(32);
    expect(loadSecrets(file)).toEqual(first);
  });
});

describe.skipIf(!findExecutable('redis-server'))('redis-server', () => {
  it('starts on a free port without persistence and stops', async () => {
    const port = await findFreePort(16390, { host: '127.0.0.1' });
    const redis = await startRedis({ binary: findExecutable('redis-server')!, port, dataDir: tempDir() });
    try {
      expect(await ping(port)).toBe(true);
    } finally {
      await redis.stop();
    }
    expect(await ping(port)).toBe(false);
  });
});

describe('embedded PostgreSQL', () => {
  it('initialises once, serves queries, restarts on the same data and stops', async () => {
    const dataDir = path.join(tempDir(), 'postgres');
    const port = await findFreePort(55329, { host: '127.0.0.1' });
    const first = await startPostgres({ dataDir, port, password: 's3cret pass' });
    try {
      expect(first.initialised).toBe(true);
      const client = new pg.Client({ connectionString: first.url('postgres') });
      await client.connect();
      const { rows } = await client.query<{ encoding: string }>(
        "SELECT pg_encoding_to_char(encoding) AS encoding FROM pg_database WHERE datname = 'postgres'",
      );
      expect(rows[0]?.encoding).toBe('UTF8');
      await client.end();
    } finally {
      await first.stop();
    }
    const second = await startPostgres({ dataDir, port, password: 's3cret pass' });
    try {
      expect(second.initialised).toBe(false);
      const client = new pg.Client({ connectionString: second.url('postgres') });
      await client.connect();
      await client.end();
    } finally {
      await second.stop();
    }
    expect(await isPortFree(port, '127.0.0.1')).toBe(true);
  }, 60_000);
});
