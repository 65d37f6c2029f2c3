import type { QueryClient } from '@tanstack/react-query';
import { createRootRouteWithContext, Outlet } from '@tanstack/react-router';
import type { AppI18n } from '../i18n/strings';
import type { AuthStore } from '../features/auth/auth-store';
import { AppFrame } from '../features/layout/app-shell-layout';
import { NotFoundPage } from '../features/not-found/not-found-page';
import { LanguageProvider } from '../i18n/language-provider';

/** Available to every route's `beforeLoad` and `loader`. */
export type RouterContext = {
  queryClient: QueryClient;
  auth: AuthStore;
  /** The app's strings: route loaders fetch their screens' strings with it (route-loader.ts). */
  i18n: AppI18n;
};

function RootLayout() {
  return (
    <LanguageProvider>
      <Outlet />
    </LanguageProvider>
  );
}

/** Paths that match no route at all still get the navigation bar and footer. */
function RootNotFound() {
  return (
    <AppFrame>
      <NotFoundPage />
    </AppFrame>
  );
}

export const rootRoute = createRootRouteWithContext<RouterContext>()({
  component: RootLayout,
  notFoundComponent: RootNotFound,
});
