import type { PrismaClient } from '@app/db';
import type { Logger } from '@app/logger';
import type { Producer, QueueTransport } from '@app/queue';
import Fastify from 'fastify';
import { serializerCompiler, validatorCompiler } from 'fastify-type-provider-zod';
import type { GatewayConfig } from './config.ts';
import type { AnswerCacheOptions } from './lib/answer-cache.ts';
import { serializeRequest } from './lib/log-serializers.ts';
import authPlugin from './plugins/app/auth.plugin.ts';
import errorHandler, { sendEnvelope, toEnvelope } from './plugins/app/error-handler.plugin.ts';
import inputGuard from './plugins/app/input-guard.plugin.ts';
import limitsPlugin from './plugins/app/limits.plugin.ts';
import metricsPlugin from './plugins/app/metrics.plugin.ts';
import requestIdPlugin, { requestIdOf } from './plugins/app/request-id.plugin.ts';
import servicesPlugin from './plugins/app/services.plugin.ts';
import compressPlugin from './plugins/external/compress.plugin.ts';
import cookieJwt from './plugins/external/cookie-jwt.plugin.ts';
import helmetPlugin from './plugins/external/helmet.plugin.ts';
import rateLimitPlugin from './plugins/external/rate-limit.plugin.ts';
import swaggerPlugin from './plugins/external/swagger.plugin.ts';
import webStatic from './plugins/external/web-static.plugin.ts';
import routes from './modules/index.ts';

export type AppDeps = {
  config: GatewayConfig;
  prisma: PrismaClient;
  producer: Producer;
  /** Pinged by /readyz; the producer's transport. */
  transport: Pick<QueueTransport, 'ping'>;
  logger: Logger;
  /** Injectable "now" for expiry logic (tests). */
  clock?: () => Date;
  /** The blog's cached public answers: how long and how many (tests); default in blog.service.ts. */
  blogCache?: Partial<AnswerCacheOptions>;
  /** URLs per sitemap file (tests); default SITEMAP_PAGE_SIZE in lib/sitemap.ts. */
  sitemapPageSize?: number;
};

/** A hop count means "trust the nearest n proxies", which fastify's types only accept as a function. */
function trustProxyOption(value: GatewayConfig['TRUST_PROXY']) {
  return typeof value === 'number' ? (_address: string, hop: number) => hop < value : value;
}

const BAD_URL_BODY = { error: { code: 'BAD_REQUEST', message: 'Malformed URL' } };
const FRAMEWORK_ERROR_HEADERS = {
  'content-security-policy': "default-src 'none'; frame-ancestors 'none'",
  'x-content-type-options': 'nosniff',
  'x-frame-options': 'DENY',
  'cache-control': 'no-store',
};

// Large enough for any JSON form or admin batch; media never goes through request bodies.
const BODY_LIMIT = 1024 * 1024;

/** Builds the gateway without listening: tests drive it with inject(), server.ts adds the process. */
export async function buildApp(deps: AppDeps) {
  const app = Fastify({
    loggerInstance: deps.logger.child({}, { serializers: { req: serializeRequest } }),
    genReqId: requestIdOf,
    trustProxy: trustProxyOption(deps.config.TRUST_PROXY),
    bodyLimit: BODY_LIMIT,
    routerOptions: { ignoreTrailingSlash: true },
    // Router-level rejections (a malformed %-escape, an over-long path parameter) answer before any hook
    // or error handler: give them the same envelope instead of fastify's body, which echoes the path.
    // These answers skip the onRequest hooks, helmet's among them: set the headers that matter here.
    frameworkErrors: (error, _request, reply) => {
      reply.headers(FRAMEWORK_ERROR_HEADERS);
      sendEnvelope(reply, toEnvelope(error) ?? { status: 400, body: BAD_URL_BODY });
    },
  });
  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(serializerCompiler);
  app.decorate('config', deps.config);
  // JSON only: a text/plain body is what a cross-site HTML form can send without a preflight.
  app.removeContentTypeParser('text/plain');

  // External plugins.
  await app.register(errorHandler);
  await app.register(inputGuard);
  await app.register(requestIdPlugin);
  await app.register(metricsPlugin);
  await app.register(helmetPlugin);
  await app.register(cookieJwt);
  await app.register(rateLimitPlugin);
  await app.register(swaggerPlugin);
  await app.register(webStatic);
  // Compression hooks the routes registered after it: not the web build's files (web-static), which come
  // with the build's own brotli and gzip copies.
  await app.register(compressPlugin);
  // App plugins: the services (holding the repositories and the queue producer), the per-user limits,
  // then the auth hook.
  await app.register(servicesPlugin, { deps });
  await app.register(limitsPlugin);
  await app.register(authPlugin);
  // Routes.
  await app.register(routes);
  return app;
}
