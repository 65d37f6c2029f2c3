import { constants } from 'node:zlib';
import compress from '@fastify/compress';
import fp from 'fastify-plugin';

/** Below this many bytes an answer goes as it is: compressing it saves less than it costs. */
export const COMPRESS_THRESHOLD = 1024;

/**
 * Compresses the answers the gateway writes (JSON, feeds, XML, text) with brotli or gzip, whichever
 * the request accepts (with `Vary: Accept-Encoding`), on the routes registered after it (app.ts). What
 * goes as it is: a 206 or any answer with Content-Range (its offsets are the unencoded bytes), audio and
 * images (not compressible types), an event stream, and an empty body (a 304, a HEAD).
 * Request bodies are never decompressed: a small gzip body must not unpack past the body limit.
 */
export default fp(
  async (app) => {
    await app.register(compress, {
      global: true,
      globalDecompression: false,
      encodings: ['br', 'gzip'],
      threshold: COMPRESS_THRESHOLD,
      // Answers are compressed as they are sent: brotli's quality 4 is about gzip's speed, and smaller.
      brotliOptions: { params: { [constants.BROTLI_PARAM_QUALITY]: 4 } },
      zlibOptions: { level: 6 },
    });
  },
  { name: 'compress' },
);
