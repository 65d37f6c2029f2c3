import { ErrorBodySchema } from '@app/contracts';
import type { SwaggerTransform } from '@fastify/swagger';
import type { FastifySchema, RouteOptions } from 'fastify';
import { z } from 'zod';

/**
 * What every operation of the OpenAPI document takes from its route rather than from 90 hand-written
 * lines: its operationId, its security (the access level the route declares) and the error
 * answers that hooks give every route. Routes still declare their summary, their own answers and the
 * media types of what is not JSON (mediaResponse, noBody below).
 */

/** A success answer that is not JSON: `200: mediaResponse('The feed', ['application/rss+xml'])`. */
export function mediaResponse(
  description: string,
  mediaTypes: readonly [string, ...string[]],
  body: 'text' | 'binary' = 'text',
) {
  // A binary body is a Buffer or a stream to the handler, bytes to the document.
  const schema = body === 'binary' ? z.unknown().meta({ type: 'string', format: 'binary' }) : z.string();
  return { description, content: Object.fromEntries(mediaTypes.map((type) => [type, { schema }])) };
}

/**
 * An answer without a body (204, 304, a redirect): `302: noBody('To the web page /auth/verify')`. As
 * z.never() the handler sends nothing (`reply.status(304).send()`); the document shows no media type.
 */
export const noBody = (description: string) => z.never().describe(description);

const BEARER = [{ bearerAuth: [] }];

/**
 * `GET /api/topics/:idOrSlug` → `getTopicsByIdOrSlug`: the method, then each path segment (a parameter
 * as `By<Name>`), without the `/api` every API path shares. Renaming a route renames its operation.
 */
export function operationIdOf(method: string | readonly string[], url: string): string {
  const methods = typeof method === 'string' ? [method] : [...method];
  const segments = url.split('/').filter(Boolean);
  const words = [
    ...methods.flatMap((m, index) => (index === 0 ? [m.toLowerCase()] : ['or', m.toLowerCase()])),
    ...(segments[0] === 'api' ? segments.slice(1) : segments).flatMap((segment) => {
      if (segment === '*') return ['any'];
      const parameter = segment.startsWith(':');
      const parts = (parameter ? segment.slice(1) : segment).split(/[^A-Za-z0-9]+/).filter(Boolean);
      return parameter ? ['by', ...parts] : parts;
    }),
  ];
  return words
    .map((word, index) => (index === 0 ? word : word.charAt(0).toUpperCase() + word.slice(1)))
    .join('');
}

type Responses = Record<string | number, unknown>;

/**
 * The error answers a route gives whatever it declares: 400 from the input guard (a NUL or lone
 * surrogate anywhere in the request), 401/403 from the access level, 429 from a rate limit.
 */
function withHookErrors(response: Responses | undefined, route: RouteOptions): Responses {
  const access = route.config?.access;
  const all: Responses = { ...response };
  const add = (status: number) => {
    if (!(status in all)) all[status] = ErrorBodySchema;
  };
  add(400);
  if (access && access !== 'public') add(401);
  if (access === 'pro' || access === 'admin') add(403);
  if (route.config?.rateLimit) add(429);
  return all;
}

type JsonObjectSchema = { properties?: Record<string, unknown>; [key: string]: unknown };

/**
 * A route whose body is also a file (config.upload): the JSON body as it is, the same fields as a
 * multipart form whose `field` is the file, and the file's bytes alone in each of its media types.
 */
function withUploads(body: unknown, upload: NonNullable<RouteOptions['config']>['upload']): unknown {
  if (!upload || !body || typeof body !== 'object') return body;
  const json = body as JsonObjectSchema;
  const file = { type: 'string', format: 'binary', description: 'The file' };
  const form = { ...json, properties: { ...json.properties, [upload.field]: file } };
  const raw = { type: 'string', description: 'The file itself' };
  return {
    content: {
      'application/json': { schema: json },
      'multipart/form-data': { schema: form },
      ...Object.fromEntries(upload.mediaTypes.map((type) => [type, { schema: raw }])),
    },
  };
}

/** 204, 304 and redirects carry no body: described, without a media type. */
const NO_BODY = /^(204|205|304|30[1235678])$/;
function withoutBodies(response: Responses): Responses {
  return Object.fromEntries(
    Object.entries(response).map(([status, schema]) => {
      if (!NO_BODY.test(status)) return [status, schema];
      const description = (schema as { description?: string } | null)?.description ?? 'No content';
      // @fastify/swagger gives a `type: 'null'` answer no content.
      return [status, { type: 'null', description }];
    }),
  );
}

type Documented = FastifySchema & {
  hide?: boolean;
  operationId?: string;
  security?: Record<string, string[]>[];
  response?: Responses;
};

/**
 * Wraps the zod transform: a route's operationId (unless it names one), its security (Bearer for every
 * level but public; a public route keeps the credential it declares, else none) and its hooks' errors.
 */
export function describeOperations(transform: SwaggerTransform): SwaggerTransform {
  return (input) => {
    const schema = (input.schema ?? {}) as Documented;
    if (schema.hide) return transform(input);
    const { route } = input;
    const access = route.config?.access;
    const described: Documented = {
      ...schema,
      operationId: schema.operationId ?? operationIdOf(route.method, route.url),
      security: access && access !== 'public' ? BEARER : (schema.security ?? []),
      response: withHookErrors(schema.response, route),
    };
    const result = transform({ ...input, schema: described });
    const out = result.schema as Documented;
    const body = withUploads(out.body, route.config?.upload);
    return { ...result, schema: { ...out, body, response: withoutBodies(out.response ?? {}) } };
  };
}
