import swagger from '@fastify/swagger';
import swaggerUi from '@fastify/swagger-ui';
import fp from 'fastify-plugin';
import { createJsonSchemaTransform, jsonSchemaTransformObject } from 'fastify-type-provider-zod';
import { describeOperations } from '../../lib/openapi.ts';

/**
 * OpenAPI generated from the routes' zod schemas; the UI at /docs, the document at /docs/json. What each
 * operation takes from its route (operationId, security, the hooks' errors) is derived in lib/openapi.ts;
 * test/openapi.test.ts lints the document with Redocly's recommended rules.
 */
export default fp(
  async (app) => {
    await app.register(swagger, {
      openapi: {
        info: {
          title: 'Daily Curated API',
          version: '1.0.0',
          description: 'The gateway: the only HTTP entry for browsers.',
        },
        servers: [{ url: app.config.PUBLIC_URL }],
        components: {
          securitySchemes: {
            bearerAuth: { type: 'http', scheme: 'bearer', bearerFormat: 'JWT' },
            refreshCookie: { type: 'apiKey', in: 'cookie', name: 'refresh_token' },
            metricsToken: { type: 'http', scheme: 'bearer', description: 'METRICS_TOKEN' },
            podcastAudioToken: {
              type: 'apiKey',
              in: 'query',
              name: 'token',
              description: 'The signed audio link from the podcast list',
            },
          },
        },
      },
      // Paths are the routes' own, whatever path PUBLIC_URL has.
      stripBasePath: false,
      transform: describeOperations(
        createJsonSchemaTransform({
          skipList: ['/docs', '/docs/', '/docs/json', '/docs/yaml', '/docs/*', '/docs/static/*'],
        }),
      ),
      transformObject: jsonSchemaTransformObject,
    });
    await app.register(swaggerUi, { routePrefix: '/docs' });
  },
  { name: 'swagger' },
);
