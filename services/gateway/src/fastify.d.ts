import type { UserProfile } from '@app/db';
import type { Redis } from 'ioredis';
import type { GatewayConfig } from './config.ts';
import type { AccessLevel, RouteAccess } from './lib/access.ts';
import type { Limits } from './plugins/app/limits.plugin.ts';
import type { Services } from './modules/module.ts';
import type { WebDocuments } from './plugins/external/web-static.plugin.ts';

// The gateway's additions to fastify's types, in one place.
declare module 'fastify' {
  interface FastifyInstance {
    config: GatewayConfig;
    /** The domain services (each module's, modules/module.ts): the only way from a route to data or queues. */
    services: Services;
    /** The rate limits' Redis connection; undefined without REDIS_URL (limits counted per process). */
    rateLimitRedis: Redis | undefined;
    limits: Limits;
    /** The web build's documents (plugins/external/web-static.plugin.ts); null without a build. */
    webDocuments: WebDocuments | null;
    /** The registered /api routes and who may call each (plugins/app/auth.plugin.ts). */
    routeAccess: readonly RouteAccess[];
  }
  interface FastifyRequest {
    /** The caller's profile, loaded once per request by the role guards. */
    profile: UserProfile | null;
  }
  interface FastifyContextConfig {
    /** Who may call the route (lib/access.ts); every /api route declares it. */
    access?: AccessLevel;
    /**
     * The body also comes as a file (lib/openapi.ts documents it): raw in these media types, or as a
     * multipart upload whose file is the JSON body's `field`.
     */
    upload?: { field: string; mediaTypes: readonly string[] };
  }
}

declare module '@fastify/jwt' {
  interface FastifyJWT {
    payload: Record<string, unknown>;
    /** Set by the auth hook from a valid Bearer access token; null for visitors. */
    user: { id: string } | null;
  }
}
