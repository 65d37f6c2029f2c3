import { type ChildProcess, fork } from 'node:child_process';
import { once } from 'node:events';
import type { AddressInfo } from 'node:net';
import { fileURLToPath } from 'node:url';
import { SMTPServer } from 'smtp-server';

type Reply = { id: number; value: number };

/**
 * An SMTP server that accepts and discards, in a process of its own: the receiving side of a mail
 * run is another machine in real life, so its parsing must not take CPU from the process measured.
 */
export async function startSmtpSink() {
  const child = fork(fileURLToPath(import.meta.url), ['--serve'], {
    execArgv: ['--import', 'tsx'],
    stdio: ['ignore', 'inherit', 'inherit', 'ipc'],
  });
  const [ready] = (await once(child, 'message')) as [{ port: number }];
  let nextId = 0;
  const ask = (command: 'count' | 'reset') =>
    new Promise<number>((resolve) => {
      const id = nextId++;
      const onMessage = (reply: Reply) => {
        if (reply.id !== id) return;
        child.off('message', onMessage);
        resolve(reply.value);
      };
      child.on('message', onMessage);
      child.send({ id, command });
    });
  return {
    url: `smtp://127.0.0.1:${ready.port}`,
    count: () => ask('count'),
    reset: async () => {
      await ask('reset');
    },
    close: () => stop(child),
  };
}

async function stop(child: ChildProcess) {
  if (child.exitCode !== null) return;
  child.kill('SIGTERM');
  await once(child, 'exit');
}

async function serve() {
  let received = 0;
  const server = new SMTPServer({
    authOptional: true,
    disabledCommands: ['STARTTLS'],
    logger: false,
    closeTimeout: 100,
    onData(stream, _session, callback) {
      stream.on('data', () => undefined);
      stream.on('end', () => {
        received += 1;
        callback();
      });
    },
  });
  server.on('error', () => undefined);
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  process.on('message', (message: { id: number; command: 'count' | 'reset' }) => {
    if (message.command === 'reset') received = 0;
    process.send?.({ id: message.id, value: received } satisfies Reply);
  });
  process.on('SIGTERM', () => server.close(() => process.exit(0)));
  process.on('disconnect', () => process.exit(0));
  process.send?.({ port: (server.server.address() as AddressInfo).port });
}

if (process.argv.includes('--serve')) await serve();
