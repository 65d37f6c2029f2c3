import { withRepos } from '../context.ts';
import type { GatewayModule } from '../module.ts';
import path from 'node:path';
import { loadDictionary } from '@app/bilingual';
import { CONTENT_REPOS, type ContentService, createContentService } from './content.service.ts';
import summariesRoutes from './summaries.routes.ts';

declare module '../module.ts' {
  interface Services {
    content: ContentService;
  }
}

/** Summaries: the lists, search (across languages), one summary. */
const summariesModule: GatewayModule = {
  name: 'summaries',
  services: (ctx, { resources }) => ({
    content: createContentService(withRepos(ctx, CONTENT_REPOS), {
      translator: resources.translator,
      dictionary: () =>
        loadDictionary({
          cacheDir: path.join(ctx.config.CACHE_DIR, 'dictionary'),
          onEvent: (event) =>
            event.event === 'read' || event.event === 'built'
              ? ctx.logger.info(event, 'bilingual dictionary ready')
              : ctx.logger.warn(event, 'bilingual dictionary: %s', event.event.replaceAll('_', ' ')),
        }),
    }),
  }),
  routes: async (app) => {
    await app.register(summariesRoutes, { prefix: '/api/summaries' });
  },
};

export default summariesModule;
