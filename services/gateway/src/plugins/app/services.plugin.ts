import { createLlmFromEnv } from '@app/llm';
import type { Logger } from '@app/logger';
import { createStorage } from '@app/storage';
import fp from 'fastify-plugin';
import type { AppDeps } from '../../app.ts';
import { createChangeChannel } from '../../lib/change-channel.ts';
import { createRepositories } from '../../modules/repositories.ts';
import type { WebhookSender } from '../../modules/billing/demo-stripe.ts';
import type { ServiceContext } from '../../modules/context.ts';
import { MODULES } from '../../modules/index.ts';
import { buildServices } from '../../modules/module.ts';
import { createQueryTranslator } from '../../modules/summaries/query-translation.ts';

export type { Services } from '../../modules/module.ts';

/**
 * The domain services, each module's built once (modules/<resource>/index.ts, in the order of MODULES)
 * and decorated for every route. Repositories, the queue producer and object storage are handed to
 * the services only: a route reaches them through a service.
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
      buildServices(MODULES, ctx, {
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
