import type { FastifyPluginAsync } from 'fastify';
import type { AppDeps } from '../app.ts';
import type { ChangeChannel } from '../lib/change-channel.ts';
import type { WebhookSender } from './billing/demo-stripe.ts';
import type { ServiceContext } from './context.ts';
import type { QueryTranslator } from './summaries/query-translation.ts';

/**
 * The domain services by name (`app.services.<name>`): the only way from a route to data or queues.
 * Each module adds its own beside its routes, in its index.ts:
 * `declare module '../module.ts' { interface Services { name: NameService } }`.
 */
// biome-ignore lint/suspicious/noEmptyInterface: each module adds its services by declaration merging.
export interface Services {}

/** Outside systems a service talks to besides the database and the queue (made once, for every module). */
export type ServiceResources = Pick<AppDeps, 'transport' | 'blogCache' | 'sitemapPageSize'> & {
  /** Where the podcast MP3s are: STORAGE_DIR, or the S3 bucket. */
  storage: ReturnType<typeof import('@app/storage').createStorage>;
  /** Blog edits heard by every gateway process. */
  blogChanges: ChangeChannel;
  /** POST /api/billing/webhook in this process (the demo checkout's Stripe delivers its events there). */
  sendWebhook: WebhookSender;
  /** The provider's translation of search queries (the dictionary answers alone without OPENAI_API_KEY). */
  translator: QueryTranslator;
};

/** What a module's services are built from besides the context: the modules' before it, and the resources. */
export type ModuleDeps = { services: Services; resources: ServiceResources };

/**
 * One resource's part of the gateway (`modules/<resource>/index.ts`): the services it adds, built once
 * when the app starts (in the order of MODULES, so a module may use the services of those before it),
 * and its routes, registered under their prefixes. Each service receives only the repositories it
 * declares (`withRepos`).
 */
export type GatewayModule = {
  /** The folder's name, in messages. */
  name: string;
  services?: (ctx: ServiceContext, deps: ModuleDeps) => Partial<Services>;
  routes: FastifyPluginAsync;
};

/**
 * The services of `modules`, each module's built in turn. A module that asks for a service no
 * module before it built fails the start with the names of both, not a request later.
 */
export function buildServices(
  modules: readonly GatewayModule[],
  ctx: ServiceContext,
  resources: ServiceResources,
): Services {
  const built: Record<string, unknown> = {};
  for (const module of modules) {
    if (!module.services) continue;
    const services = new Proxy(built, {
      get(target, key) {
        if (typeof key === 'string' && !(key in target))
          throw new Error(
            `The ${module.name} module uses the ${key} service, which no module before it builds: list its module first (modules/index.ts)`,
          );
        return Reflect.get(target, key);
      },
    }) as unknown as Services;
    Object.assign(built, module.services(ctx, { services, resources }));
  }
  return built as unknown as Services;
}
