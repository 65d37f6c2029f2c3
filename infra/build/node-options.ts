/**
 * The Node.js options every compiled service runs with, wherever it runs: the Dockerfile's runtime
 * stages (ENV NODE_OPTIONS, checked by infra/test/node-options.test.ts), `pnpm start` and the bench.
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
