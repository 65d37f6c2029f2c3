import type { QueryClient } from '@tanstack/react-query';
import { createRouter } from '@tanstack/react-router';
import type { AuthStore } from './features/auth/auth-store';
import { NotFoundPage } from './features/not-found/not-found-page';
import { CenteredLoader } from './features/ui/centered-loader';
import { RouteError } from './features/ui/route-error';
import type { Language } from './i18n/language';
import { languageRewrite } from './i18n/language-rewrite';
import { adminGuardRoute, adminRoute } from './routes/admin';
import { appLayoutRoute } from './routes/app-layout';
import { authCallbackRoute, authResetRoute, authRoute, authVerifyRoute } from './routes/auth';
import { publicRoutes } from './routes/public';
import { rootRoute } from './routes/root';
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
  /** The language detected at start-up; LanguageProvider swaps the rewrite when it changes. */
  language: Language;
};

export function createAppRouter({ queryClient, auth, language }: CreateAppRouterOptions) {
  return createRouter({
    routeTree,
    context: { queryClient, auth },
    rewrite: languageRewrite(language),
    defaultPreload: 'intent',
    // React Query owns caching; the router should always ask it.
    defaultPreloadStaleTime: 0,
    scrollRestoration: true,
    defaultPendingComponent: () => <CenteredLoader />,
    defaultNotFoundComponent: NotFoundPage,
    defaultErrorComponent: RouteError,
  });
}

export type AppRouter = ReturnType<typeof createAppRouter>;

declare module '@tanstack/react-router' {
  interface Register {
    router: AppRouter;
  }
}
