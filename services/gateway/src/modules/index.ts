import type { FastifyPluginAsync } from 'fastify';
import adminModule from './admin/index.ts';
import authModule from './auth/index.ts';
import billingModule from './billing/index.ts';
import blogModule from './blog/index.ts';
import cleanupModule from './cleanup/index.ts';
import configModule from './config/index.ts';
import crawlModule from './crawl/index.ts';
import datasourcesModule from './datasources/index.ts';
import favoritesModule from './favorites/index.ts';
import feedsModule from './feeds/index.ts';
import generationModule from './generation/index.ts';
import newsletterModule from './newsletter/index.ts';
import notFoundModule from './not-found/index.ts';
import opmlModule from './opml/index.ts';
import opsModule from './ops/index.ts';
import podcastsModule from './podcasts/index.ts';
import profileModule from './profile/index.ts';
import queuesModule from './queues/index.ts';
import readingModule from './reading/index.ts';
import socialCardsModule from './social-cards/index.ts';
import storiesModule from './stories/index.ts';
import submissionsModule from './submissions/index.ts';
import summariesModule from './summaries/index.ts';
import topicsModule from './topics/index.ts';
import usageModule from './usage/index.ts';
import webPagesModule from './web-pages/index.ts';
import type { GatewayModule } from './module.ts';

/**
 * The gateway's modules, one folder per resource (`<resource>/`: its routes, services, repositories and
 * mappers). Each module's index declares its services (built once at start, in this order: a module
 * may use the services of the modules above it) and registers its routes under their prefixes; each
 * route declares who may call it (`config: { access }`, see ../lib/access.ts). A new endpoint touches
 * its module only; a new module joins this list.
 */
export const MODULES: readonly GatewayModule[] = [
  opsModule,
  usageModule,
  authModule,
  configModule,
  profileModule,
  summariesModule,
  storiesModule,
  blogModule,
  webPagesModule,
  socialCardsModule,
  feedsModule,
  generationModule,
  readingModule,
  adminModule,
  topicsModule,
  datasourcesModule,
  opmlModule,
  submissionsModule,
  favoritesModule,
  newsletterModule,
  billingModule,
  podcastsModule,
  crawlModule,
  cleanupModule,
  queuesModule,
  notFoundModule,
];

/** Every module, in the order above. */
const modules: FastifyPluginAsync = async (app) => {
  for (const module of MODULES) await app.register(module.routes);
};

export default modules;
