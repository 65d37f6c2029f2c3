import { createServer, type Server, type Socket, connect as tcpConnect } from 'node:net';
import { freePort } from '@app/testing';

/**
 * A TCP relay to the test Redis on a port of its own, closed (connections refused) until open():
 * a gateway pointed at it starts with Redis unreachable.
 */
export async function redisProxy(redisUrl: string) {
  const target = new URL(redisUrl);
  const port = await freePort();
  const sockets = new Set<Socket>();
  const track = (socket: Socket) => {
    sockets.add(socket);
    socket.on('close', () => sockets.delete(socket));
    socket.on('error', () => socket.destroy());
  };
  const server: Server = createServer((client) => {
    const upstream = tcpConnect(Number(target.port || 6379), target.hostname);
    track(client);
    track(upstream);
    client.pipe(upstream).pipe(client);
  });
  const url = new URL(redisUrl);
  url.port = String(port);
  url.hostname = '127.0.0.1';
  return {
    url: url.toString(),
    open: () => new Promise<void>((resolve) => server.listen(port, '127.0.0.1', resolve)),
    close: async () => {
      for (const socket of sockets) socket.destroy();
      if (server.listening) await new Promise((resolve) => server.close(resolve));
    },
  };
}
