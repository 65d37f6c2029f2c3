import { OpmlImportBodySchema, OpmlImportResultSchema } from '@app/contracts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { errorResponses } from '../../../lib/error-responses.ts';
import { mediaResponse } from '../../../lib/openapi.ts';

/** /api/admin/opml: the datasources as OPML (one folder per topic), and importing a feed reader's OPML. */
const adminOpmlRoutes: FastifyPluginAsyncZod = async (app) => {
  const tags = ['admin'];

  app.get(
    '/opml/export',
    {
      schema: {
        tags,
        summary: 'Every datasource with a feed URL as OPML 2.0, one folder outline per topic',
        response: { 200: mediaResponse('The OPML file', ['text/x-opml']), ...errorResponses(401, 403) },
      },
    },
    async (_request, reply) => {
      const body = await app.services.opml.exportOpml();
      return reply
        .type('text/x-opml; charset=utf-8')
        .header('content-disposition', 'attachment; filename="datasources.opml"')
        .send(body);
    },
  );

  app.post(
    '/opml/import',
    {
      schema: {
        tags,
        summary:
          'Imports an OPML file (folders become topics, or every feed goes to topic_id): all feeds or none, each problem reported with its line',
        body: OpmlImportBodySchema,
        response: { 200: OpmlImportResultSchema, ...errorResponses(400, 401, 403) },
      },
    },
    async (request) => app.services.opml.importOpml(request.body),
  );
};

export default adminOpmlRoutes;
