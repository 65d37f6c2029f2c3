import { randomUUID } from 'node:crypto';
import type { IncomingMessage } from 'node:http';
import fp from 'fastify-plugin';

const SAFE_ID = /^[\w.:-]{1,100}$/;

/** fastify's genReqId: keep a caller's (proxy's) x-request-id when it looks sane, else a new UUID. */
export function requestIdOf(request: IncomingMessage): string {
  const header = request.headers['x-request-id'];
  return typeof header === 'string' && SAFE_ID.test(header) ? header : randomUUID();
}

/** Echoes the id so a user's bug report can be matched with the logs and the jobs it caused. */
export default fp(
  async (app) => {
    app.addHook('onRequest', async (request, reply) => {
      reply.header('x-request-id', request.id);
    });
  },
  { name: 'request-id' },
);
