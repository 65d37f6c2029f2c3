import {
  DeleteGeneratedContentResponseSchema,
  GeneratedContentParamsSchema,
  GenerationResultsQuerySchema,
  GenerationResultsResponseSchema,
  UpdateGeneratedContentBodySchema,
  UpdateGeneratedContentResponseSchema,
} from '@app/contracts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { errorResponses } from '../../lib/error-responses.ts';
import { requireUser } from '../../plugins/app/guards.ts';

/**
 * /api/generated-content: the caller's own generation results (read by id list, publish or unpublish one,
 * delete one). Someone else's result answers 404, as if it did not exist.
 */
const generatedContentRoutes: FastifyPluginAsyncZod = async (app) => {
  const generation = app.services.generation;
  const errors = errorResponses(400, 401, 403, 404);

  app.get(
    '/',
    {
      config: { access: 'user' },
      schema: {
        tags: ['generation'],
        summary: "The caller's generated results by id",
        querystring: GenerationResultsQuerySchema,
        response: { 200: GenerationResultsResponseSchema, ...errors },
      },
    },
    async (request) => ({ data: await generation.results(request.query.ids, requireUser(request).id) }),
  );

  app.patch(
    '/:id',
    {
      // Publishing or unpublishing one's own result: private is the default, and taking it back never needs a plan.
      config: { access: 'user' },
      schema: {
        tags: ['generation'],
        summary:
          'Publish your result to its topic page (shown under your display name, without your ' +
          'instructions) or make it private again',
        params: GeneratedContentParamsSchema,
        body: UpdateGeneratedContentBodySchema,
        response: { 200: UpdateGeneratedContentResponseSchema, ...errors },
      },
    },
    async (request) =>
      generation.setPublished(request.params.id, requireUser(request).id, request.body.published),
  );

  app.delete(
    '/:id',
    {
      config: { access: 'user' },
      schema: {
        tags: ['generation'],
        summary: 'Delete one of your generated results',
        params: GeneratedContentParamsSchema,
        response: { 200: DeleteGeneratedContentResponseSchema, ...errors },
      },
    },
    async (request) => generation.deleteResult(request.params.id, requireUser(request).id),
  );
};

export default generatedContentRoutes;
