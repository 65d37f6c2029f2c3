import { createRoute, redirect } from '@tanstack/react-router';
import { ResetPasswordPage } from '../features/account/reset-password-page';
import { VerifyEmailPage } from '../features/account/verify-email-page';
import { AuthCallbackPage } from '../features/auth/auth-callback-page';
import { AuthPage } from '../features/auth/auth-page';
import { isGoogleSignInError } from '../features/auth/google-sign-in';
import { safeRedirectTarget } from '../features/auth/redirect';
import type { GoogleSignInErrorCode } from '@app/contracts';
import { rootRoute } from './root';

// The auth screens stand alone (own logo, no navigation bar or footer).

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
  component: function AuthRouteComponent() {
    const { redirect: redirectTo, error } = authRoute.useSearch();
    return <AuthPage redirectTo={redirectTo} error={error} />;
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

/** The token of an emailed link (verification, password reset). */
export type EmailLinkSearch = { token?: string };
const validateEmailLinkSearch = (search: Record<string, unknown>): EmailLinkSearch =>
  typeof search.token === 'string' && search.token ? { token: search.token } : {};

/** Forgot password: the request form, or with ?token= (the emailed link) the new-password form. */
export const authResetRoute = createRoute({
  getParentRoute: () => rootRoute,
  path: 'auth/reset',
  validateSearch: validateEmailLinkSearch,
  component: function AuthResetRouteComponent() {
    const { token } = authResetRoute.useSearch();
    return <ResetPasswordPage key={token ?? 'request'} token={token} />;
  },
});

/** The verification email's link: the page posts the token when the user confirms. */
export const authVerifyRoute = createRoute({
  getParentRoute: () => rootRoute,
  path: 'auth/verify',
  validateSearch: validateEmailLinkSearch,
  component: function AuthVerifyRouteComponent() {
    const { token } = authVerifyRoute.useSearch();
    return <VerifyEmailPage key={token ?? 'resend'} token={token} />;
  },
});
