import { createRoute, lazyRouteComponent, redirect } from '@tanstack/react-router';
import { isGoogleSignInError } from '../features/auth/google-sign-in-error';
import { safeRedirectTarget } from '../features/auth/redirect';
import type { GoogleSignInErrorCode } from '@app/contracts';
import { preloading } from './lazy-page';
import { rootRoute } from './root';
import { loadStrings } from './route-loader';

// The auth screens stand alone (own logo, no navigation bar or footer). Each is its own chunk.
const ResetPasswordPage = lazyRouteComponent(
  () => import('../features/account/reset-password-page'),
  'ResetPasswordPage',
);
const VerifyEmailPage = lazyRouteComponent(
  () => import('../features/account/verify-email-page'),
  'VerifyEmailPage',
);
const AuthCallbackPage = lazyRouteComponent(
  () => import('../features/auth/auth-callback-page'),
  'AuthCallbackPage',
);
const AuthPage = lazyRouteComponent(() => import('../features/auth/auth-page'), 'AuthPage');

export type AuthSearch = {
  /** Where to go after signing in (an in-app path, set by the signed-in and admin guards). */
  redirect?: string;
  /** A failed Google sign-in (the gateway redirects here): shown once as a toast, then dropped. */
  error?: GoogleSignInErrorCode;
};

export const authRoute = createRoute({
  getParentRoute: () => rootRoute,
  path: 'auth',
  validateSearch: (search: Record<string, unknown>): AuthSearch => ({
    redirect: safeRedirectTarget(search.redirect),
    error: isGoogleSignInError(search.error) ? search.error : undefined,
  }),
  beforeLoad: async ({ context }) => {
    const auth = await context.auth.whenSettled();
    // Already signed in: home (/ or /zh, the rewrite adds the prefix).
    if (auth.status === 'authenticated') throw redirect({ to: '/', replace: true });
  },
  loader: loadStrings('account'),
  component: preloading(function AuthRouteComponent() {
    const { redirect: redirectTo, error } = authRoute.useSearch();
    return <AuthPage redirectTo={redirectTo} error={error} />;
  }, AuthPage),
});

export type AuthCallbackSearch = { error?: string };

export const authCallbackRoute = createRoute({
  getParentRoute: () => rootRoute,
  path: 'auth/callback',
  validateSearch: (search: Record<string, unknown>): AuthCallbackSearch => ({
    error: typeof search.error === 'string' && search.error ? search.error : undefined,
  }),
  component: preloading(function AuthCallbackRouteComponent() {
    const { error } = authCallbackRoute.useSearch();
    return <AuthCallbackPage error={error} />;
  }, AuthCallbackPage),
});

/** The token of an emailed link (verification, password reset). */
export type EmailLinkSearch = { token?: string };
const validateEmailLinkSearch = (search: Record<string, unknown>): EmailLinkSearch =>
  typeof search.token === 'string' && search.token ? { token: search.token } : {};

/** Forgot password: the request form, or with ?token= (the emailed link) the new-password form. */
export const authResetRoute = createRoute({
  getParentRoute: () => rootRoute,
  path: 'auth/reset',
  validateSearch: validateEmailLinkSearch,
  loader: loadStrings('account'),
  component: preloading(function AuthResetRouteComponent() {
    const { token } = authResetRoute.useSearch();
    return <ResetPasswordPage key={token ?? 'request'} token={token} />;
  }, ResetPasswordPage),
});

/** The verification email's link: the page posts the token when the user confirms. */
export const authVerifyRoute = createRoute({
  getParentRoute: () => rootRoute,
  path: 'auth/verify',
  validateSearch: validateEmailLinkSearch,
  loader: loadStrings('account'),
  component: preloading(function AuthVerifyRouteComponent() {
    const { token } = authVerifyRoute.useSearch();
    return <VerifyEmailPage key={token ?? 'resend'} token={token} />;
  }, VerifyEmailPage),
});
