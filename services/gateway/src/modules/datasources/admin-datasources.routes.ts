import {
  DeletedResponseSchema,
  AdminDatasourceBodySchema,
  AdminDatasourceListQuerySchema,
  AdminDatasourceListResponseSchema,
  AdminDatasourcePatchSchema,
  AdminDatasourceSchema,
  AdminIdParamsSchema,
  BatchStatusResponseSchema,
  DatasourceBatchStatusBodySchema,
} from '@app/contracts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { errorResponses } from '../../lib/error-responses.ts';

/** /api/admin/datasources: every source with topic, status and post count; CRUD; batch activate/pause. */
const adminDatasourcesRoutes: FastifyPluginAsyncZod = async (app) => {
  const tags = ['admin'];

  app.get(
    '/datasources',
    {
      config: { access: 'admin' },
      schema: {
        tags,
        summary: 'All datasources (search, topic, platform, language, status filters)',
        querystring: AdminDatasourceListQuerySchema,
        response: { 200: AdminDatasourceListResponseSchema, ...errorResponses(400, 401, 403) },
      },
    },
    async (request) => ({ data: await app.services.adminDatasources.listDatasources(request.query) }),
  );

  app.post(
    '/datasources',
    {
      config: { access: 'admin' },
      schema: {
        tags,
        summary: "Creates a datasource (config: JSON object or text, default: the platform's default config)",
        body: AdminDatasourceBodySchema,
        response: { 201: AdminDatasourceSchema, ...errorResponses(400, 401, 403, 409) },
      },
    },
    async (request, reply) =>
      reply.code(201).send(await app.services.adminDatasources.createDatasource(request.body)),
  );

  app.patch(
    '/datasources/:id',
    {
      config: { access: 'admin' },
      schema: {
        tags,
        summary: 'Updates a datasource',
        params: AdminIdParamsSchema,
        body: AdminDatasourcePatchSchema,
        response: { 200: AdminDatasourceSchema, ...errorResponses(400, 401, 403, 404, 409) },
      },
    },
    async (request) => app.services.adminDatasources.updateDatasource(request.params.id, request.body),
  );

  app.delete(
    '/datasources/:id',
    {
      config: { access: 'admin' },
      schema: {
        tags,
        summary: 'Deletes a datasource (its posts and summaries go with it)',
        params: AdminIdParamsSchema,
        response: { 200: DeletedResponseSchema, ...errorResponses(400, 401, 403, 404) },
      },
    },
    async (request) => {
      await app.services.adminDatasources.deleteDatasource(request.params.id);
      return { success: true as const };
    },
  );

  app.post(
    '/datasources/batch-status',
    {
      config: { access: 'admin' },
      schema: {
        tags,
        summary: "Activates or pauses a selection of datasources ('请选择数据源' when empty)",
        body: DatasourceBatchStatusBodySchema,
        response: { 200: BatchStatusResponseSchema, ...errorResponses(400, 401, 403) },
      },
    },
    async (request) => ({
      updated: await app.services.adminDatasources.setDatasourcesActive(
        request.body.ids,
        request.body.is_active,
      ),
    }),
  );
};

export default adminDatasourcesRoutes;
