import { createRoute, lazyRouteComponent, redirect } from '@tanstack/react-router';
import { appLayoutRoute } from './app-layout';
import { loadStrings } from './route-loader';

/**
 * Pathless admin guard. Visitors are redirected in `beforeLoad`; the component shows the
 * verifying spinner while the profile loads and the access-denied screen to non-admins. It is a chunk
 * of its own, with the admin screen's: only a signed-in reader who opens /admin needs it.
 */
export const adminGuardRoute = createRoute({
  getParentRoute: () => appLayoutRoute,
  id: 'admin-guard',
  beforeLoad: async ({ context, location }) => {
    const auth = await context.auth.whenSettled();
    if (auth.status !== 'authenticated') {
      throw redirect({ to: '/auth', search: { redirect: location.href } });
    }
  },
  component: lazyRouteComponent(() => import('../features/auth/require-admin'), 'RequireAdmin'),
});

export const adminRoute = createRoute({
  getParentRoute: () => adminGuardRoute,
  path: 'admin',
  // Its own chunk (with its strings): nobody but an admin who opens the screen downloads it.
  loader: loadStrings('admin'),
  component: lazyRouteComponent(() => import('../features/admin/admin-page'), 'AdminPage'),
});
