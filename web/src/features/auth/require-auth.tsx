import { Navigate, Outlet, useLocation } from '@tanstack/react-router';
import { useTranslation } from '../../i18n/react';
import { CenteredLoader } from '../ui/centered-loader';
import { useAuth } from './auth-provider';

/**
 * Component half of the signed-in layout route: `beforeLoad` redirects visitors on navigation;
 * this also reacts when the session ends while the page is open.
 */
export function RequireAuth() {
  const { t } = useTranslation();
  const { loading, isAuthenticated } = useAuth();
  const location = useLocation();
  if (loading) return <CenteredLoader label={t('common.loading')} />;
  if (!isAuthenticated) return <Navigate to="/auth" search={{ redirect: location.href }} replace />;
  return <Outlet />;
}
