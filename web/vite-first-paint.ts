import type { Plugin } from 'vite';

const SOURCE = 'src/first-paint.ts';

/**
 * The home page's first paint (src/first-paint.ts) as an entry of its own, loaded `async` by index.html:
 * a few hundred bytes that draw the hero while the app's code is still on its way, instead of a part of
 * the app's entry that runs only once all of it has arrived.
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
      handler(_html, context) {
        let src = `/${SOURCE}`;
        if (command === 'build') {
          const chunk = Object.values(context.bundle ?? {}).find(
            (output) => output.type === 'chunk' && output.isEntry && output.name === 'first-paint',
          );
          if (!chunk) throw new Error(`${SOURCE} was not built`);
          src = `/${chunk.fileName}`;
        }
        return [{ tag: 'script', attrs: { type: 'module', async: true, src }, injectTo: 'body' }];
      },
    },
  };
}
