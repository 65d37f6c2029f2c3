import type { QueryClient } from '@tanstack/react-query';
import { type AnyRoute, createRouter } from '@tanstack/react-router';
import type { AppI18n } from './i18n/strings';
import type { AuthStore } from './features/auth/auth-store';
import { NotFoundPage } from './features/not-found/not-found-page';
import { RoutePending } from './features/ui/centered-loader';
import { RouteError } from './features/ui/route-error';
import { ensureNamespaces } from './i18n/app-i18n';
import type { Language } from './i18n/language';
import { languageRewrite } from './i18n/language-rewrite';
import { adminGuardRoute, adminRoute } from './routes/admin';
import { appLayoutRoute } from './routes/app-layout';
import { authCallbackRoute, authResetRoute, authRoute, authVerifyRoute } from './routes/auth';
import { publicRoutes } from './routes/public';
import { rootRoute } from './routes/root';
import { stringsOf } from './routes/route-loader';
import { signedInRoute, signedInRoutes } from './routes/signed-in';

// One route tree serves both / and /zh: the language rewrite strips the /zh prefix before
// matching and adds it back to every href, navigate() and redirect() while Chinese is active.
export const routeTree = rootRoute.addChildren([
  authRoute,
  authCallbackRoute,
  authResetRoute,
  authVerifyRoute,
  appLayoutRoute.addChildren([
    ...publicRoutes,
    signedInRoute.addChildren([...signedInRoutes]),
    adminGuardRoute.addChildren([adminRoute]),
  ]),
]);

type CreateAppRouterOptions = {
  queryClient: QueryClient;
  auth: AuthStore;
  i18n: AppI18n;
  /** The language detected at start-up; LanguageProvider swaps the rewrite when it changes. */
  language: Language;
};

export function createAppRouter({ queryClient, auth, i18n, language }: CreateAppRouterOptions) {
  return createRouter({
    routeTree,
    context: { queryClient, auth, i18n },
    rewrite: languageRewrite(language),
    defaultPreload: 'intent',
    // React Query owns caching; the router should always ask it.
    defaultPreloadStaleTime: 0,
    scrollRestoration: true,
    defaultPendingComponent: RoutePending,
    defaultNotFoundComponent: NotFoundPage,
    defaultErrorComponent: RouteError,
  });
}

export type AppRouter = ReturnType<typeof createAppRouter>;

/**
 * Starts fetching the first screen's code chunks and strings at start-up, alongside the shell's
 * strings, instead of after the first render (when the router would ask for them). It stops at the
 * signed-in and admin guards: their screens are fetched once the guard lets the reader in.
 */
export function prefetchFirstScreen(router: AppRouter, i18n: AppI18n): void {
  const guards = new Set<string>([signedInRoute.id, adminGuardRoute.id]);
  for (const match of router.matchRoutes(router.latestLocation)) {
    if (guards.has(match.routeId)) break;
    const route = (router.routesById as Record<string, AnyRoute | undefined>)[match.routeId];
    if (!route) continue;
    // A failure here is only a missed head start: the router's own load reports it.
    router.loadRouteChunk(route)?.catch(() => undefined);
    const namespaces = stringsOf(route.options.loader);
    if (namespaces.length) ensureNamespaces(i18n, namespaces).catch(() => undefined);
  }
}

declare module '@tanstack/react-router' {
  interface Register {
    router: AppRouter;
  }
}
