import { createServer } from 'node:net';

/**
 * True when nothing listens on the port. We bind the wildcard address because the services
 * listen on 0.0.0.0: a bind there fails if anything holds the port on any IPv4 address.
 */
export function isPortFree(port: number, host = '0.0.0.0'): Promise<boolean> {
  return new Promise((resolve) => {
    const server = createServer();
    server.unref();
    server.once('error', () => resolve(false));
    server.listen({ port, host, exclusive: true }, () => server.close(() => resolve(true)));
  });
}

/** The first free port at or above `start` (scans `attempts` ports), skipping `taken`. */
export async function findFreePort(
  start: number,
  options: { attempts?: number; host?: string; taken?: Iterable<number> } = {},
): Promise<number> {
  const attempts = options.attempts ?? 100;
  const taken = new Set(options.taken ?? []);
  for (let port = start; port < start + attempts && port <= 65535; port++) {
    if (taken.has(port)) continue;
    if (await isPortFree(port, options.host)) return port;
  }
  throw new Error(`no free TCP port in ${start}-${start + attempts - 1}`);
}

/** Polls until `probe` resolves true; rejects after `timeoutMs` or as soon as `abort` fires. */
export async function waitFor(
  probe: () => Promise<boolean>,
  options: { timeoutMs: number; intervalMs?: number; what: string; abort?: AbortSignal },
): Promise<void> {
  const deadline = Date.now() + options.timeoutMs;
  for (;;) {
    options.abort?.throwIfAborted();
    if (await probe().catch(() => false)) return;
    if (Date.now() > deadline)
      throw new Error(`timed out after ${options.timeoutMs} ms waiting for ${options.what}`);
    await new Promise((resolve) => setTimeout(resolve, options.intervalMs ?? 200));
  }
}

/** GET that reports the status (0 when nothing answers); every probe has its own short timeout. */
export async function httpStatus(url: string, timeoutMs = 2000): Promise<number> {
  try {
    const response = await fetch(url, { signal: AbortSignal.timeout(timeoutMs) });
    await response.body?.cancel();
    return response.status;
  } catch {
    return 0;
  }
}
