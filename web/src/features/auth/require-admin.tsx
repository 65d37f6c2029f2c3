import { useLingui } from '@lingui/react/macro';
import { Navigate, Outlet, useLocation } from '@tanstack/react-router';
import { lazy, Suspense } from 'react';
import { CenteredLoader } from '../ui/centered-loader';
import { useAuth } from './auth-provider';

// Only a signed-in reader who is not an admin ever sees it: fetched then, not with the app's shell.
const AccessDeniedPage = lazy(() =>
  import('../access-denied/access-denied-page').then((module) => ({ default: module.AccessDeniedPage })),
);

/** Admin guard: verifying spinner, visitors to /auth, signed-in non-admins to access denied. */
export function RequireAdmin() {
  const { t } = useLingui();
  const { loading, profileLoading, isAuthenticated, isAdmin, user, profile } = useAuth();
  const location = useLocation();

  if (loading || profileLoading)
    return <CenteredLoader label={t({ id: 'shared.guard.verifying', message: 'Verifying access...' })} />;
  if (!isAuthenticated) return <Navigate to="/auth" search={{ redirect: location.href }} replace />;
  if (!isAdmin) {
    const email = user?.email ?? '';
    const userLabel = profile?.display_name ? `${profile.display_name} (${email})` : email;
    return (
      <Suspense
        fallback={
          <CenteredLoader label={t({ id: 'shared.guard.verifying', message: 'Verifying access...' })} />
        }
      >
        <AccessDeniedPage userLabel={userLabel} requiredRole="admin" />
      </Suspense>
    );
  }
  return <Outlet />;
}
