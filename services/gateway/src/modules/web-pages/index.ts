import { withRepos } from '../context.ts';
import type { GatewayModule } from '../module.ts';
import {
  createPageDocumentsService,
  PAGE_DOCUMENTS_REPOS,
  type PageDocumentsService,
} from './page-documents.service.ts';
import { createWebPagesService, WEB_PAGES_REPOS, type WebPagesService } from './web-pages.service.ts';
import webRoutes from './web.routes.ts';

declare module '../module.ts' {
  interface Services {
    webPages: WebPagesService;
    pageDocuments: PageDocumentsService;
  }
}

/** robots.txt, the sitemaps and the public pages' documents. */
const webPagesModule: GatewayModule = {
  name: 'web-pages',
  services: (ctx, { services, resources }) => {
    const { stories, content, blog } = services;
    const webPages = createWebPagesService(
      withRepos(ctx, WEB_PAGES_REPOS),
      { stories, content },
      { sitemapPageSize: resources.sitemapPageSize },
    );
    return {
      webPages,
      pageDocuments: createPageDocumentsService(withRepos(ctx, PAGE_DOCUMENTS_REPOS), {
        webPages,
        content,
        blog,
      }),
    };
  },
  routes: async (app) => {
    await app.register(webRoutes);
  },
};

export default webPagesModule;
