import type { Plugin } from 'vite';

const SOURCE = 'src/first-paint.ts';
/** The first-paint pages' copy of index.html: the same document plus the first-paint script. */
const HOME_HTML = 'home.html';

const scriptTag = (src: string) => `<script type="module" async src="${src}"></script>`;

/**
 * The first paint (src/first-paint.ts) as an entry of its own, loaded `async`: a few hundred bytes that
 * draw the home page's hero, or a blog post's title and cover, while the app's code is still on its way,
 * instead of a part of the app's entry that runs only once all of it has arrived.
 *
 * Its file is preloaded from the head with a high priority: on a slow connection an `async` script at
 * the end of the body otherwise waits behind the app's stylesheets and scripts, and draws nothing early.
 *
 * Only those pages have a use for it, so a build writes two documents: index.html, which every other
 * page gets, and home.html, the same with the first-paint script, which the gateway serves on / and /zh
 * and on blog posts.
 * The dev server has one document for every path and carries the script in it (it draws nothing
 * elsewhere).
 */
export function firstPaint(): Plugin {
  let command: 'build' | 'serve' = 'serve';
  return {
    name: 'first-paint',
    config(_config, env) {
      command = env.command;
      if (env.command !== 'build') return;
      return { build: { rolldownOptions: { input: { index: 'index.html', 'first-paint': SOURCE } } } };
    },
    transformIndexHtml: {
      order: 'post',
      handler() {
        if (command === 'build') return;
        return [
          { tag: 'script', attrs: { type: 'module', async: true, src: `/${SOURCE}` }, injectTo: 'body' },
        ];
      },
    },
    generateBundle: {
      order: 'post',
      handler(_options, bundle) {
        const chunk = Object.values(bundle).find(
          (output) => output.type === 'chunk' && output.isEntry && output.name === 'first-paint',
        );
        const index = bundle['index.html'];
        if (!chunk || index?.type !== 'asset') throw new Error(`${SOURCE} or index.html was not built`);
        const html = String(index.source);
        if (!html.includes('</body>')) throw new Error('index.html has no </body>');
        this.emitFile({
          type: 'asset',
          fileName: HOME_HTML,
          source: html
            .replace(
              '<title>',
              `<link rel="modulepreload" fetchpriority="high" crossorigin href="/${chunk.fileName}">\n    <title>`,
            )
            .replace('</body>', `${scriptTag(`/${chunk.fileName}`)}\n  </body>`),
        });
      },
    },
  };
}
