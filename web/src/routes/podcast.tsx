import { createRoute, lazyRouteComponent } from '@tanstack/react-router';
import { validatePodcastSearch } from '../features/podcast/podcast-search';
import { appLayoutRoute } from './app-layout';
import { loadStrings } from './route-loader';

/** Visitors reach the page too: it shows 'Please login to access daily podcasts.' (spec §2). */
export const dailyPodcastRoute = createRoute({
  getParentRoute: () => appLayoutRoute,
  path: 'daily-podcast',
  validateSearch: validatePodcastSearch,
  loader: loadStrings('podcast'),
  component: lazyRouteComponent(() => import('../features/podcast/podcast-page'), 'DailyPodcastPage'),
});
