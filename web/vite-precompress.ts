import { readdir, readFile, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { promisify } from 'node:util';
import { brotliCompress, constants, gzip } from 'node:zlib';
import type { Plugin } from 'vite';

const brotli = promisify(brotliCompress);
const gzipAsync = promisify(gzip);

/** Text files of a build worth compressing (source maps are for developers and stay as they are). */
const COMPRESSIBLE = /\.(?:js|mjs|css|html|svg|json|txt|xml|webmanifest)$/i;
/** Below this, the headers cost more than the compression saves. */
const MIN_BYTES = 1024;

/**
 * Writes a brotli (`.br`, quality 11) and a gzip (`.gz`, level 9) copy beside every text file of the
 * build, once, at build time: the gateway picks one by Accept-Encoding (@fastify/static with
 * `preCompressed`) instead of compressing on every request, and at the highest levels, which would be
 * too slow per request.
 */
export function precompress(): Plugin {
  let outDir = '';
  return {
    name: 'precompress',
    apply: 'build',
    configResolved(config) {
      outDir = path.resolve(config.root, config.build.outDir);
    },
    async closeBundle() {
      await precompressDirectory(outDir);
    },
  };
}

export async function precompressDirectory(directory: string): Promise<void> {
  // Not the build's own records (.vite/manifest.json), which are never served.
  const files = (await readdir(directory, { recursive: true })).filter(
    (file) => COMPRESSIBLE.test(file) && !file.split(path.sep).some((part) => part.startsWith('.')),
  );
  for (const file of files) {
    const full = path.join(directory, file);
    const body = await readFile(full);
    if (body.length < MIN_BYTES) continue;
    const [br, gz] = await Promise.all([
      brotli(body, {
        params: {
          [constants.BROTLI_PARAM_QUALITY]: constants.BROTLI_MAX_QUALITY,
          [constants.BROTLI_PARAM_MODE]: constants.BROTLI_MODE_TEXT,
          [constants.BROTLI_PARAM_SIZE_HINT]: body.length,
        },
      }),
      gzipAsync(body, { level: 9 }),
    ]);
    // The gateway serves whichever copies exist, and the file itself otherwise.
    if (br.length < body.length) await writeFile(`${full}.br`, br);
    if (gz.length < body.length) await writeFile(`${full}.gz`, gz);
  }
}
