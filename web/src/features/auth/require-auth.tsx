import { useLingui } from '@lingui/react/macro';
import { Navigate, Outlet, useLocation } from '@tanstack/react-router';
import { CenteredLoader } from '../ui/centered-loader';
import { useAuth } from './auth-provider';

/**
 * Component half of the signed-in layout route: `beforeLoad` redirects visitors on navigation;
 * this also reacts when the session ends while the page is open.
 */
export function RequireAuth() {
  const { t } = useLingui();
  const { loading, isAuthenticated } = useAuth();
  const location = useLocation();
  if (loading) return <CenteredLoader label={t({ id: 'shared.common.loading', message: 'Loading...' })} />;
  if (!isAuthenticated) return <Navigate to="/auth" search={{ redirect: location.href }} replace />;
  return <Outlet />;
}
