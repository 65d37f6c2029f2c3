import {
  AdminIdParamsSchema,
  AdminSubmissionListQuerySchema,
  AdminSubmissionListResponseSchema,
  AdminSubmissionSchema,
  ApproveSubmissionBodySchema,
  ApproveSubmissionResponseSchema,
  RejectSubmissionBodySchema,
} from '@app/contracts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { errorResponses } from '../../lib/error-responses.ts';
import { requireUser } from '../../plugins/app/guards.ts';

/** /api/admin/submissions: users' source suggestions; approving creates the datasource. */
const adminSubmissionsRoutes: FastifyPluginAsyncZod = async (app) => {
  const tags = ['admin'];

  app.get(
    '/submissions',
    {
      config: { access: 'admin' },
      schema: {
        tags,
        summary:
          'Source submissions by status (default pending), newest first, one page (page, limit) and the total',
        querystring: AdminSubmissionListQuerySchema,
        response: { 200: AdminSubmissionListResponseSchema, ...errorResponses(400, 401, 403) },
      },
    },
    async (request) => app.services.adminSubmissions.listSubmissions(request.query),
  );

  app.post(
    '/submissions/:id/approve',
    {
      config: { access: 'admin' },
      schema: {
        tags,
        summary: 'Approves a pending submission and creates its datasource (topic/platform/name may be set)',
        params: AdminIdParamsSchema,
        body: ApproveSubmissionBodySchema,
        response: { 200: ApproveSubmissionResponseSchema, ...errorResponses(400, 401, 403, 404, 409) },
      },
    },
    async (request) =>
      app.services.adminSubmissions.approveSubmission(
        request.params.id,
        requireUser(request).id,
        request.body,
      ),
  );

  app.post(
    '/submissions/:id/reject',
    {
      config: { access: 'admin' },
      schema: {
        tags,
        summary: 'Rejects a pending submission',
        params: AdminIdParamsSchema,
        body: RejectSubmissionBodySchema,
        response: { 200: AdminSubmissionSchema, ...errorResponses(400, 401, 403, 404, 409) },
      },
    },
    async (request) =>
      app.services.adminSubmissions.rejectSubmission(
        request.params.id,
        requireUser(request).id,
        request.body.note ?? null,
      ),
  );
};

export default adminSubmissionsRoutes;
