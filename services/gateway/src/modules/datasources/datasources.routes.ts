import {
  DatasourceListQuerySchema,
  DatasourceListResponseSchema,
  SourceTreeQuerySchema,
  SourceTreeResponseSchema,
} from '@app/contracts';
import { toDataLanguage } from '@app/rules';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { errorResponses } from '../../lib/error-responses.ts';

/** /api/datasources and /api/sources/tree (registered without a prefix). */
const datasourcesRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/api/datasources',
    {
      config: { access: 'public' },
      schema: {
        tags: ['sources'],
        summary: 'Active datasources with their topic',
        querystring: DatasourceListQuerySchema,
        response: { 200: DatasourceListResponseSchema, ...errorResponses(400) },
      },
    },
    async (request) => ({
      data: await app.services.content.listDatasources({
        language: request.query.language ? toDataLanguage(request.query.language) : undefined,
        topicId: request.query.topic_id,
      }),
    }),
  );

  app.get(
    '/api/sources/tree',
    {
      config: { access: 'public' },
      schema: {
        tags: ['sources'],
        summary: 'Topic → platform → source, with summary counts and last-updated dates',
        querystring: SourceTreeQuerySchema,
        response: { 200: SourceTreeResponseSchema, ...errorResponses(400) },
      },
    },
    async (request) => app.services.content.sourceTree(toDataLanguage(request.query.language)) as never,
  );
};

export default datasourcesRoutes;
