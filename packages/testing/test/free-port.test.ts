import { createServer } from 'node:net';
import { describe, expect, it } from 'vitest';
import { freePort } from '../src/service-process.ts';

describe('freePort', () => {
  it('never hands out the same port twice, though the kernel gives just-closed ports again', async () => {
    const ports: number[] = [];
    for (let i = 0; i < 300; i++) ports.push(await freePort());
    expect(new Set(ports).size).toBe(ports.length);
  });

  it('hands out a port a server can listen on', async () => {
    const port = await freePort();
    const server = createServer();
    await new Promise<void>((resolve, reject) => {
      server.once('error', reject);
      server.listen(port, '127.0.0.1', resolve);
    });
    await new Promise((resolve) => server.close(resolve));
  });
});
