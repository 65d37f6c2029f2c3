import { withRepos } from '../context.ts';
import type { GatewayModule } from '../module.ts';
import { CRAWL_REPOS, type CrawlService, createCrawlService } from './crawl.service.ts';
import adminCrawlRoutes from './admin-crawl.routes.ts';

declare module '../module.ts' {
  interface Services {
    crawl: CrawlService;
  }
}

/** Crawls: start one, follow its tasks (admin). */
const crawlModule: GatewayModule = {
  name: 'crawl',
  services: (ctx) => ({ crawl: createCrawlService(withRepos(ctx, CRAWL_REPOS)) }),
  routes: async (app) => {
    await app.register(adminCrawlRoutes, { prefix: '/api/admin' });
  },
};

export default crawlModule;
