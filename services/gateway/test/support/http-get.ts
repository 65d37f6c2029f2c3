import http from 'node:http';
import { brotliDecompressSync, gunzipSync } from 'node:zlib';

export type HttpAnswer = { status: number; headers: http.IncomingHttpHeaders; raw: Buffer; body: string };

/**
 * One request over a real socket to 127.0.0.1:`port`, with `target` sent verbatim (no client tidies a
 * path up); `body` is `raw` decoded by the answer's content-encoding. With `resetIsAnswer`, a
 * connection Node's parser reset (a request line it refuses outright) answers status 0.
 */
export function httpRequest(
  port: number,
  target: string,
  options: {
    method?: string;
    headers?: Record<string, string>;
    body?: Buffer | string;
    resetIsAnswer?: boolean;
  } = {},
): Promise<HttpAnswer> {
  return new Promise((resolve, reject) => {
    const request = http.request(
      {
        agent: false,
        host: '127.0.0.1',
        port,
        method: options.method ?? 'GET',
        path: target,
        headers: { host: `127.0.0.1:${port}`, ...options.headers },
      },
      (response) => {
        const chunks: Buffer[] = [];
        response.on('data', (chunk: Buffer) => chunks.push(chunk));
        response.on('end', () => {
          const raw = Buffer.concat(chunks);
          const encoding = response.headers['content-encoding'];
          const decoded =
            encoding === 'br' ? brotliDecompressSync(raw) : encoding === 'gzip' ? gunzipSync(raw) : raw;
          resolve({
            status: response.statusCode ?? 0,
            headers: response.headers,
            raw,
            body: decoded.toString(),
          });
        });
        response.on('error', reject);
      },
    );
    request.on('error', (error: NodeJS.ErrnoException) =>
      options.resetIsAnswer && error.code === 'ECONNRESET'
        ? resolve({ status: 0, headers: {}, raw: Buffer.alloc(0), body: '' })
        : reject(error),
    );
    request.end(options.body);
  });
}
