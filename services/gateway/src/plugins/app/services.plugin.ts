import path from 'node:path';
import { loadDictionary } from '@app/bilingual';
import { createLlmFromEnv } from '@app/llm';
import type { Logger } from '@app/logger';
import { createStorage } from '@app/storage';
import fp from 'fastify-plugin';
import type { AppDeps } from '../../app.ts';
import { type ChangeChannel, createChangeChannel } from '../../lib/change-channel.ts';
import { createFileCache } from '../../lib/file-cache.ts';
import { createRepositories } from '../../repositories/index.ts';
import { createAdminPodcastsService, ADMIN_PODCASTS_REPOS } from '../../services/admin-podcasts.service.ts';
import { createAdminService, ADMIN_REPOS } from '../../services/admin.service.ts';
import { createAuthService, AUTH_REPOS } from '../../services/auth.service.ts';
import { createBillingDemoService, BILLING_DEMO_REPOS } from '../../services/billing-demo.service.ts';
import {
  createBillingWebhookService,
  BILLING_WEBHOOK_REPOS,
} from '../../services/billing-webhook.service.ts';
import { createBillingService, BILLING_REPOS } from '../../services/billing.service.ts';
import { createBlogService, BLOG_REPOS } from '../../services/blog.service.ts';
import { createCleanupService, CLEANUP_REPOS } from '../../services/cleanup.service.ts';
import { createContentService, CONTENT_REPOS } from '../../services/content.service.ts';
import { type ServiceContext, withRepos } from '../../services/context.ts';
import { createCrawlService, CRAWL_REPOS } from '../../services/crawl.service.ts';
import { createDemoStripe, DEMO_STRIPE_REPOS, type WebhookSender } from '../../services/demo-stripe.ts';
import { createDigestOpsService, DIGEST_OPS_REPOS } from '../../services/digest-ops.service.ts';
import { createFavoritesService, FAVORITES_REPOS } from '../../services/favorites.service.ts';
import { createFeedsService, FEEDS_REPOS } from '../../services/feeds.service.ts';
import { createGenerationService, GENERATION_REPOS } from '../../services/generation.service.ts';
import { createGoogleAuthService, GOOGLE_AUTH_REPOS } from '../../services/google-auth.service.ts';
import { createHealthService, HEALTH_REPOS } from '../../services/health.service.ts';
import { createMailEventsService, MAIL_EVENTS_REPOS } from '../../services/mail-events.service.ts';
import { createNewsletterService, NEWSLETTER_REPOS } from '../../services/newsletter.service.ts';
import { createOpmlService, OPML_REPOS } from '../../services/opml.service.ts';
import { createPasswordsService, PASSWORDS_REPOS } from '../../services/passwords.service.ts';
import { createPodcastFeedService, PODCAST_FEED_REPOS } from '../../services/podcast-feed.service.ts';
import { createPodcastsService, PODCASTS_REPOS } from '../../services/podcasts.service.ts';
import { createProfileService, PROFILE_REPOS } from '../../services/profile.service.ts';
import { createQueryTranslator, type QueryTranslator } from '../../services/query-translation.ts';
import { createReadingService, READING_REPOS } from '../../services/reading.service.ts';
import { createQueuesService, QUEUES_REPOS } from '../../services/queues.service.ts';
import { createSessionsService, SESSIONS_REPOS } from '../../services/sessions.service.ts';
import {
  createSignInWarningsService,
  SIGN_IN_WARNINGS_REPOS,
} from '../../services/sign-in-warnings.service.ts';
import {
  createSocialCardsService,
  DISK_CACHE_BYTES,
  isCardFile,
  SOCIAL_CARDS_REPOS,
} from '../../services/social-cards.service.ts';
import { createStoriesService, STORIES_REPOS } from '../../services/stories.service.ts';
import { createTopicsService, TOPICS_REPOS } from '../../services/topics.service.ts';
import { createUsageService, USAGE_REPOS } from '../../services/usage.service.ts';
import { createPageDocumentsService, PAGE_DOCUMENTS_REPOS } from '../../services/page-documents.service.ts';
import { createWebPagesService, WEB_PAGES_REPOS } from '../../services/web-pages.service.ts';

export type Services = ReturnType<typeof createServices>;

/** Outside systems a service talks to besides the database and the queue. */
type ServiceResources = Pick<AppDeps, 'transport' | 'blogCache' | 'sitemapPageSize'> & {
  storage: ReturnType<typeof createStorage>;
  blogChanges: ChangeChannel;
  /** POST /api/billing/webhook in this process (the demo checkout's Stripe delivers its events there). */
  sendWebhook: WebhookSender;
  /** The provider's translation of search queries (the dictionary answers alone without OPENAI_API_KEY). */
  translator: QueryTranslator;
};

