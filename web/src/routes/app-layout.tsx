import { createRoute } from '@tanstack/react-router';
import { AppShellLayout } from '../features/layout/app-shell-layout';
import { NotFoundPage } from '../features/not-found/not-found-page';
import { rootRoute } from './root';

/** Pathless layout: navigation bar + page + footer. Unknown paths render the 404 inside it. */
export const appLayoutRoute = createRoute({
  getParentRoute: () => rootRoute,
  id: 'app',
  component: AppShellLayout,
  notFoundComponent: NotFoundPage,
});
