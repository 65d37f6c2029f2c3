import type { Logger } from '@app/logger';
import type { Producer, QueueTransport } from '@app/queue';
import fp from 'fastify-plugin';
import { createRepositories } from '../../repositories/index.ts';
import { createAdminService } from '../../services/admin.service.ts';
import { createBillingWebhookService } from '../../services/billing-webhook.service.ts';
import { createBillingService } from '../../services/billing.service.ts';
import { createBlogService } from '../../services/blog.service.ts';
import { createAuthService } from '../../services/auth.service.ts';
import { createContentService } from '../../services/content.service.ts';
import { createGenerationService } from '../../services/generation.service.ts';
import type { ServiceContext } from '../../services/context.ts';
import { createGoogleAuthService } from '../../services/google-auth.service.ts';
import { createPasswordsService } from '../../services/passwords.service.ts';
import { createProfileService } from '../../services/profile.service.ts';
import { createSessionsService } from '../../services/sessions.service.ts';
import type { AppDeps } from '../../app.ts';

export type Services = ReturnType<typeof createServices>;

function createServices(ctx: ServiceContext) {
  const sessions = createSessionsService(ctx);
  const billing = createBillingService(ctx);
  return {
    sessions,
    auth: createAuthService(ctx, sessions),
    google: createGoogleAuthService(ctx, sessions),
    passwords: createPasswordsService(ctx, sessions),
    profile: createProfileService(ctx),
    content: createContentService(ctx),
    generation: createGenerationService(ctx),
    admin: createAdminService(ctx),
    blog: createBlogService(ctx),
    billing,
    billingWebhook: createBillingWebhookService(ctx, billing.stripe),
  };
}

/** Repositories, the queue producer and the domain services, decorated once for every route. */
export default fp<{ deps: AppDeps }>(
  async (app, { deps }) => {
    const repos = createRepositories(deps.prisma);
    app.decorate('repos', repos);
    app.decorate('producer', deps.producer satisfies Producer);
    app.decorate('transport', deps.transport satisfies Pick<QueueTransport, 'ping'>);
    const ctx: ServiceContext = {
      config: app.config,
      repos,
      producer: deps.producer,
      logger: deps.logger satisfies Logger,
      clock: deps.clock ?? (() => new Date()),
      tokens: {
        sign: (payload, options) => app.jwt.sign(payload, options),
        verify: (token) => app.jwt.verify(token),
      },
    };
    app.decorate('services', createServices(ctx));
  },
  { name: 'services', dependencies: ['cookie-jwt'] },
);
