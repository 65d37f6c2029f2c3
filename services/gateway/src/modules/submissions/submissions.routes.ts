import { SourceSubmissionBodySchema, SuccessMessageSchema } from '@app/contracts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { errorResponses } from '../../lib/error-responses.ts';
import { requireUser } from '../../plugins/app/guards.ts';

/** /api/source-submissions: a signed-in user's source suggestion (reviewed by admins). */
const sourceSubmissionsRoutes: FastifyPluginAsyncZod = async (app) => {
  app.post(
    '',
    {
      config: { access: 'user' },
      schema: {
        tags: ['sources'],
        summary: 'Suggest a source (once per URL per user)',
        body: SourceSubmissionBodySchema,
        response: { 200: SuccessMessageSchema, ...errorResponses(400, 401, 409, 429) },
      },
      // SOURCE_SUBMISSIONS_PER_HOUR per user, counted after validation.
      preHandler: app.limits.sourceSubmission,
    },
    async (request) => app.services.content.submitSource(requireUser(request).id, request.body),
  );
};

export default sourceSubmissionsRoutes;
