import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import type { Plugin } from 'vite';

/** The home hero's texts in both languages, for src/first-paint.ts (types: src/first-paint-hero.d.ts). */
const HERO_MODULE = 'virtual:first-paint-hero';
const HERO_IDS = { heroTitle: 'shared.home.heroTitle', heroSubtitle: 'shared.home.heroSubtitle' } as const;

/** The hero's texts of a language, read from its compiled shared catalog (plain texts: no placeholder). */
function heroTexts(catalog: string): Record<keyof typeof HERO_IDS, string> {
  const { messages } = JSON.parse(readFileSync(catalog, 'utf8')) as { messages: Record<string, unknown[]> };
  const text = (id: string) => {
    const tokens = messages[id];
    if (!tokens?.every((token) => typeof token === 'string')) throw new Error(`${catalog}: no plain ${id}`);
    return tokens.join('');
  };
  return { heroTitle: text(HERO_IDS.heroTitle), heroSubtitle: text(HERO_IDS.heroSubtitle) };
}

/** Each first-paint entry, the name of its chunk and the copy of index.html that loads it. */
const ENTRIES = [
  { name: 'first-paint', source: 'src/first-paint.ts', document: 'home.html' },
  { name: 'first-paint-reading', source: 'src/first-paint-reading.ts', document: 'reading.html' },
] as const;

const scriptTag = (src: string) => `<script type="module" async src="${src}"></script>`;

/**
 * The first paints as entries of their own, loaded `async`: a few hundred bytes that draw the home page's
 * hero (src/first-paint.ts), or the summaries page's first cards and a blog post's title and cover
 * (src/first-paint-reading.ts), while the app's code is still on its way, instead of a part of the app's
 * entry that runs only once all of it has arrived.
 *
 * Its file is preloaded from the head with a high priority: on a slow connection an `async` script at
 * the end of the body otherwise waits behind the app's stylesheets and scripts, and draws nothing early.
 *
 * Only those pages have a use for them, so a build writes three documents: index.html, which every other
 * page gets, home.html, the same with the home page's first paint, which the gateway serves on / and /zh,
 * and reading.html, with the other one, which it serves on the summaries page and blog posts.
 * The dev server has one document for every path and carries both scripts in it (each draws nothing
 * elsewhere).
 */
export function firstPaint(): Plugin {
  let command: 'build' | 'serve' = 'serve';
  return {
    name: 'first-paint',
    // The hero's two texts per language, not the shared catalogs the app fetches: the first paint stays a
    // few hundred bytes.
    resolveId: (source) => (source === HERO_MODULE ? `\0${HERO_MODULE}` : undefined),
    load(id) {
      if (id !== `\0${HERO_MODULE}`) return;
      const catalog = (language: string) =>
        fileURLToPath(new URL(`./src/i18n/${language}.json`, import.meta.url));
      const catalogs = { en: catalog('en'), zh: catalog('zh') };
      for (const file of Object.values(catalogs)) this.addWatchFile(file);
      return Object.entries(catalogs)
        .map(([language, file]) => `export const ${language} = ${JSON.stringify(heroTexts(file))};`)
        .join('\n');
    },
    config(_config, env) {
      command = env.command;
      if (env.command !== 'build') return;
      const input = Object.fromEntries(ENTRIES.map((entry) => [entry.name, entry.source]));
      return { build: { rolldownOptions: { input: { index: 'index.html', ...input } } } };
    },
    transformIndexHtml: {
      order: 'post',
      handler() {
        if (command === 'build') return;
        return ENTRIES.map((entry) => ({
          tag: 'script',
          attrs: { type: 'module', async: true, src: `/${entry.source}` },
          injectTo: 'body' as const,
        }));
      },
    },
    generateBundle: {
      order: 'post',
      handler(_options, bundle) {
        const index = bundle['index.html'];
        if (index?.type !== 'asset') throw new Error('index.html was not built');
        const html = String(index.source);
        if (!html.includes('</body>')) throw new Error('index.html has no </body>');
        for (const entry of ENTRIES) {
          const chunk = Object.values(bundle).find(
            (output) => output.type === 'chunk' && output.isEntry && output.name === entry.name,
          );
          if (!chunk) throw new Error(`${entry.source} was not built`);
          this.emitFile({
            type: 'asset',
            fileName: entry.document,
            source: html
              .replace(
                '<title>',
                `<link rel="modulepreload" fetchpriority="high" crossorigin href="/${chunk.fileName}">\n    <title>`,
              )
              .replace('</body>', `${scriptTag(`/${chunk.fileName}`)}\n  </body>`),
          });
        }
      },
    },
  };
}
