import type { Plugin } from 'vite';

/**
 * The bundler wraps each CommonJS module (React, React DOM, the scheduler…) and each lazily run ES
 * module in a callback it parenthesises, `__commonJSMin(((exports, module) => { … }))`, so that V8
 * compiles it with the chunk: the chunk is compiled off the main thread while it downloads, and the
 * callback is ready when the app first runs it. Chromium's V8 parses a parenthesised arrow function
 * eagerly but still compiles it on its first call, on the main thread (React DOM's wrapper: a second
 * full parse of 200 KB, some 70 ms of a 4× slower CPU). A parenthesised `function` expression is
 * compiled with the chunk, so the wrappers are rewritten to that form. The two behave the same: the
 * wrapper is called without a `this` in strict code and never reads `arguments` of its own.
 */
const WRAPPER = /\b(__commonJSMin|__esmMin)\(\(\(([\w$, ]*)\) => \{/g;

export function functionWrappers(): Plugin {
  return {
    name: 'function-module-wrappers',
    apply: 'build',
    renderChunk(code) {
      const rewritten = code.replace(WRAPPER, '$1((function($2) {');
      return rewritten === code ? null : { code: rewritten, map: null };
    },
  };
}

/** Chromium's explicit compile hint, on a file's first line: compile every function of it with the file. */
export const COMPILE_HINT = '//# allFunctionsCalledOnLoad';

/**
 * Marks the named chunks, whose code mostly runs as the app starts, for eager compilation: V8 then
 * compiles every function with the chunk, off the main thread while the file streams in, instead of
 * one by one on their first call, on the main thread (some 300 ms of a 4× slower CPU's start-up, and
 * the app drawn about 200 ms sooner). Other engines read a comment. Added once the chunk is final (after
 * minification and Vite's own preload code), so that it is the file's first line.
 */
export function compileHints(chunkNames: string[]): Plugin {
  const names = new Set(chunkNames);
  return {
    name: 'compile-hints',
    apply: 'build',
    generateBundle: {
      order: 'post',
      handler(_options, bundle) {
        const found = new Set<string>();
        for (const output of Object.values(bundle)) {
          if (output.type !== 'chunk' || !names.has(output.name)) continue;
          output.code = `${COMPILE_HINT}\n${output.code}`;
          // The source map's lines move down by one with the code.
          const map = bundle[`${output.fileName}.map`];
          if (map?.type === 'asset') {
            const json = JSON.parse(map.source.toString()) as { mappings: string };
            json.mappings = `;${json.mappings}`;
            map.source = JSON.stringify(json);
          }
          found.add(output.name);
        }
        const missing = [...names].filter((name) => !found.has(name));
        if (missing.length) this.error(`no chunk named ${missing.join(', ')} to mark for eager compilation`);
      },
    },
  };
}
