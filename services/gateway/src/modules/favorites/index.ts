import { withRepos } from '../context.ts';
import type { GatewayModule } from '../module.ts';
import { createFavoritesService, FAVORITES_REPOS, type FavoritesService } from './favorites.service.ts';
import favoritesRoutes from './favorites.routes.ts';

declare module '../module.ts' {
  interface Services {
    favorites: FavoritesService;
  }
}

/** Favourites (Pro). */
const favoritesModule: GatewayModule = {
  name: 'favorites',
  services: (ctx) => ({ favorites: createFavoritesService(withRepos(ctx, FAVORITES_REPOS)) }),
  routes: async (app) => {
    await app.register(favoritesRoutes, { prefix: '/api/favorites' });
  },
};

export default favoritesModule;
