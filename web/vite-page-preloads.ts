import path from 'node:path';
import type { WebPageName } from '@app/contracts';
import type { Plugin } from 'vite';

/** What the gateway reads from the build: per page, the scripts its first screen needs beyond the entry. */
export const PAGE_PRELOADS_FILE = 'page-preloads.json';

/**
 * The module each public page's route loads (src/routes/*.tsx, lazyRouteComponent). Pages behind a
 * sign-in are left out: a visitor sent elsewhere would have fetched them for nothing. The browser test
 * of the pages' weights (e2e/js-budget.test.ts) checks that every script listed here is one the page
 * then asks for.
 */
const PAGE_MODULES: Partial<Record<WebPageName, string>> = {
  home: 'src/features/home/home-page.tsx',
  contentSummary: 'src/features/content/summary-page/content-summary-page.tsx',
  pricing: 'src/features/pricing/pricing-page.tsx',
  blog: 'src/features/blog/blog-list-page.tsx',
  blogPost: 'src/features/blog/blog-post-page.tsx',
  topic: 'src/features/content/topics/topic-page.tsx',
  story: 'src/features/content/story/story-page.tsx',
  youtubeSource: 'src/features/content/youtube/youtube-source-page.tsx',
  otherYoutubeSources: 'src/features/content/youtube/other-youtube-sources-page.tsx',
  unsubscribe: 'src/features/unsubscribe/unsubscribe-page.tsx',
  newsletterConfirm: 'src/features/newsletter/confirm-page.tsx',
  auth: 'src/features/auth/auth-page.tsx',
};

type Chunk = {
  type: 'chunk';
  fileName: string;
  isEntry: boolean;
  name: string;
  imports: string[];
  moduleIds: string[];
};

/**
 * Writes page-preloads.json: for each public page, the scripts of its route's module and what they
 * import statically, less what the entry already loads. The gateway lists them in the page's document
 * as `<link rel="modulepreload">`, so they download beside the entry instead of after it has run
 * (when the router asks for them, one round trip per file on a slow connection).
 */
export function pagePreloads(): Plugin {
  let root = process.cwd();
  return {
    name: 'page-preloads',
    apply: 'build',
    configResolved(config) {
      root = config.root;
    },
    generateBundle: {
      order: 'post',
      handler(_options, bundle) {
        const chunks = Object.values(bundle).filter(
          (item): item is Chunk & typeof item => item.type === 'chunk',
        );
        const byFile = new Map(chunks.map((chunk) => [chunk.fileName, chunk as unknown as Chunk]));
        const closure = (start: string[]) => {
          const seen = new Set<string>();
          const visit = (file: string) => {
            if (seen.has(file)) return;
            seen.add(file);
            for (const next of byFile.get(file)?.imports ?? []) visit(next);
          };
          for (const file of start) visit(file);
          return seen;
        };
        const entry = chunks.find((chunk) => chunk.isEntry && chunk.name === 'index');
        if (!entry) throw new Error('page-preloads: the build has no index entry');
        const loaded = closure([entry.fileName]);
        const preloads: Record<string, string[]> = {};
        for (const [page, module] of Object.entries(PAGE_MODULES)) {
          const id = path.join(root, module);
          const own = chunks.find((chunk) => chunk.moduleIds.includes(id));
          if (!own) throw new Error(`page-preloads: no chunk holds ${module} (page ${page})`);
          preloads[page] = [...closure([own.fileName])]
            .filter((file) => !loaded.has(file))
            .map((file) => `/${file}`);
        }
        this.emitFile({
          type: 'asset',
          fileName: PAGE_PRELOADS_FILE,
          source: `${JSON.stringify(preloads, null, 1)}\n`,
        });
      },
    },
  };
}
