export { type AppDeps, buildApp } from './app.ts';
export { type GatewayConfig, gatewayConfigSchema, loadGatewayConfig } from './config.ts';
export type { AccessLevel, RouteAccess } from './lib/access.ts';
