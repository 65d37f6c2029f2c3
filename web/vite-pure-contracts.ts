import { type Plugin, parseSync } from 'vite';

/** The shared contracts' own source files (packages/contracts/src/*.ts, tests aside). */
const CONTRACTS = /[\\/]packages[\\/]contracts[\\/]src[\\/][^\\/]+(?<!\.test)\.ts$/;

const FUNCTIONS = new Set(['ArrowFunctionExpression', 'FunctionExpression', 'ClassExpression']);

/**
 * The shared contracts (@app/contracts) declare their zod schemas beside the constants the web app
 * uses (message tables, plans, platforms); the app itself never runs a schema. A bundler keeps a
 * top-level call it cannot prove pure, so every schema, and zod with them (about 30 KiB gzip), would
 * come with the first screen that shows an API error. For the build only, each top-level
 * `const X = <expression with a call>` of those files is wrapped in an IIFE marked pure: it runs exactly as before when
 * used, and is dropped with its imports when not. (The contracts declare only values there: no call
 * at their top level is there for its side effects.)
 */
export function pureContracts(): Plugin {
  return {
    name: 'pure-contracts',
    apply: 'build',
    transform: {
      filter: { id: CONTRACTS },
      handler(code, id) {
        const { program } = parseSync(id, code);
        const calls: [number, number][] = [];
        for (const statement of program.body) {
          const declaration = statement.type === 'ExportNamedDeclaration' ? statement.declaration : statement;
          if (declaration?.type !== 'VariableDeclaration') continue;
          for (const declarator of declaration.declarations) {
            const init = declarator.init;
            // A call, or an object or array holding calls (a table of field schemas); not a function.
            if (!init || FUNCTIONS.has(init.type)) continue;
            if (code.slice(init.start, init.end).includes('(')) calls.push([init.start, init.end]);
          }
        }
        if (!calls.length) return null;
        let out = code;
        for (const [start, end] of calls.reverse()) {
          out = `${out.slice(0, start)}/* @__PURE__ */ (() => (${out.slice(start, end)}))()${out.slice(end)}`;
        }
        return { code: out, map: null };
      },
    },
  };
}
