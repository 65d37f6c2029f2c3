import { withRepos } from '../context.ts';
import type { GatewayModule } from '../module.ts';
import { createReadingService, READING_REPOS, type ReadingService } from './reading.service.ts';
import followsRoutes from './follows.routes.ts';
import readsRoutes from './reads.routes.ts';

declare module '../module.ts' {
  interface Services {
    reading: ReadingService;
  }
}

/** What the reader follows and has read (My feed, For you, read state). */
const readingModule: GatewayModule = {
  name: 'reading',
  services: (ctx, { services }) => ({
    reading: createReadingService(withRepos(ctx, READING_REPOS), services.content),
  }),
  routes: async (app) => {
    await app.register(followsRoutes, { prefix: '/api/me' });
    await app.register(readsRoutes, { prefix: '/api/me' });
  },
};

export default readingModule;
