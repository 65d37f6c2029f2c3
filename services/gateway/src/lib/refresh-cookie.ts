import { isProductionLike } from '@app/config';
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { GatewayConfig } from '../config.ts';

export const REFRESH_COOKIE = 'refresh_token';
/**
 * Set and cleared with the refresh cookie, site-wide and readable by the page: it holds no secret, only
 * tells the web app that a refresh cookie may be there, so a visitor's page load does not ask
 * /api/auth/refresh for a session it cannot have (web/src/features/auth/auth-store.ts).
 */
export const SESSION_HINT_COOKIE = 'has_session';

/**
 * Cookies are Secure whenever the site is served over https (whatever NODE_ENV says) and in production;
 * only a plain-http development or test site sends them without the flag.
 */
export function secureCookies(config: Pick<GatewayConfig, 'NODE_ENV' | 'PUBLIC_URL'>): boolean {
  return isProductionLike(config);
}

// Scoped to /api/auth so the long-lived token never rides along with ordinary API calls.
function cookieOptions(config: GatewayConfig) {
  return {
    httpOnly: true,
    sameSite: 'lax' as const,
    secure: secureCookies(config),
    path: '/api/auth',
  };
}

function hintOptions(config: GatewayConfig) {
  return { httpOnly: false, sameSite: 'lax' as const, secure: secureCookies(config), path: '/' };
}

export function setRefreshCookie(reply: FastifyReply, config: GatewayConfig, token: string): void {
  const maxAge = config.REFRESH_TOKEN_TTL_DAYS * 86_400;
  reply.setCookie(REFRESH_COOKIE, token, { ...cookieOptions(config), maxAge });
  reply.setCookie(SESSION_HINT_COOKIE, '1', { ...hintOptions(config), maxAge });
}

export function clearRefreshCookie(reply: FastifyReply, config: GatewayConfig): void {
  reply.clearCookie(REFRESH_COOKIE, cookieOptions(config));
  reply.clearCookie(SESSION_HINT_COOKIE, hintOptions(config));
}

export function readRefreshCookie(request: FastifyRequest): string | undefined {
  const value = request.cookies[REFRESH_COOKIE];
  return value && value.length <= 200 ? value : undefined;
}
