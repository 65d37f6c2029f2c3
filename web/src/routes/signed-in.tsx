import { createRoute, lazyRouteComponent, redirect } from '@tanstack/react-router';
import { RequireAuth } from '../features/auth/require-auth';
import { appLayoutRoute } from './app-layout';
import { preloading } from './lazy-page';
import { loadStrings } from './route-loader';

// Each screen is its own chunk, fetched once the guard has let the reader in.
const ProfilePage = lazyRouteComponent(() => import('../features/profile/profile-page'), 'ProfilePage');
const ContentHistoryPage = lazyRouteComponent(
  () => import('../features/content-history/content-history-page'),
  'ContentHistoryPage',
);
const ContentGeneratorPage = lazyRouteComponent(
  () => import('../features/generation/content-generator-page'),
  'ContentGeneratorPage',
);
const ProGate = lazyRouteComponent(() => import('../features/generation/pro-gate'), 'ProGate');

/**
 * Pathless layout for signed-in screens. Visitors go to /auth with `redirect` set to the
 * in-app location they asked for (without the /zh prefix; the rewrite restores it).
 */
export const signedInRoute = createRoute({
  getParentRoute: () => appLayoutRoute,
  id: 'signed-in',
  beforeLoad: async ({ context, location }) => {
    const auth = await context.auth.whenSettled();
    if (auth.status !== 'authenticated') {
      throw redirect({ to: '/auth', search: { redirect: location.href } });
    }
  },
  component: RequireAuth,
});

export const profileRoute = createRoute({
  getParentRoute: () => signedInRoute,
  path: 'profile',
  loader: loadStrings('account', 'billing', 'newsletter', 'reading'),
  component: ProfilePage,
});

// /content-summary is public (spec 2 §6 'Visitor: can browse summaries'): see public.tsx.

// /daily-podcast shows its own sign-in prompt to visitors (spec §2): see podcast.tsx.

/** The navigation offers it to admin or pro users; the route itself only needs sign-in (spec §6). */
export const contentHistoryRoute = createRoute({
  getParentRoute: () => signedInRoute,
  path: 'content-history',
  loader: loadStrings('contentHistory', 'generation', 'content'),
  component: preloading(
    () => (
      <ProGate>
        <ContentHistoryPage />
      </ProGate>
    ),
    ProGate,
    ContentHistoryPage,
  ),
});

export const contentGeneratorRoute = createRoute({
  getParentRoute: () => signedInRoute,
  path: 'content-generator',
  loader: loadStrings('generation', 'content'),
  validateSearch: (search: Record<string, unknown>): { summary_id?: string } =>
    typeof search.summary_id === 'string' && search.summary_id ? { summary_id: search.summary_id } : {},
  component: preloading(
    function ContentGeneratorRoute() {
      const { summary_id } = contentGeneratorRoute.useSearch();
      return (
        <ProGate>
          <ContentGeneratorPage key={summary_id ?? 'post'} summaryId={summary_id} />
        </ProGate>
      );
    },
    ProGate,
    ContentGeneratorPage,
  ),
});

export const signedInRoutes = [profileRoute, contentHistoryRoute, contentGeneratorRoute] as const;
