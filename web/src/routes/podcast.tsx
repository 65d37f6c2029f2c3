import { createRoute } from '@tanstack/react-router';
import { DailyPodcastPage } from '../features/podcast/podcast-page';
import { validatePodcastSearch } from '../features/podcast/podcast-utils';
import { appLayoutRoute } from './app-layout';

/** Visitors reach the page too: it shows 'Please login to access daily podcasts.' (spec §2). */
export const dailyPodcastRoute = createRoute({
  getParentRoute: () => appLayoutRoute,
  path: 'daily-podcast',
  validateSearch: validatePodcastSearch,
  component: DailyPodcastPage,
});
