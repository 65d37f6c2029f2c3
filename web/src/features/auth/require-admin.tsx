import { Navigate, Outlet, useLocation } from '@tanstack/react-router';
import { useTranslation } from 'react-i18next';
import { AccessDeniedPage } from '../access-denied/access-denied-page';
import { CenteredLoader } from '../ui/centered-loader';
import { useAuth } from './auth-provider';

/** Admin guard: verifying spinner, visitors to /auth, signed-in non-admins to access denied. */
export function RequireAdmin() {
  const { t } = useTranslation();
  const { loading, profileLoading, isAuthenticated, isAdmin, user, profile } = useAuth();
  const location = useLocation();

  if (loading || profileLoading) return <CenteredLoader label={t('guard.verifying')} />;
  if (!isAuthenticated) return <Navigate to="/auth" search={{ redirect: location.href }} replace />;
  if (!isAdmin) {
    const email = user?.email ?? '';
    const userLabel = profile?.display_name ? `${profile.display_name} (${email})` : email;
    return <AccessDeniedPage userLabel={userLabel} requiredRole="admin" />;
  }
  return <Outlet />;
}
