import type { Plugin } from 'vite';

/**
 * `<link rel="modulepreload">`s in index.html for a module the entry imports dynamically (its chunk and
 * the chunks that one imports): the browser fetches and compiles them alongside the entry, as it does
 * the entry's static imports, but runs them only when the app asks for the module, in a task of its
 * own instead of within the entry's evaluation.
 */
export function preloadDynamicImport(module: RegExp): Plugin {
  return {
    name: 'preload-dynamic-import',
    apply: 'build',
    transformIndexHtml: {
      order: 'post',
      handler(html, context) {
        const bundle = context.bundle ?? {};
        const chunk = Object.values(bundle).find(
          (output) =>
            output.type === 'chunk' && output.isDynamicEntry && module.test(output.facadeModuleId ?? ''),
        );
        if (chunk?.type !== 'chunk') throw new Error(`no dynamically imported chunk for ${module}`);
        return [chunk.fileName, ...chunk.imports]
          .map((file) => `/${file}`)
          .filter((href) => !html.includes(`href="${href}"`))
          .map((href) => ({
            tag: 'link',
            attrs: { rel: 'modulepreload', crossorigin: true, href },
            injectTo: 'head' as const,
          }));
      },
    },
  };
}
