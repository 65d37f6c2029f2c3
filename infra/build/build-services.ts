// Compiles the gateway, the worker services and the database CLI to JavaScript: one ES module per
// entry point under the package's dist/, with the workspace packages (@app/*) bundled in and every
// other package left to node_modules. A bare import that the package does not declare in its
// "dependencies" fails the build: a production install (`pnpm deploy --prod`) would not have it.
//
//   tsx infra/build/build-services.ts            build every package
//   tsx infra/build/build-services.ts gateway    build the packages whose directory name matches
import { readFileSync } from 'node:fs';
import { mkdir, readFile, rm, writeFile } from 'node:fs/promises';
import { builtinModules, createRequire } from 'node:module';
import path from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { build, type Plugin } from 'esbuild';

const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');

export type BuildTarget = {
  /** Package directory, relative to the repository root (or absolute). */
  dir: string;
  /** Output name (dist/<name>.js) → source file, relative to the package. */
  entries: Record<string, string>;
};

/** Each output sits at the depth of its source, so paths a module takes from import.meta.url hold. */
export const TARGETS: BuildTarget[] = [
  {
    dir: 'services/gateway',
    entries: {
      server: 'src/server.ts',
      // Started by @app/bilingual beside the bundle, on first search across languages without a cache.
      'dictionary.worker': '../../packages/bilingual/src/dictionary.worker.ts',
    },
  },
  {
    dir: 'services/crawler',
    entries: { main: 'src/main.ts', 'sanitize.worker': 'src/parse/sanitize.worker.ts' },
  },
  { dir: 'services/summarizer', entries: { main: 'src/main.ts' } },
  {
    dir: 'services/podcast',
    entries: { main: 'src/main.ts', 'audio.worker': 'src/audio/audio.worker.ts' },
  },
  { dir: 'services/content-generation', entries: { main: 'src/main.ts' } },
  { dir: 'services/mailer', entries: { main: 'src/main.ts' } },
  { dir: 'packages/db', entries: { migrate: 'src/cli/migrate.ts', seed: 'src/cli/seed.ts' } },
];

const BUILTINS = new Set([...builtinModules, ...builtinModules.map((name) => `node:${name}`)]);

/** `@scope/name/sub` → `@scope/name`; `name/sub` → `name`. */
export function packageName(specifier: string): string {
  const parts = specifier.split('/');
  return specifier.startsWith('@') ? parts.slice(0, 2).join('/') : parts[0]!;
}

/** Bundles @app/* sources; leaves other packages external and records the ones not declared. */
function externals(declared: Set<string>, undeclared: Set<string>): Plugin {
  return {
    name: 'externals',
    setup(builder) {
      builder.onResolve({ filter: /^[^./]/ }, (args) => {
        if (BUILTINS.has(args.path)) return { external: true };
        const name = packageName(args.path);
        if (name.startsWith('@app/')) return undefined;
        if (!declared.has(name)) undeclared.add(name);
        return { external: true };
      });
    },
  };
}

/** The Prisma query compiler as a file beside the bundle (see prismaCompilerWasm). */
export const PRISMA_COMPILER_WASM = 'query_compiler_fast_bg.postgresql.wasm';
const PRISMA_WASM_BASE64 = '@prisma/client/runtime/query_compiler_fast_bg.postgresql.wasm-base64.mjs';
const PRISMA_WASM_LOADER =
  /getQueryCompilerWasmModule: async \(\) => \{\s*const \{ wasm \} = await import\("@prisma\/client\/runtime\/query_compiler_fast_bg\.postgresql\.wasm-base64\.mjs"\)\s*return await decodeBase64AsWasm\(wasm\)\s*\}/;

/**
 * The generated Prisma client loads its query compiler (3.4 MB of WebAssembly) from a JavaScript
 * module holding it as a 4.5 MB base64 string, and V8 keeps a module's source for the life of the
 * process. In the bundle the client reads the .wasm bytes from a file written beside it instead:
 * about 9 MB less resident in every process that talks to the database. The build fails if a Prisma
 * upgrade changes the generated loader, rather than silently keeping the string.
 */
