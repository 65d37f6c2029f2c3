import {
  AdminBlogListResponseSchema,
  AdminBlogPostBodySchema,
  AdminBlogPostPatchSchema,
  AdminBlogPostSchema,
  AdminIdParamsSchema,
} from '@app/contracts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { errorResponses } from '../../lib/error-responses.ts';

/** /api/admin/blog/posts: every post (drafts too); create and update (markdown or HTML, sanitised). */
const adminBlogRoutes: FastifyPluginAsyncZod = async (app) => {
  const tags = ['admin'];

  app.get(
    '/blog/posts',
    {
      config: { access: 'admin' },
      schema: {
        tags,
        summary: 'All blog posts, any status, latest edit first',
        response: { 200: AdminBlogListResponseSchema, ...errorResponses(401, 403) },
      },
    },
    async () => ({ data: await app.services.blog.listAll() }),
  );

  app.post(
    '/blog/posts',
    {
      config: { access: 'admin' },
      schema: {
        tags,
        summary: 'Creates a post; markdown is rendered with marked, HTML is sanitised',
        body: AdminBlogPostBodySchema,
        response: { 201: AdminBlogPostSchema, ...errorResponses(400, 401, 403, 409) },
      },
    },
    async (request, reply) => reply.code(201).send(await app.services.blog.create(request.body)),
  );

  app.patch(
    '/blog/posts/:id',
    {
      config: { access: 'admin' },
      schema: {
        tags,
        summary: 'Updates a post; publishing stamps published_at the first time',
        params: AdminIdParamsSchema,
        body: AdminBlogPostPatchSchema,
        response: { 200: AdminBlogPostSchema, ...errorResponses(400, 401, 403, 404, 409) },
      },
    },
    async (request) => app.services.blog.update(request.params.id, request.body),
  );
};

export default adminBlogRoutes;
