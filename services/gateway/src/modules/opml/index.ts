import { withRepos } from '../context.ts';
import type { GatewayModule } from '../module.ts';
import { createOpmlService, OPML_REPOS, type OpmlService } from './opml.service.ts';
import adminOpmlRoutes from './admin-opml.routes.ts';

declare module '../module.ts' {
  interface Services {
    opml: OpmlService;
  }
}

/** OPML import and export of the sources (admin). */
const opmlModule: GatewayModule = {
  name: 'opml',
  services: (ctx) => ({ opml: createOpmlService(withRepos(ctx, OPML_REPOS)) }),
  routes: async (app) => {
    await app.register(adminOpmlRoutes, { prefix: '/api/admin' });
  },
};

export default opmlModule;
