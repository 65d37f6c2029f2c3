import type { FastifySchema } from 'fastify';

export type RecordedRoute = { method: string; url: string; schema?: FastifySchema };

const recorded: RecordedRoute[] = [];

/**
 * Wraps fastify's factory so every app built afterwards reports its routes through an onRoute hook:
 * the list comes from the app itself, so a new route without an expectation fails the security tests.
 * Used from a test file as
 *   vi.mock('fastify', async (original) => (await import('./route-recorder.ts')).recordRoutes(await original()));
 */
export function recordRoutes<T extends { default: (...args: never[]) => unknown }>(mod: T): T {
  const factory = ((...args: Parameters<T['default']>) => {
    const app = mod.default(...args) as {
      addHook(name: 'onRoute', hook: (route: { method: string | string[]; url: string }) => void): void;
    };
    app.addHook('onRoute', (route) => {
      const methods = Array.isArray(route.method) ? route.method : [route.method];
      for (const method of methods) {
        // fastify adds HEAD for every GET by itself; HEAD shares the GET route's handler and rule.
        if (method === 'HEAD') continue;
        recorded.push({ method, url: route.url, schema: (route as { schema?: FastifySchema }).schema });
      }
    });
    return app;
  }) as T['default'];
  return { ...mod, default: factory, fastify: factory };
}

/** The routes of the apps built since the last call, de-duplicated by method and URL. */
export function takeRecordedRoutes(): RecordedRoute[] {
  const unique = new Map(recorded.map((route) => [`${route.method} ${route.url}`, route]));
  recorded.length = 0;
  return [...unique.values()];
}
