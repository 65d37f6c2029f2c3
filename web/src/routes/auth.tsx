import { createRoute, redirect } from '@tanstack/react-router';
import { AuthCallbackPage } from '../features/auth/auth-callback-page';
import { AuthPage } from '../features/auth/auth-page';
import { safeRedirectTarget } from '../features/auth/redirect';
import { rootRoute } from './root';

// The auth screens stand alone (own logo, no navigation bar or footer).

export type AuthSearch = {
  /** Where to go after signing in (an in-app path, set by the signed-in and admin guards). */
  redirect?: string;
};

export const authRoute = createRoute({
  getParentRoute: () => rootRoute,
  path: 'auth',
  validateSearch: (search: Record<string, unknown>): AuthSearch => ({
    redirect: safeRedirectTarget(search.redirect),
  }),
  beforeLoad: async ({ context }) => {
    const auth = await context.auth.whenSettled();
    // Already signed in: home (/ or /zh, the rewrite adds the prefix).
    if (auth.status === 'authenticated') throw redirect({ to: '/', replace: true });
  },
  component: function AuthRouteComponent() {
    const { redirect: redirectTo } = authRoute.useSearch();
    return <AuthPage redirectTo={redirectTo} />;
  },
});

export type AuthCallbackSearch = { error?: string };

export const authCallbackRoute = createRoute({
  getParentRoute: () => rootRoute,
  path: 'auth/callback',
  validateSearch: (search: Record<string, unknown>): AuthCallbackSearch => ({
    error: typeof search.error === 'string' && search.error ? search.error : undefined,
  }),
  component: function AuthCallbackRouteComponent() {
    const { error } = authCallbackRoute.useSearch();
    return <AuthCallbackPage error={error} />;
  },
});
