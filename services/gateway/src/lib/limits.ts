import type { FastifyRequest } from 'fastify';
import type { GatewayConfig } from '../config.ts';
import { requireUser } from '../plugins/app/guards.ts';

/** Reset emails per address (known or not) per quarter hour. */
export const RESET_REQUESTS_PER_EMAIL = 3;
/** Change-password attempts per account per quarter hour (a stolen access token guessing the current one). */
export const CHANGE_PASSWORD_ATTEMPTS = 10;
/** "Resend verification email": one per address per this many seconds, known address or not. */
export const RESEND_COOLDOWN_SECONDS = 60;
/** Sign-ups of one address from one client per minute (each may send a confirmation email). */
export const NEWSLETTER_SIGNUPS_PER_ADDRESS = 10;

const MINUTE = 60_000;
const HOUR = 60 * MINUTE;

/**
 * What a bucket counts, from the request: its address, the normalised email of its (validated) body,
 * both, the signed-in user, or every request together.
 */
type CountedBy = 'ip' | 'email' | 'ip+email' | 'user' | 'user-or-ip' | 'everyone';

type LimitRule = {
  by: CountedBy;
  max: number | ((config: GatewayConfig) => number);
  windowMs: number;
  /** What the limit stops, for the reader of this table. */
  stops: string;
};

/**
 * Every request-count limit of the gateway, by name: the one place a limit's size, window and key
 * are set. The name is the bucket's key prefix in Redis (shared by every replica), so two routes
 * naming one limit share its count. A route takes a limit with `limitOptions` (its `config.rateLimit`,
 * checked by @fastify/rate-limit) or `app.limits.enforce(name)` (several buckets in a preHandler);
 * answers past a limit are 429 RATE_LIMITED with Retry-After. The other limits (the sign-in delay
 * and the requests held open) are in plugins/app/limits.plugin.ts; body sizes in config.ts.
 */
export const LIMITS = {
  'register-ip': {
    by: 'ip',
    max: (config) => config.REGISTER_IP_RATE_LIMIT,
    windowMs: HOUR,
    stops: 'fake accounts, and verification mail sent to strangers',
  },
  'login-ip': {
    by: 'ip',
    max: (config) => config.LOGIN_IP_RATE_LIMIT,
    windowMs: 10 * MINUTE,
    stops: 'one address trying many accounts (credential stuffing)',
  },
  login: {
    by: 'ip+email',
    max: (config) => config.LOGIN_RATE_LIMIT,
    windowMs: MINUTE,
    stops: 'password guessing of one account from one address',
  },
  'verify-ip': {
    by: 'ip',
    max: (config) => config.LOGIN_IP_RATE_LIMIT,
    windowMs: 10 * MINUTE,
    stops: 'guessing verification tokens',
  },
  'account-mail-ip': {
    by: 'ip',
    max: (config) => config.LOGIN_IP_RATE_LIMIT,
    windowMs: 10 * MINUTE,
    stops: 'one address sending account emails (reset, verification) to many mailboxes',
  },
  'resend-verification': {
    by: 'email',
    max: 1,
    windowMs: RESEND_COOLDOWN_SECONDS * 1000,
    stops: 'one mailbox flooded with verification emails',
  },
  'password-reset': {
    by: 'email',
    max: RESET_REQUESTS_PER_EMAIL,
    windowMs: 15 * MINUTE,
    stops: 'one mailbox flooded with reset emails',
  },
  'password-reset-confirm-ip': {
    by: 'ip',
    max: (config) => config.LOGIN_IP_RATE_LIMIT,
    windowMs: 10 * MINUTE,
    stops: 'guessing reset tokens',
  },
  'change-password': {
    by: 'user-or-ip',
    max: CHANGE_PASSWORD_ATTEMPTS,
    windowMs: 15 * MINUTE,
    stops: 'a stolen access token guessing the current password',
  },
  newsletter: {
    by: 'ip+email',
    max: NEWSLETTER_SIGNUPS_PER_ADDRESS,
    windowMs: MINUTE,
    stops: 'one inbox hammered with double opt-in mail',
  },
  'newsletter-ip': {
    by: 'ip',
    max: (config) => config.NEWSLETTER_SIGNUPS_PER_IP_PER_HOUR,
    windowMs: HOUR,
    stops: 'one client signing many addresses up',
  },
  'newsletter-all': {
    by: 'everyone',
    max: (config) => config.NEWSLETTER_SIGNUPS_PER_HOUR,
    windowMs: HOUR,
    stops: 'the sign-up form as a way to make the product send mail',
  },
  'feeds-ip': {
    by: 'ip',
    max: (config) => config.FEEDS_IP_RATE_LIMIT,
    windowMs: MINUTE,
    stops: 'scrapers of the public feeds and favourites-feed token guessers',
  },
  'social-cards-ip': {
    by: 'ip',
    max: (config) => config.FEEDS_IP_RATE_LIMIT,
    windowMs: MINUTE,
    stops: 'one client making the gateway draw card after card',
  },
  'podcast-feed-ip': {
    by: 'ip',
    max: (config) => config.FEEDS_IP_RATE_LIMIT,
    windowMs: MINUTE,
    stops: 'podcast-feed token guessers and scrapers',
  },
  'podcast-audio-ip': {
    by: 'ip',
    max: (config) => config.FEEDS_IP_RATE_LIMIT,
    windowMs: MINUTE,
    stops: 'episode downloads hammered (counted apart from the feed: players ask for ranges)',
  },
  'generation-create': {
    by: 'user',
    max: (config) => config.GENERATION_TASKS_PER_MINUTE,
    windowMs: MINUTE,
    stops: 'one user filling the generation queue',
  },
  'source-submission': {
    by: 'user',
    max: (config) => config.SOURCE_SUBMISSIONS_PER_HOUR,
    windowMs: HOUR,
    stops: 'one user flooding the admins with source suggestions',
  },
} as const satisfies Record<string, LimitRule>;

export type LimitName = keyof typeof LIMITS;

const emailOf = (request: FastifyRequest) => (request.body as { email: string }).email;

function keyOf(name: LimitName, by: CountedBy): (request: FastifyRequest) => string {
  switch (by) {
    case 'ip':
      return (request) => `${name}:${request.ip}`;
    case 'email':
      return (request) => `${name}:${emailOf(request)}`;
    case 'ip+email':
      return (request) => `${name}:${request.ip}:${emailOf(request)}`;
    case 'user':
      return (request) => `${name}:${requireUser(request).id}`;
    case 'user-or-ip':
      return (request) => `${name}:${request.user?.id ?? request.ip}`;
    case 'everyone':
      return () => name;
  }
}

/**
 * A limit as @fastify/rate-limit options, for a route's `config.rateLimit` or `app.createRateLimit`.
 * A limit keyed by the body's email is counted after validation (preHandler), on the normalised email.
 */
export function limitOptions(config: GatewayConfig, name: LimitName) {
  const rule: LimitRule = LIMITS[name];
  const byBody = rule.by === 'email' || rule.by === 'ip+email';
  return {
    max: typeof rule.max === 'function' ? rule.max(config) : rule.max,
    timeWindow: rule.windowMs,
    keyGenerator: keyOf(name, rule.by),
    ...(byBody ? { hook: 'preHandler' as const } : {}),
  };
}
