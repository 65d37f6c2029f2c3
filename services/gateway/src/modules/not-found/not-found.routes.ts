import type { FastifyPluginAsync } from 'fastify';
import { notFoundEnvelope, sendEnvelope } from '../../plugins/app/error-handler.plugin.ts';
import { API_METHODS } from '../../lib/access.ts';

/**
 * /api/* for the paths no API route has: the JSON 404, never the web app. The router decides it (it
 * decodes the path, so "/%61pi/nope" lands here too); more specific routes always win over this one.
 */
const apiNotFoundRoutes: FastifyPluginAsync = async (app) => {
  app.route({
    method: [...API_METHODS],
    url: '/*',
    // Anyone gets the same 404.
    config: { access: 'public' },
    schema: { hide: true },
    handler: (_request, reply) => sendEnvelope(reply, notFoundEnvelope()),
  });
};

export default apiNotFoundRoutes;
