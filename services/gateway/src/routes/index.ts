import type { FastifyPluginAsync } from 'fastify';
import adminRoutes from './api/admin/index.ts';
import authRoutes from './api/auth/index.ts';
import configRoutes from './api/config/index.ts';
import meRoutes from './api/me/index.ts';
import proRoutes from './api/pro/index.ts';
import datasourcesRoutes from './api/datasources/index.ts';
import favoritesRoutes from './api/favorites/index.ts';
import sourceSubmissionsRoutes from './api/source-submissions/index.ts';
import summariesRoutes from './api/summaries/index.ts';
import storiesRoutes from './api/stories/index.ts';
import topicsRoutes from './api/topics/index.ts';
import youtubeRoutes from './api/youtube/index.ts';
import newsletterRoutes from './api/newsletter/index.ts';
import billingRoutes from './api/billing/index.ts';
import blogRoutes from './api/blog/index.ts';
import generatedContentRoutes from './api/generated-content/index.ts';
import generateRoutes from './api/generate/index.ts';
import generationTasksRoutes from './api/generation-tasks/index.ts';
import apiNotFoundRoutes from './api/not-found/index.ts';
import feedsRoutes from './feeds/index.ts';
import opsRoutes from './ops/index.ts';
import webRoutes from './web/index.ts';
import podcastsRoutes from './api/podcasts/index.ts';
import socialCardsRoutes from './api/social-cards/index.ts';

/** Every route folder, with its prefix. Each route declares who may call it (see ./access.ts). */
const routes: FastifyPluginAsync = async (app) => {
  await app.register(opsRoutes);
  // robots.txt and the sitemaps, for the web app's public pages.
  await app.register(webRoutes);
  // Feeds out (RSS, Atom, JSON Feed): outside /api, each route sets its own caching.
  await app.register(feedsRoutes, { prefix: '/feeds' });
  // Social content generation (issue 5).
  await app.register(generationTasksRoutes, { prefix: '/api/generation-tasks' });
  await app.register(generatedContentRoutes, { prefix: '/api/generated-content' });
  await app.register(generateRoutes, { prefix: '/api/generate' });
  await app.register(authRoutes, { prefix: '/api/auth' });
  await app.register(configRoutes, { prefix: '/api/config' });
  await app.register(meRoutes, { prefix: '/api/me' });
  await app.register(proRoutes, { prefix: '/api/pro' });
  await app.register(adminRoutes, { prefix: '/api/admin' });
  // Reading experience (issue 4).
  await app.register(topicsRoutes, { prefix: '/api/topics' });
  await app.register(datasourcesRoutes);
  await app.register(summariesRoutes, { prefix: '/api/summaries' });
  // Stories: summaries of one event.
  await app.register(storiesRoutes, { prefix: '/api/stories' });
  await app.register(favoritesRoutes, { prefix: '/api/favorites' });
  await app.register(sourceSubmissionsRoutes, { prefix: '/api/source-submissions' });
  await app.register(youtubeRoutes, { prefix: '/api/youtube' });
  // Newsletter (issue 7).
  await app.register(newsletterRoutes, { prefix: '/api/newsletter' });
  // The blog (its admin side is under /api/admin).
  await app.register(blogRoutes, { prefix: '/api/blog' });
  // Billing (issue 8).
  await app.register(billingRoutes, { prefix: '/api/billing' });
  // Daily podcast (issue 6).
  await app.register(podcastsRoutes, { prefix: '/api/podcasts' });
  // Link-preview pictures of the public pages.
  await app.register(socialCardsRoutes, { prefix: '/api/social-cards' });
  // Any other /api path: the JSON 404 (the web app's fallback never answers under /api).
  await app.register(apiNotFoundRoutes, { prefix: '/api' });
};

export default routes;
