import {
  CreateGenerationTaskBodySchema,
  CreateGenerationTaskResponseSchema,
  GenerationHistoryQuerySchema,
  GenerationHistoryResponseSchema,
  GenerationTaskActionResponseSchema,
  GenerationTaskParamsSchema,
  GenerationTaskStatusSchema,
} from '@app/contracts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { errorResponses } from '../../lib/error-responses.ts';
import { requireUser } from '../../plugins/app/guards.ts';

/**
 * /api/generation-tasks: the content-generation queue (spec §7 content-generation-queue and -status).
 * Create, history and retry need Pro; the 2-second status poll and cancel only need the owner.
 */
const generationTasksRoutes: FastifyPluginAsyncZod = async (app) => {
  const generation = app.services.generation;
  const errors = errorResponses(400, 401, 403, 404, 409);
  const creates = errorResponses(400, 401, 403, 404, 409, 429);
  // Creating work (a new task, or a retry that queues one again) counts towards the user's per-minute
  // limit; the cap on waiting tasks is checked where the row is written (generation-tasks.repository.ts).
  const countCreation = app.limits.generationCreate;

  app.post(
    '/',
    {
      config: { access: 'pro' },
      schema: {
        tags: ['generation'],
        summary: 'Queue content generation from a summary for the chosen platforms (Pro)',
        body: CreateGenerationTaskBodySchema,
        response: { 200: CreateGenerationTaskResponseSchema, ...creates },
      },
      preHandler: countCreation,
    },
    async (request) => {
      const body = request.body;
      return generation.create({
        userId: requireUser(request).id,
        summaryId: body.summary_id,
        style: body.style,
        targetPlatforms: body.target_platforms,
        userInput: body.user_input,
        language: body.user_language,
        requestId: request.id,
      });
    },
  );

  app.get(
    '/',
    {
      config: { access: 'pro' },
      schema: {
        tags: ['generation'],
        summary: "The caller's generation tasks, a page at a time, with what each used (Pro)",
        querystring: GenerationHistoryQuerySchema,
        response: { 200: GenerationHistoryResponseSchema, ...errors },
      },
    },
    async (request) => generation.history(requireUser(request).id, request.query),
  );

  app.get(
    '/:taskId',
    {
      // The status poll and cancel only need the task's owner (404 for others).
      config: { access: 'user' },
      schema: {
        tags: ['generation'],
        summary: "One of the caller's generation tasks: its status, progress and results (polled)",
        params: GenerationTaskParamsSchema,
        response: { 200: GenerationTaskStatusSchema, ...errors },
      },
    },
    async (request) => generation.status(request.params.taskId, requireUser(request).id),
  );

  app.post(
    '/:taskId/retry',
    {
      config: { access: 'pro' },
      schema: {
        tags: ['generation'],
        summary: 'Queue a failed or cancelled task of the caller again (Pro)',
        params: GenerationTaskParamsSchema,
        response: { 200: GenerationTaskActionResponseSchema, ...creates },
      },
      preHandler: countCreation,
    },
    async (request) => generation.retry(request.params.taskId, requireUser(request).id, request.id),
  );

  app.post(
    '/:taskId/cancel',
    {
      // The status poll and cancel only need the task's owner (404 for others).
      config: { access: 'user' },
      schema: {
        tags: ['generation'],
        summary: "Cancel one of the caller's waiting or running tasks",
        params: GenerationTaskParamsSchema,
        response: { 200: GenerationTaskActionResponseSchema, ...errors },
      },
    },
    async (request) => generation.cancel(request.params.taskId, requireUser(request).id),
  );
};

export default generationTasksRoutes;
