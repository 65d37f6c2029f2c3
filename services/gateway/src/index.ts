export { type AppDeps, buildApp } from './app.ts';
export { type GatewayConfig, gatewayConfigSchema, loadGatewayConfig } from './config.ts';
export { ROUTE_ACCESS, type AccessLevel, type RouteAccess } from './routes/access.ts';
