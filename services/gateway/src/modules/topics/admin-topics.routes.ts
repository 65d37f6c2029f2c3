import {
  DeletedResponseSchema,
  AdminIdParamsSchema,
  AdminTopicBodySchema,
  AdminTopicListQuerySchema,
  AdminTopicListResponseSchema,
  AdminTopicPatchSchema,
  AdminTopicSchema,
  BatchStatusResponseSchema,
  TopicBatchStatusBodySchema,
} from '@app/contracts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { errorResponses } from '../../lib/error-responses.ts';

/** /api/admin/topics: every topic with its datasource and post counts, CRUD, batch activate/pause. */
const adminTopicsRoutes: FastifyPluginAsyncZod = async (app) => {
  const tags = ['admin'];

  app.get(
    '/topics',
    {
      config: { access: 'admin' },
      schema: {
        tags,
        summary: 'All topics (search, status filter) with datasource_count and post_count',
        querystring: AdminTopicListQuerySchema,
        response: { 200: AdminTopicListResponseSchema, ...errorResponses(400, 401, 403) },
      },
    },
    async (request) => ({ data: await app.services.adminTopics.listTopics(request.query) }),
  );

  app.post(
    '/topics',
    {
      config: { access: 'admin' },
      schema: {
        tags,
        summary: 'Creates a topic (name and description required; keywords comma-separated or a list)',
        body: AdminTopicBodySchema,
        response: { 201: AdminTopicSchema, ...errorResponses(400, 401, 403) },
      },
    },
    async (request, reply) => reply.code(201).send(await app.services.adminTopics.createTopic(request.body)),
  );

  app.patch(
    '/topics/:id',
    {
      config: { access: 'admin' },
      schema: {
        tags,
        summary: 'Updates name, description, keywords or is_active',
        params: AdminIdParamsSchema,
        body: AdminTopicPatchSchema,
        response: { 200: AdminTopicSchema, ...errorResponses(400, 401, 403, 404) },
      },
    },
    async (request) => app.services.adminTopics.updateTopic(request.params.id, request.body),
  );

  app.delete(
    '/topics/:id',
    {
      config: { access: 'admin' },
      schema: {
        tags,
        summary: 'Deletes a topic that has no datasources (409 otherwise)',
        params: AdminIdParamsSchema,
        response: { 200: DeletedResponseSchema, ...errorResponses(400, 401, 403, 404, 409) },
      },
    },
    async (request) => {
      await app.services.adminTopics.deleteTopic(request.params.id);
      return { success: true as const };
    },
  );

  app.post(
    '/topics/batch-status',
    {
      config: { access: 'admin' },
      schema: {
        tags,
        summary: "Activates or pauses a selection of topics ('请选择主题' when empty)",
        body: TopicBatchStatusBodySchema,
        response: { 200: BatchStatusResponseSchema, ...errorResponses(400, 401, 403) },
      },
    },
    async (request) => ({
      updated: await app.services.adminTopics.setTopicsActive(request.body.ids, request.body.is_active),
    }),
  );
};

export default adminTopicsRoutes;
