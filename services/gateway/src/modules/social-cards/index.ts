import { withRepos } from '../context.ts';
import type { GatewayModule } from '../module.ts';
import path from 'node:path';
import { createFileCache } from '../../lib/file-cache.ts';
import {
  createSocialCardsService,
  DISK_CACHE_BYTES,
  isCardFile,
  SOCIAL_CARDS_REPOS,
  type SocialCardsService,
} from './social-cards.service.ts';
import socialCardsRoutes from './social-cards.routes.ts';

declare module '../module.ts' {
  interface Services {
    socialCards: SocialCardsService;
  }
}

/** Link-preview pictures of the public pages. */
const socialCardsModule: GatewayModule = {
  name: 'social-cards',
  services: (ctx, { services }) => ({
    socialCards: createSocialCardsService(
      withRepos(ctx, SOCIAL_CARDS_REPOS),
      { webPages: services.webPages },
      createFileCache({
        dir: path.join(ctx.config.CACHE_DIR, 'social-cards'),
        maxBytes: DISK_CACHE_BYTES,
        valid: isCardFile,
        onError: (error, action) => ctx.logger.warn({ err: error, action }, 'social card cache on disk'),
      }),
    ),
  }),
  routes: async (app) => {
    await app.register(socialCardsRoutes, { prefix: '/api/social-cards' });
  },
};

export default socialCardsModule;
