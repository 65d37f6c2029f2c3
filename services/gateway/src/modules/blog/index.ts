import { withRepos } from '../context.ts';
import type { GatewayModule } from '../module.ts';
import { BLOG_REPOS, type BlogService, createBlogService } from './blog.service.ts';
import adminBlogRoutes from './admin-blog.routes.ts';
import blogRoutes from './blog.routes.ts';

declare module '../module.ts' {
  interface Services {
    blog: BlogService;
  }
}

/** The blog: public posts, and the admin's editor. */
const blogModule: GatewayModule = {
  name: 'blog',
  services: (ctx, { resources }) => ({
    blog: createBlogService(withRepos(ctx, BLOG_REPOS), {
      changes: resources.blogChanges,
      cache: resources.blogCache,
    }),
  }),
  routes: async (app) => {
    await app.register(blogRoutes, { prefix: '/api/blog' });
    await app.register(adminBlogRoutes, { prefix: '/api/admin' });
  },
};

export default blogModule;
