import { UuidSchema } from '@app/contracts';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import { ACCESS_LEVELS, API_METHODS, type RouteAccess } from '../../lib/access.ts';
import { enforceAccess } from './guards.ts';

/** Only for route definitions (their canonical path), never for a request's raw URL. */
const isApiRoute = (url: string) => url.startsWith('/api/');

function readBearer(app: FastifyInstance, request: FastifyRequest): { id: string } | null {
  const header = request.headers.authorization;
  if (!header?.startsWith('Bearer ')) return null;
  try {
    const payload = app.jwt.verify<{ sub?: unknown; typ?: unknown }>(header.slice(7).trim());
    // Other JWTs we sign (OAuth state) must never pass as access tokens; the subject is a user id.
    return payload.typ === 'access' && UuidSchema.safeParse(payload.sub).success
      ? { id: payload.sub as string }
      : null;
  } catch {
    return null;
  }
}

const isApiMethod = (method: string): method is RouteAccess['method'] =>
  (API_METHODS as readonly string[]).includes(method);

/**
 * Every /api route declares its access level beside it (`config: { access }`, see lib/access.ts); one
 * without a valid level stops the boot. The registered routes and their levels are listed in
 * `app.routeAccess` (the tests' 401/403 matrix). On each request that matched such a route a valid
 * Bearer token sets request.user, then the level is enforced before the body is even parsed, so visitors
 * get 401 whatever they send.
 */
export default fp(
  async (app) => {
    app.decorateRequest('profile', null);
    const registered: RouteAccess[] = [];
    app.decorate('routeAccess', registered);
    app.addHook('onRoute', (route) => {
      if (!isApiRoute(route.url)) return;
      const methods = Array.isArray(route.method) ? route.method : [route.method];
      const access = route.config?.access;
      if (!access || !ACCESS_LEVELS.includes(access)) {
        throw new Error(`${methods.join(',')} ${route.url} declares no access level (config: { access })`);
      }
      // The OpenAPI document's security comes from this level too (lib/openapi.ts).
      for (const method of methods)
        if (isApiMethod(method)) registered.push({ method, url: route.url, access });
    });
    // The level comes from the route the router matched, never from the URL text: the router decodes
    // and normalises the path ("/%61pi/admin/…" matches /api/admin/…), so a test on request.url can be
    // stepped around. A request that matched no /api route has no level and reaches no handler.
    app.addHook('onRequest', async (request) => {
      const access = request.routeOptions.config.access;
      if (!access) return;
      request.user = readBearer(app, request);
      await enforceAccess(request, access);
    });
  },
  { name: 'auth', dependencies: ['cookie-jwt', 'services'] },
);
