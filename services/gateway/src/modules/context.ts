import type { Logger } from '@app/logger';
import type { Producer } from '@app/queue';
import type { GatewayConfig } from '../config.ts';
import type { Repositories } from './repositories.ts';

/** Signs and checks the gateway's JWTs (access tokens, OAuth state); backed by @fastify/jwt. */
export type TokenSigner = {
  sign(payload: Record<string, unknown>, options: { expiresIn: string | number }): string;
  verify<T extends object>(token: string): T;
};

/**
 * What a service function needs; built once in plugins/app/services.plugin.ts. `R` names the
 * repositories the service is given: each service declares its own list (`…_REPOS`) and receives only
 * those (`withRepos`), so what it may read and write is visible at its top.
 */
export type ServiceContext<R extends keyof Repositories = keyof Repositories> = {
  config: GatewayConfig;
  repos: Pick<Repositories, R>;
  producer: Producer;
  logger: Logger;
  clock: () => Date;
  tokens: TokenSigner;
};

export type { RequestMeta } from '../lib/request-meta.ts';

/** `ctx` with only the repositories `names` (a service's declared list). */
export function withRepos<R extends keyof Repositories>(
  ctx: ServiceContext,
  names: readonly R[],
): ServiceContext<R> {
  const repos = Object.fromEntries(names.map((name) => [name, ctx.repos[name]])) as Pick<Repositories, R>;
  return { ...ctx, repos };
}
