import { createRequire } from 'node:module';
import { pathToFileURL } from 'node:url';
import { Piscina } from 'piscina';
import { batchItems } from '../batch-calls.ts';
import { sanitizeContent } from './html.ts';

export type SanitizeItem = { html: string; baseUrl?: string };

/** Sanitises crawled HTML, on worker threads when it has them, so parsing HTML never holds the main thread. */
export type Sanitizer = {
  sanitize(items: SanitizeItem[]): Promise<string[]>;
  close(): Promise<void>;
};

// Compiled (dist/main.js), the worker is dist/sanitize.worker.js beside this module's bundle.
const COMPILED = import.meta.url.endsWith('.js');
const WORKER = new URL(COMPILED ? './sanitize.worker.js' : './sanitize.worker.ts', import.meta.url);

export const SANITIZER_IDLE_MS = 60_000;

/**
 * `threads: 0` sanitises inline. Otherwise a Piscina pool of that many worker threads: a crawl
 * sends its items as one task, shared with the crawls that are ready in the same turn of the event
 * loop. From sources the worker module is TypeScript; when this process was not started through tsx (a
 * test runner transforms modules its own way), the workers load tsx themselves.
 */
export function createSanitizer(options: { threads: number }): Sanitizer {
  if (options.threads <= 0) {
    return {
      sanitize: async (items) => items.map((item) => sanitizeContent(item.html, item.baseUrl)),
      close: async () => undefined,
    };
  }
  const needsTsx = !COMPILED && !process.execArgv.some((arg) => arg.includes('tsx'));
  const pool = new Piscina<SanitizeItem[], string[]>({
    filename: WORKER.href,
    // Threads start with the first crawl and end after a minute without work: an idle crawler holds
    // no thread (each is a V8 isolate of its own, about 15 MiB), a crawl run keeps them warm.
    minThreads: 0,
    maxThreads: options.threads,
    idleTimeout: SANITIZER_IDLE_MS,
    execArgv: needsTsx
      ? [...process.execArgv, '--import', pathToFileURL(createRequire(import.meta.url).resolve('tsx')).href]
      : process.execArgv,
  });
  // Crawls that finish parsing in the same turn share one task: one message and one wake-up of a thread.
  const sanitize = batchItems<SanitizeItem, string>((items) => pool.run(items), {
    // A task of at most ~1 MB of HTML, so a few large feeds still spread over the threads.
    maxWeight: 1_000_000,
    weight: (items) => items.reduce((n, item) => n + item.html.length, 0),
  });
  return {
    sanitize,
    close: () => pool.close(),
  };
}