function prismaCompilerWasm(outdir: string): Plugin {
  return {
    name: 'prisma-compiler-wasm',
    setup(builder) {
      let written: Promise<void> | undefined;
      builder.onLoad({ filter: /[\\/]generated[\\/]prisma[\\/]internal[\\/]class\.ts$/ }, async (args) => {
        const source = await readFile(args.path, 'utf8');
        if (!PRISMA_WASM_LOADER.test(source)) {
          throw new Error(
            `${args.path}: the Prisma query compiler loader is not the one this build rewrites`,
          );
        }
        written ??= (async () => {
          const require = createRequire(args.path);
          const { wasm } = (await import(pathToFileURL(require.resolve(PRISMA_WASM_BASE64)).href)) as {
            wasm: string;
          };
          await mkdir(outdir, { recursive: true });
          await writeFile(path.join(outdir, PRISMA_COMPILER_WASM), Buffer.from(wasm, 'base64'));
        })();
        await written;
        const contents = source.replace(
          PRISMA_WASM_LOADER,
          `getQueryCompilerWasmModule: async () => {
    const { readFile } = await import('node:fs/promises')
    return await WebAssembly.compile(await readFile(new URL('./${PRISMA_COMPILER_WASM}', import.meta.url)))
  }`,
        );
        return { contents, loader: 'ts' };
      });
    },
  };
}

export async function buildTarget(target: BuildTarget): Promise<void> {
  const dir = path.resolve(ROOT, target.dir);
  const manifest = JSON.parse(readFileSync(path.join(dir, 'package.json'), 'utf8')) as {
    dependencies?: Record<string, string>;
  };
  const declared = new Set(Object.keys(manifest.dependencies ?? {}));
  const undeclared = new Set<string>();
  const outdir = path.join(dir, 'dist');
  await rm(outdir, { recursive: true, force: true });
  await build({
    absWorkingDir: dir,
    entryPoints: Object.entries(target.entries).map(([out, source]) => ({ out, in: source })),
    outdir,
    bundle: true,
    platform: 'node',
    format: 'esm',
    // A module imported with import() becomes a chunk of its own, loaded when first needed (with the
    // packages it imports): otherwise its imports would be hoisted into the entry and load at start-up.
    // Chunks sit beside the entries, so a path taken from import.meta.url is the same in either.
    splitting: true,
    chunkNames: '[name]-[hash]',
    target: 'node20',
    outExtension: { '.js': '.js' },
    plugins: [externals(declared, undeclared), prismaCompilerWasm(outdir)],
    logLevel: 'warning',
    legalComments: 'none',
  });
  if (undeclared.size > 0) {
    throw new Error(
      `${target.dir}: imports ${[...undeclared].sort().join(', ')} without declaring ${undeclared.size === 1 ? 'it' : 'them'} in its package.json "dependencies"`,
    );
  }
}

/** Builds the targets whose directory name is one of `filters` (all when empty); throws naming every failure. */
export async function buildServices(filters: string[] = []): Promise<BuildTarget[]> {
  const selected = filters.length
    ? TARGETS.filter((target) => filters.some((filter) => path.basename(target.dir) === filter))
    : TARGETS;
  if (selected.length === 0) throw new Error(`no package matches ${filters.join(', ')}`);
  const results = await Promise.allSettled(selected.map(buildTarget));
  const failures = results.flatMap((result) => (result.status === 'rejected' ? [result.reason] : []));
  if (failures.length > 0) {
    throw new Error(
      failures.map((failure) => (failure instanceof Error ? failure.message : String(failure))).join('\n'),
    );
  }
  return selected;
}

async function main(filters: string[]): Promise<void> {
  const started = performance.now();
  try {
    const built = await buildServices(filters);
    console.log(
      `built ${built.map((target) => target.dir).join(', ')} in ${Math.round(performance.now() - started)} ms`,
    );
  } catch (error) {
    console.error((error as Error).message);
    process.exit(1);
  }
}

if (process.argv[1] && fileURLToPath(import.meta.url) === path.resolve(process.argv[1])) {
  await main(process.argv.slice(2));
}
