import {
  BlogIdParamsSchema,
  BlogListQuerySchema,
  BlogListResponseSchema,
  BlogPostQuerySchema,
  BlogPostResponseSchema,
  BlogSlugParamsSchema,
  BlogViewResponseSchema,
} from '@app/contracts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { errorResponses } from '../../lib/error-responses.ts';

/** /api/blog: published posts by language, one post with related posts, the view counter. */
const blogRoutes: FastifyPluginAsyncZod = async (app) => {
  const tags = ['blog'];

  app.get(
    '/posts',
    {
      config: { access: 'public' },
      schema: {
        tags,
        summary:
          'Published posts in a language, 20 a page (keyset: cursor = next_cursor): category filter, sort, search over title, excerpt and tags',
        querystring: BlogListQuerySchema,
        response: { 200: BlogListResponseSchema, ...errorResponses(400) },
      },
    },
    async (request) => app.services.blog.list(request.query),
  );

  app.get(
    '/posts/:slug',
    {
      config: { access: 'public' },
      schema: {
        tags,
        summary: 'One published post by slug and language, with up to 3 related posts',
        params: BlogSlugParamsSchema,
        querystring: BlogPostQuerySchema,
        response: { 200: BlogPostResponseSchema, ...errorResponses(400, 404) },
      },
    },
    async (request) => app.services.blog.get(request.params.slug, request.query.language),
  );

  app.post(
    '/posts/:id/view',
    {
      config: { access: 'public' },
      schema: {
        tags,
        summary: 'Counts one view (atomic increment); returns the new count',
        params: BlogIdParamsSchema,
        response: { 200: BlogViewResponseSchema, ...errorResponses(400, 404) },
      },
    },
    async (request) => app.services.blog.view(request.params.id),
  );
};

export default blogRoutes;
