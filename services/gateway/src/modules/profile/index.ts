import { withRepos } from '../context.ts';
import type { GatewayModule } from '../module.ts';
import { createProfileService, PROFILE_REPOS, type ProfileService } from './profile.service.ts';
import meRoutes from './me.routes.ts';

declare module '../module.ts' {
  interface Services {
    profile: ProfileService;
  }
}

/** The signed-in user: account, display name, the private favourites feed URL. */
const profileModule: GatewayModule = {
  name: 'profile',
  services: (ctx, { services }) => ({
    profile: createProfileService(withRepos(ctx, PROFILE_REPOS), services.usage),
  }),
  routes: async (app) => {
    await app.register(meRoutes, { prefix: '/api/me' });
  },
};

export default profileModule;
