import type { FastifyPluginAsync } from 'fastify';
import adminBlogRoutes from './admin-blog.routes.ts';
import blogRoutes from './blog.routes.ts';

/** The blog: public posts, and the admin's editor. */
const blogModule: FastifyPluginAsync = async (app) => {
  await app.register(blogRoutes, { prefix: '/api/blog' });
  await app.register(adminBlogRoutes, { prefix: '/api/admin' });
};

export default blogModule;