function createServices(ctx: ServiceContext, resources: ServiceResources) {
  const sessions = createSessionsService(withRepos(ctx, SESSIONS_REPOS));
  // Without Stripe keys on a developer's machine: the demo checkout's in-process Stripe (BILLING_DEMO).
  const demoStripe = ctx.config.BILLING_DEMO
    ? createDemoStripe(withRepos(ctx, DEMO_STRIPE_REPOS), resources.sendWebhook)
    : null;
  const billing = createBillingService(withRepos(ctx, BILLING_REPOS), demoStripe?.stripe);
  const usage = createUsageService(withRepos(ctx, USAGE_REPOS));
  const podcastFeed = createPodcastFeedService(withRepos(ctx, PODCAST_FEED_REPOS), resources.storage);
  const content = createContentService(withRepos(ctx, CONTENT_REPOS), {
    translator: resources.translator,
    dictionary: () =>
      loadDictionary({
        cacheDir: path.join(ctx.config.CACHE_DIR, 'dictionary'),
        onEvent: (event) =>
          event.event === 'read' || event.event === 'built'
            ? ctx.logger.info(event, 'bilingual dictionary ready')
            : ctx.logger.warn(event, 'bilingual dictionary: %s', event.event.replaceAll('_', ' ')),
      }),
  });
  const topics = createTopicsService(withRepos(ctx, TOPICS_REPOS));
  const blog = createBlogService(withRepos(ctx, BLOG_REPOS), {
    changes: resources.blogChanges,
    cache: resources.blogCache,
  });
  const stories = createStoriesService(withRepos(ctx, STORIES_REPOS));
  const webPages = createWebPagesService(
    withRepos(ctx, WEB_PAGES_REPOS),
    { stories, content },
    { sitemapPageSize: resources.sitemapPageSize },
  );
  return {
    usage,
    health: createHealthService(withRepos(ctx, HEALTH_REPOS), resources.transport),
    sessions,
    auth: createAuthService(withRepos(ctx, AUTH_REPOS), sessions),
    google: createGoogleAuthService(withRepos(ctx, GOOGLE_AUTH_REPOS), sessions),
    passwords: createPasswordsService(withRepos(ctx, PASSWORDS_REPOS), sessions),
    signInWarnings: createSignInWarningsService(withRepos(ctx, SIGN_IN_WARNINGS_REPOS)),
    profile: createProfileService(withRepos(ctx, PROFILE_REPOS), usage),
    content,
    reading: createReadingService(withRepos(ctx, READING_REPOS), content),
    stories,
    topics,
    favorites: createFavoritesService(withRepos(ctx, FAVORITES_REPOS)),
    feeds: createFeedsService(withRepos(ctx, FEEDS_REPOS)),
    generation: createGenerationService(withRepos(ctx, GENERATION_REPOS), usage),
    podcasts: createPodcastsService(withRepos(ctx, PODCASTS_REPOS), resources.storage, podcastFeed),
    podcastFeed,
    newsletter: createNewsletterService(withRepos(ctx, NEWSLETTER_REPOS)),
    digestOps: createDigestOpsService(withRepos(ctx, DIGEST_OPS_REPOS)),
    admin: createAdminService(withRepos(ctx, ADMIN_REPOS)),
    opml: createOpmlService(withRepos(ctx, OPML_REPOS)),
    adminPodcasts: createAdminPodcastsService(withRepos(ctx, ADMIN_PODCASTS_REPOS)),
    crawl: createCrawlService(withRepos(ctx, CRAWL_REPOS)),
    cleanup: createCleanupService(withRepos(ctx, CLEANUP_REPOS)),
    queues: createQueuesService(withRepos(ctx, QUEUES_REPOS)),
    blog,
    billing,
    billingWebhook: createBillingWebhookService(withRepos(ctx, BILLING_WEBHOOK_REPOS), billing.stripe),
    billingDemo: createBillingDemoService(withRepos(ctx, BILLING_DEMO_REPOS), demoStripe),
    mailEvents: createMailEventsService(withRepos(ctx, MAIL_EVENTS_REPOS)),
    webPages,
    pageDocuments: createPageDocumentsService(withRepos(ctx, PAGE_DOCUMENTS_REPOS), {
      webPages,
      content,
      blog,
    }),
    socialCards: createSocialCardsService(
      withRepos(ctx, SOCIAL_CARDS_REPOS),
      { webPages },
      createFileCache({
        dir: path.join(ctx.config.CACHE_DIR, 'social-cards'),
        maxBytes: DISK_CACHE_BYTES,
        valid: isCardFile,
        onError: (error, action) => ctx.logger.warn({ err: error, action }, 'social card cache on disk'),
      }),
    ),
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
    // A search waits for the model briefly, once: the SDK gives up a little later (a late answer is still
    // cached for the next search) and never retries. Every call is recorded in ai_usage.
    const llm = createLlmFromEnv(app.config, {
      timeoutMs: app.config.SEARCH_TRANSLATION_TIMEOUT_MS * 4,
      maxRetries: 0,
    }).withUsage(ctx.repos.usage.recorder(app.config.AI_PRICES, ctx.logger).record);
    const translator = createQueryTranslator({
      llm,
      logger: ctx.logger,
      clock: ctx.clock,
      timeoutMs: app.config.SEARCH_TRANSLATION_TIMEOUT_MS,
      perMinute: app.config.SEARCH_TRANSLATIONS_PER_MINUTE,
    });
    app.decorate(
      'services',
      createServices(ctx, {
        transport: deps.transport,
        blogCache: deps.blogCache,
        sitemapPageSize: deps.sitemapPageSize,
        storage,
        blogChanges,
        sendWebhook,
        translator,
      }),
    );
  },
  { name: 'services', dependencies: ['cookie-jwt', 'rate-limit'] },
);
