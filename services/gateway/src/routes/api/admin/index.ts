import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { errorResponses } from '../../../lib/error-responses.ts';
import adminBlogRoutes from './blog.routes.ts';
import adminCleanupRoutes from './cleanup.routes.ts';
import adminCrawlRoutes from './crawl.routes.ts';
import adminDatasourcesRoutes from './datasources.routes.ts';
import adminDigestRoutes from './digest.routes.ts';
import adminOpmlRoutes from './opml.routes.ts';
import adminPodcastsRoutes from './podcasts.routes.ts';
import adminQueuesRoutes from './queues.routes.ts';
import adminSourceHealthRoutes from './source-health.routes.ts';
import adminStoriesRoutes from './stories.routes.ts';
import adminSubmissionsRoutes from './submissions.routes.ts';
import adminSubscribersRoutes from './subscribers.routes.ts';
import adminTopicsRoutes from './topics.routes.ts';
import adminUsageRoutes from './usage.routes.ts';

const PingSchema = z.object({ ok: z.literal(true), role: z.literal('admin') });

/**
 * /api/admin: admin-only routes (each declares `access: 'admin'`). Every admin feature joins here, in
 * this folder: a new tab's routes touch nothing outside it.
 */
const adminRoutes: FastifyPluginAsyncZod = async (app) => {
  // Topics, sources (and OPML), readers' suggestions, the blog, stories.
  await app.register(adminTopicsRoutes);
  await app.register(adminDatasourcesRoutes);
  await app.register(adminOpmlRoutes);
  await app.register(adminSubmissionsRoutes);
  await app.register(adminBlogRoutes);
  await app.register(adminStoriesRoutes);
  // The digest: preview, send, who is due.
  await app.register(adminDigestRoutes, { prefix: '/digest' });
  // Queues: failed jobs and retries.
  await app.register(adminQueuesRoutes);
  // Content pipeline (issue 3).
  await app.register(adminCrawlRoutes);
  await app.register(adminCleanupRoutes);
  await app.register(adminSourceHealthRoutes);
  // Newsletter deliverability: who is suppressed and why.
  await app.register(adminSubscribersRoutes);
  // Operations: make a podcast now, or again after a failure.
  await app.register(adminPodcastsRoutes);
  // Model usage and cost.
  await app.register(adminUsageRoutes);
  app.get(
    '/ping',
    {
      config: { access: 'admin' },
      schema: {
        tags: ['admin'],
        summary: 'Answers only admins: checks the admin guard end to end',
        response: { 200: PingSchema, ...errorResponses(401, 403) },
      },
    },
    async () => ({ ok: true as const, role: 'admin' as const }),
  );
};

export default adminRoutes;
