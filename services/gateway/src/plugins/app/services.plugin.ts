import path from 'node:path';
import { loadDictionary } from '@app/bilingual';
import { createLlmFromEnv } from '@app/llm';
import type { Logger } from '@app/logger';
import { createStorage } from '@app/storage';
import fp from 'fastify-plugin';
import type { AppDeps } from '../../app.ts';
import { type ChangeChannel, createChangeChannel } from '../../lib/change-channel.ts';
import { createFileCache } from '../../lib/file-cache.ts';
import { createRepositories } from '../../modules/repositories.ts';
import {
  createAdminPodcastsService,
  ADMIN_PODCASTS_REPOS,
} from '../../modules/podcasts/admin-podcasts.service.ts';
import { createAuthService, AUTH_REPOS } from '../../modules/auth/auth.service.ts';
import { createBillingDemoService, BILLING_DEMO_REPOS } from '../../modules/billing/billing-demo.service.ts';
import {
  createBillingWebhookService,
  BILLING_WEBHOOK_REPOS,
} from '../../modules/billing/billing-webhook.service.ts';
import { createBillingService, BILLING_REPOS } from '../../modules/billing/billing.service.ts';
import { createBlogService, BLOG_REPOS } from '../../modules/blog/blog.service.ts';
import { createCleanupService, CLEANUP_REPOS } from '../../modules/cleanup/cleanup.service.ts';
import { createContentService, CONTENT_REPOS } from '../../modules/summaries/content.service.ts';
import { type ServiceContext, withRepos } from '../../modules/context.ts';
import {
  ADMIN_DATASOURCES_REPOS,
  createAdminDatasourcesService,
} from '../../modules/datasources/admin-datasources.service.ts';
import {
  ADMIN_SUBMISSIONS_REPOS,
  createAdminSubmissionsService,
} from '../../modules/submissions/admin-submissions.service.ts';
import { ADMIN_TOPICS_REPOS, createAdminTopicsService } from '../../modules/topics/admin-topics.service.ts';
import { createCrawlService, CRAWL_REPOS } from '../../modules/crawl/crawl.service.ts';
import {
  createDemoStripe,
  DEMO_STRIPE_REPOS,
  type WebhookSender,
} from '../../modules/billing/demo-stripe.ts';
import { createDigestOpsService, DIGEST_OPS_REPOS } from '../../modules/newsletter/digest-ops.service.ts';
import { createFavoritesService, FAVORITES_REPOS } from '../../modules/favorites/favorites.service.ts';
import { createFeedsService, FEEDS_REPOS } from '../../modules/feeds/feeds.service.ts';
import { createGenerationService, GENERATION_REPOS } from '../../modules/generation/generation.service.ts';
import { createGoogleAuthService, GOOGLE_AUTH_REPOS } from '../../modules/auth/google-auth.service.ts';
import { createHealthService, HEALTH_REPOS } from '../../modules/ops/health.service.ts';
import { createMailEventsService, MAIL_EVENTS_REPOS } from '../../modules/newsletter/mail-events.service.ts';
import { createNewsletterService, NEWSLETTER_REPOS } from '../../modules/newsletter/newsletter.service.ts';
import { createOpmlService, OPML_REPOS } from '../../modules/opml/opml.service.ts';
import { createPasswordsService, PASSWORDS_REPOS } from '../../modules/auth/passwords.service.ts';
import { createPodcastFeedService, PODCAST_FEED_REPOS } from '../../modules/podcasts/podcast-feed.service.ts';
import { createPodcastsService, PODCASTS_REPOS } from '../../modules/podcasts/podcasts.service.ts';
import { createProfileService, PROFILE_REPOS } from '../../modules/profile/profile.service.ts';
import { createQueryTranslator, type QueryTranslator } from '../../modules/summaries/query-translation.ts';
import { createReadingService, READING_REPOS } from '../../modules/reading/reading.service.ts';
import { createQueuesService, QUEUES_REPOS } from '../../modules/queues/queues.service.ts';
import { createSessionsService, SESSIONS_REPOS } from '../../modules/auth/sessions.service.ts';
import {
  createSignInWarningsService,
  SIGN_IN_WARNINGS_REPOS,
} from '../../modules/auth/sign-in-warnings.service.ts';
import {
  createSocialCardsService,
  DISK_CACHE_BYTES,
  isCardFile,
  SOCIAL_CARDS_REPOS,
} from '../../modules/social-cards/social-cards.service.ts';
import { createStoriesService, STORIES_REPOS } from '../../modules/stories/stories.service.ts';
import { createTopicsService, TOPICS_REPOS } from '../../modules/topics/topics.service.ts';
import { createUsageService, USAGE_REPOS } from '../../modules/usage/usage.service.ts';
import {
  createPageDocumentsService,
  PAGE_DOCUMENTS_REPOS,
} from '../../modules/web-pages/page-documents.service.ts';
import { createWebPagesService, WEB_PAGES_REPOS } from '../../modules/web-pages/web-pages.service.ts';

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
    adminTopics: createAdminTopicsService(withRepos(ctx, ADMIN_TOPICS_REPOS)),
    adminDatasources: createAdminDatasourcesService(withRepos(ctx, ADMIN_DATASOURCES_REPOS)),
    adminSubmissions: createAdminSubmissionsService(withRepos(ctx, ADMIN_SUBMISSIONS_REPOS)),
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
