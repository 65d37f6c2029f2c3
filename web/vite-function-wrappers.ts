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
