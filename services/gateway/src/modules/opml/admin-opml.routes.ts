import {
  OPML_MEDIA_TYPES,
  OpmlImportBodySchema,
  OpmlImportQuerySchema,
  OpmlImportResultSchema,
} from '@app/contracts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { errorResponses } from '../../lib/error-responses.ts';
import { mediaResponse } from '../../lib/openapi.ts';
import { acceptOpmlUploads } from '../../lib/opml-upload.ts';

/** /api/admin/opml: the datasources as OPML (one folder per topic), and importing a feed reader's OPML. */
const adminOpmlRoutes: FastifyPluginAsyncZod = async (app) => {
  const tags = ['admin'];
  acceptOpmlUploads(app);

  app.get(
    '/opml/export',
    {
      config: { access: 'admin' },
      schema: {
        tags,
        summary:
          'Every datasource that has a feed as OPML 2.0, one folder outline per topic (sources without a feed named in a comment)',
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
      config: { access: 'admin', upload: { field: 'opml', mediaTypes: OPML_MEDIA_TYPES } },
      schema: {
        tags,
        summary:
          'Imports an OPML file (raw, multipart or JSON) and reports every feed line; dry_run=true previews without writing',
        description:
          'Each feed joins the topic named by the deepest folder of its path that matches one; paths that match none create a topic when create_topics is set, else go to topic_id, else are skipped. 200 when a line was imported or all were already present, 422 with the same report when nothing could be imported; a preview answers 200.',
        querystring: OpmlImportQuerySchema,
        body: OpmlImportBodySchema,
        response: {
          200: OpmlImportResultSchema,
          422: OpmlImportResultSchema,
          ...errorResponses(400, 401, 403, 413, 415),
        },
      },
    },
    async (request, reply) => {
      const { dry_run: dryRun = false, ...fromQuery } = request.query;
      const { opml, ...fromBody } = request.body;
      const answer = await app.services.opml.importOpml(opml, { ...fromQuery, ...fromBody }, dryRun);
      return reply.status(answer.status).send(answer.result);
    },
  );
};

export default adminOpmlRoutes;
