/**
 * The Node.js options and process environment every compiled service runs with, wherever it runs: the
 * Dockerfile's runtime stages (ENV, checked by infra/test/node-options.test.ts), `pnpm start` and the
 * bench.
 *
 * `--max-semi-space-size=4`: V8's young generation grows to 3 × 16 MiB semi-spaces on 64-bit machines,
 * which an idle service keeps committed; 4 MiB semi-spaces cost a few more (cheap) scavenges under
 * load and save about 20 MiB resident per process. Given as NODE_OPTIONS, not on the command line,
 * because worker threads (the crawler's sanitiser pool) inherit the command line's flags and refuse
 * per-process ones.
 */
export const SERVICE_NODE_OPTIONS = '--max-semi-space-size=4';

/** NODE_OPTIONS for a service: the operator's own first, then ours. */
export function serviceNodeOptions(existing: string | undefined): string {
  return [existing?.trim(), SERVICE_NODE_OPTIONS].filter(Boolean).join(' ');
}

/**
 * glibc's malloc gives every thread that allocates (V8's GC helpers, libuv's pool, ICU) an arena of its
 * own, up to eight per core, and memory freed in one is not reused by another: an idle service keeps
 * 10-20 MiB of such fragments. Two arenas are enough for a process whose JavaScript runs on one thread.
 */
export const SERVICE_MALLOC_ARENA_MAX = '2';

/** The environment a service starts with: NODE_OPTIONS as above, and the operator's MALLOC_ARENA_MAX if set. */
export function serviceEnv(env: NodeJS.ProcessEnv): { NODE_OPTIONS: string; MALLOC_ARENA_MAX: string } {
  return {
    NODE_OPTIONS: serviceNodeOptions(env.NODE_OPTIONS),
    MALLOC_ARENA_MAX: env.MALLOC_ARENA_MAX?.trim() || SERVICE_MALLOC_ARENA_MAX,
  };
}
