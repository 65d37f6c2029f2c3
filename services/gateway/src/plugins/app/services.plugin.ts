import type { Logger } from '@app/logger';
import { createStorage } from '@app/storage';
import fp from 'fastify-plugin';
import type { AppDeps } from '../../app.ts';
import { type ChangeChannel, createChangeChannel } from '../../lib/change-channel.ts';
import { createRepositories } from '../../repositories/index.ts';
import { createAdminPodcastsService } from '../../services/admin-podcasts.service.ts';
import { createAdminService } from '../../services/admin.service.ts';
import { createAuthService } from '../../services/auth.service.ts';
import { createBillingDemoService } from '../../services/billing-demo.service.ts';
import { createBillingWebhookService } from '../../services/billing-webhook.service.ts';
import { createBillingService } from '../../services/billing.service.ts';
import { createBlogService } from '../../services/blog.service.ts';
import { createCleanupService } from '../../services/cleanup.service.ts';
import { createContentService } from '../../services/content.service.ts';
import type { ServiceContext } from '../../services/context.ts';
import { createCrawlService } from '../../services/crawl.service.ts';
import { createDemoStripe, type WebhookSender } from '../../services/demo-stripe.ts';
import { createDigestOpsService } from '../../services/digest-ops.service.ts';
import { createFavoritesService } from '../../services/favorites.service.ts';
import { createFeedsService } from '../../services/feeds.service.ts';
import { createGenerationService } from '../../services/generation.service.ts';
import { createGoogleAuthService } from '../../services/google-auth.service.ts';
import { createHealthService } from '../../services/health.service.ts';
import { createMailEventsService } from '../../services/mail-events.service.ts';
import { createNewsletterService } from '../../services/newsletter.service.ts';
import { createOpmlService } from '../../services/opml.service.ts';
import { createPasswordsService } from '../../services/passwords.service.ts';
import { createPodcastFeedService } from '../../services/podcast-feed.service.ts';
import { createPodcastsService } from '../../services/podcasts.service.ts';
import { createProfileService } from '../../services/profile.service.ts';
import { createQueuesService } from '../../services/queues.service.ts';
import { createSessionsService } from '../../services/sessions.service.ts';
import { createSignInWarningsService } from '../../services/sign-in-warnings.service.ts';
import { createStoriesService } from '../../services/stories.service.ts';
import { createTopicsService } from '../../services/topics.service.ts';
import { createUsageService } from '../../services/usage.service.ts';
import { createWebPagesService } from '../../services/web-pages.service.ts';

export type Services = ReturnType<typeof createServices>;

/** Outside systems a service talks to besides the database and the queue. */
type ServiceResources = Pick<AppDeps, 'transport' | 'blogCache' | 'sitemapPageSize'> & {
  storage: ReturnType<typeof createStorage>;
  blogChanges: ChangeChannel;
  /** POST /api/billing/webhook in this process (the demo checkout's Stripe delivers its events there). */
  sendWebhook: WebhookSender;
};

function createServices(ctx: ServiceContext, resources: ServiceResources) {
  const sessions = createSessionsService(ctx);
  // Without Stripe keys on a developer's machine: the demo checkout's in-process Stripe (BILLING_DEMO).
  const demoStripe = ctx.config.BILLING_DEMO ? createDemoStripe(ctx, resources.sendWebhook) : null;
  const billing = createBillingService(ctx, demoStripe?.stripe);
  const usage = createUsageService(ctx);
  const podcastFeed = createPodcastFeedService(ctx, resources.storage);
  return {
    usage,
    health: createHealthService(ctx, resources.transport),
    sessions,
    auth: createAuthService(ctx, sessions),
    google: createGoogleAuthService(ctx, sessions),
    passwords: createPasswordsService(ctx, sessions),
    signInWarnings: createSignInWarningsService(ctx),
    profile: createProfileService(ctx, usage),
    content: createContentService(ctx),
    stories: createStoriesService(ctx),
    topics: createTopicsService(ctx),
    favorites: createFavoritesService(ctx),
    feeds: createFeedsService(ctx),
    generation: createGenerationService(ctx, usage),
    podcasts: createPodcastsService(ctx, resources.storage, podcastFeed),
    podcastFeed,
    newsletter: createNewsletterService(ctx),
    digestOps: createDigestOpsService(ctx),
    admin: createAdminService(ctx),
    opml: createOpmlService(ctx),
    adminPodcasts: createAdminPodcastsService(ctx),
    crawl: createCrawlService(ctx),
    cleanup: createCleanupService(ctx),
    queues: createQueuesService(ctx),
    blog: createBlogService(ctx, { changes: resources.blogChanges, cache: resources.blogCache }),
    billing,
    billingWebhook: createBillingWebhookService(ctx, billing.stripe),
    billingDemo: createBillingDemoService(ctx, demoStripe),
    mailEvents: createMailEventsService(ctx),
    webPages: createWebPagesService(ctx, { sitemapPageSize: resources.sitemapPageSize }),
  };
}

/**
 * The domain services, each built once and decorated for every route. Repositories, the queue producer
 * and object storage are handed to the services only: a route reaches them through a service.
 */
export default fp<{ deps: AppDeps }>(
  async (app, { deps }) => {
    const ctx: ServiceContext = {
      config: app.config,
      repos: createRepositories(deps.prisma),
      producer: deps.producer,
      logger: deps.logger satisfies Logger,
      clock: deps.clock ?? (() => new Date()),
      tokens: {
        sign: (payload, options) => app.jwt.sign(payload, options),
        verify: (token) => app.jwt.verify(token),
      },
    };
    // Where the podcast service stores the MP3s: STORAGE_DIR, or the S3 bucket (ranged GetObject).
    const storage = createStorage(app.config);
    app.addHook('onClose', () => storage.close());
    // Blog edits clear every gateway process's cached public answers; on the limits' Redis, under their prefix.
    const blogChanges = createChangeChannel(
      app.rateLimitRedis,
      `${app.config.RATE_LIMIT_KEY_PREFIX}blog-changed`,
      ctx.logger,
    );
    app.addHook('onClose', () => blogChanges.close());
    // Start serving once other processes' edits are heard: the first subscription clears the cache.
    app.addHook('onReady', () => blogChanges.listening());
    const sendWebhook: WebhookSender = async (payload, signature) =>
      (
        await app.inject({
          method: 'POST',
          url: '/api/billing/webhook',
          headers: { 'content-type': 'application/json', 'stripe-signature': signature },
          payload,
        })
      ).statusCode;
    app.decorate(
      'services',
      createServices(ctx, {
        transport: deps.transport,
        blogCache: deps.blogCache,
        sitemapPageSize: deps.sitemapPageSize,
        storage,
        blogChanges,
        sendWebhook,
      }),
    );
  },
  { name: 'services', dependencies: ['cookie-jwt', 'rate-limit'] },
);
