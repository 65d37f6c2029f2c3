import {
  DeleteGeneratedContentResponseSchema,
  GeneratedContentParamsSchema,
  GenerationResultsQuerySchema,
  GenerationResultsResponseSchema,
} from '@app/contracts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { errorResponses } from '../../../lib/error-responses.ts';
import { requireUser } from '../../../plugins/app/guards.ts';

/** /api/generated-content: the caller's own generation results (read by id list, delete one). */
const generatedContentRoutes: FastifyPluginAsyncZod = async (app) => {
  const generation = app.services.generation;
  const errors = errorResponses(400, 401, 403, 404);

  app.get(
    '/',
    {
      schema: {
        tags: ['generation'],
        querystring: GenerationResultsQuerySchema,
        response: { 200: GenerationResultsResponseSchema, ...errors },
      },
    },
    async (request) => ({ data: await generation.results(request.query.ids, requireUser(request).id) }),
  );

  app.delete(
    '/:id',
    {
      schema: {
        tags: ['generation'],
        params: GeneratedContentParamsSchema,
        response: { 200: DeleteGeneratedContentResponseSchema, ...errors },
      },
    },
    async (request) => generation.deleteResult(request.params.id, requireUser(request).id),
  );
};

export default generatedContentRoutes;
