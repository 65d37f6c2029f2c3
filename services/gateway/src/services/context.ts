import type { Logger } from '@app/logger';
import type { Producer } from '@app/queue';
import type { GatewayConfig } from '../config.ts';
import type { Repositories } from '../repositories/index.ts';

/** Signs and checks the gateway's JWTs (access tokens, OAuth state); backed by @fastify/jwt. */
export type TokenSigner = {
  sign(payload: Record<string, unknown>, options: { expiresIn: string | number }): string;
  verify<T extends object>(token: string): T;
};

/** What every service function needs; built once in plugins/app/services.plugin.ts. */
export type ServiceContext = {
  config: GatewayConfig;
  repos: Repositories;
  producer: Producer;
  logger: Logger;
  clock: () => Date;
  tokens: TokenSigner;
};

/** The caller's address and browser, stored with each refresh session for the user's own review. */
export type RequestMeta = { ip: string | null; userAgent: string | null; requestId: string };
