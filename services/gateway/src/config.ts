import { createHmac } from 'node:crypto';
import { availableParallelism } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { env, isProductionLike, loadConfig, loadConfigOrExit, secretProblem, z } from '@app/config';
import type { PaymentsMode } from '@app/contracts';
import { storageEnvIssues, storageEnvShape } from '@app/storage';
import { isValidTimeZone } from '@app/time';
import { priceTableEnv } from '@app/usage';

const here = path.dirname(fileURLToPath(import.meta.url));

/**
 * Used when JWT_SECRET is unset on a developer's or a test's machine (NODE_ENV development or test and a
 * plain-http PUBLIC_URL); refused anywhere else. server.ts warns when it is in use.
 */
export const DEV_JWT_SECRET = 'dev-only-jwt-secret-change-me-0123456789abcdef';

const GOOGLE_AUTH_URL = 'https://accounts.google.com/o/oauth2/v2/auth';
const GOOGLE_TOKEN_URL = 'https://oauth2.googleapis.com/token';
const GOOGLE_USERINFO_URL = 'https://openidconnect.googleapis.com/v1/userinfo';

// fastify's trustProxy: true/false, a hop count, or a comma-separated list of addresses/CIDRs.
const trustProxy = z
  .string()
  .default('false')
  .transform((value): boolean | number | string[] => {
    if (value === 'true' || value === 'false') return value === 'true';
    if (/^\d+$/.test(value)) return Number(value);
    return value.split(',').map((s) => s.trim());
  });

export const gatewayConfigSchema = z
  .object({
    /**
     * development | production | test. Anything but development/test, or an https PUBLIC_URL, counts as
     * production: real secrets required, Secure cookies.
     */
    NODE_ENV: env.nodeEnv,
    /** HTTP port; the gateway also serves the built web app. */
    PORT: env.port(3000),
    /** Interface to listen on. */
    HOST: z.string().default('0.0.0.0'),
    /**
     * Processes serving the port (node:cluster), each with its own connections; 1 runs the gateway in
     * this process alone. Default: one per CPU this process may use, at most 4.
     */
    GATEWAY_WORKERS: z.coerce
      .number()
      .int()
      .min(1)
      .max(64)
      .default(() => Math.min(availableParallelism(), 4)),
    /** PostgreSQL connection string (the one source of truth). */
    DATABASE_URL: env.databaseUrl,
    /**
     * Redis for the queues and the rate limits, which every gateway process then shares; unset: queues on
     * PostgreSQL, limits counted per process.
     */
    REDIS_URL: env.redisUrl,
    /** Queue namespace (Redis key prefix, or PostgreSQL schema): the worker services' QUEUE_PREFIX. */
    QUEUE_PREFIX: env.queuePrefix,
    /** Public base URL of the site: verification links and post-login redirects point here. */
    PUBLIC_URL: env.publicUrl.transform((url) => url.replace(/\/+$/, '')),
    /**
     * HS256 key for access tokens, OAuth state and cookies; at least 32 bytes, never a value published in
     * this repository. Required in production (make one with `openssl rand -base64 48`).
     */
    JWT_SECRET: env.secret.optional(),
    /**
     * Bearer token that /metrics asks for on the public port; unset: /metrics answers 404 there. At least
     * 16 characters; in production a real secret like JWT_SECRET. (Worker services serve /metrics on their
     * own health port instead.)
     */
    METRICS_TOKEN: z.string().min(16, 'must be at least 16 characters').optional(),
    /** Access token lifetime in seconds; short because the refresh cookie renews it. */
    ACCESS_TOKEN_TTL: z.coerce.number().int().min(30).max(86_400).default(900),
    /** Refresh session lifetime in days (sliding: every rotation starts a new period). */
    REFRESH_TOKEN_TTL_DAYS: z.coerce.number().int().min(1).max(365).default(30),
    /**
     * Seconds during which the token just rotated may be presented again (a reload or a second tab that
     * sent it before the answer arrived) and gets a token of its own instead of counting as theft; 0: never.
     */
    REFRESH_REUSE_GRACE_SECONDS: z.coerce.number().int().min(0).max(300).default(30),
    /** Refuse password logins until the email is verified. */
    AUTH_REQUIRE_EMAIL_VERIFICATION: env.booleanString.default(true),
    /** Google OAuth client id; without it and the secret, Google sign-in answers 503. */
    GOOGLE_CLIENT_ID: z.string().min(1).optional(),
    /** Google OAuth client secret. */
    GOOGLE_CLIENT_SECRET: z.string().min(1).optional(),
    /** Google's authorization endpoint (tests point it at a local fake). */
    GOOGLE_AUTH_URL: z.url().default(GOOGLE_AUTH_URL),
    /** Google's token endpoint. */
    GOOGLE_TOKEN_URL: z.url().default(GOOGLE_TOKEN_URL),
    /** Google's OpenID userinfo endpoint. */
    GOOGLE_USERINFO_URL: z.url().default(GOOGLE_USERINFO_URL),
    /** Stripe secret key (then both price ids are required); without it billing answers 503. */
    STRIPE_SECRET_KEY: z.string().min(1).optional(),
    /** Signing secret of the Stripe webhook endpoint; without it POST /api/billing/webhook answers 503. */
    STRIPE_WEBHOOK_SECRET: z.string().min(1).optional(),
    /**
     * Signing secret (`whsec_…`, Svix / Standard Webhooks) of the email provider's bounce and complaint
     * webhook; without it POST /api/newsletter/mail-events answers 503.
     */
    MAIL_WEBHOOK_SECRET: z
      .string()
      .regex(/^(whsec_)?[A-Za-z0-9+/]{24,}={0,2}$/, 'must be the whsec_… signing secret (base64)')
      .optional(),
    /** Stripe price id of the Pro Monthly plan. */
    STRIPE_PRICE_MONTHLY: z.string().min(1).optional(),
    /** Stripe price id of the Pro Annual plan. */
    STRIPE_PRICE_ANNUAL: z.string().min(1).optional(),
    /** Stripe API base URL (tests point it at a local fake); unset: api.stripe.com. */
    STRIPE_API_BASE: z.url().optional(),
    /**
     * The demo checkout: a local page, labelled as taking no payment, plays Stripe Checkout's part and
     * sends Stripe's signed events through the real webhook route, so a fresh install can go Pro, cancel
     * and reactivate. Unset: on when STRIPE_SECRET_KEY is unset and the site is not production. Refused
     * in production and beside STRIPE_SECRET_KEY. Its webhook secret is STRIPE_WEBHOOK_SECRET, or one
     * derived from JWT_SECRET.
     */
    BILLING_DEMO: env.booleanString.optional(),
    /** The Vite build of web/; served with an SPA fallback when the folder exists. */
    WEB_DIST_DIR: z.string().default(path.resolve(here, '../../../web/dist')),
    /** Login attempts allowed per minute for one IP and email pair. */
    LOGIN_RATE_LIMIT: z.coerce.number().int().min(1).max(10_000).default(10),
    /**
     * Start of every Redis key the gateway's limits use, and of its pub/sub channels (the blog's change
     * announcements); two deployments (or test files) sharing one Redis give each its own so their counts
     * and announcements never mix.
     */
    RATE_LIMIT_KEY_PREFIX: z
      .string()
      .regex(/^[\w:.-]{1,80}$/, 'letters, digits and _ : . - only')
      .default('gateway-'),
    /** Newsletter sign-ups per hour from one client address, whatever the emails (one client mailing many). */
    NEWSLETTER_SIGNUPS_PER_IP_PER_HOUR: z.coerce.number().int().min(1).max(100_000).default(20),
    /** Newsletter sign-ups (each may send a confirmation email) per hour from everyone together. */
    NEWSLETTER_SIGNUPS_PER_HOUR: z.coerce.number().int().min(1).max(1_000_000).default(1_000),
    /** Login attempts allowed per 10 minutes from one IP, whatever the emails (credential stuffing). */
    LOGIN_IP_RATE_LIMIT: z.coerce.number().int().min(1).max(100_000).default(100),
    /** Feed requests (topic and favourites feeds, 304s included) allowed per minute from one IP, per feed route. */
    FEEDS_IP_RATE_LIMIT: z.coerce.number().int().min(1).max(100_000).default(120),
    /** Registrations allowed per hour from one IP (fake-account and verification-mail flooding). */
    REGISTER_IP_RATE_LIMIT: z.coerce.number().int().min(1).max(100_000).default(10),
    /**
     * Failed logins of one account from one source (an IPv4 address or an IPv6 /64), or from one browser
     * that signed in to it before (its known-device cookie), before each further attempt from there must
     * wait 2^k seconds since the last failure (k = failures beyond this number). A delay, never a lock,
     * and only for that source: a successful login clears it, a new password clears all of the account's.
     * The account's failures from everywhere reaching this number also warn its owner by email.
     */
    LOGIN_ACCOUNT_FREE_FAILURES: z.coerce.number().int().min(1).max(1000).default(5),
    /**
     * Failed logins of one account from all sources together before every attempt without its
     * known-device cookie waits the same way (a guess spread over many addresses). Browsers known to the
     * account are never held up by it.
     */
    LOGIN_ACCOUNT_CEILING_FAILURES: z.coerce.number().int().min(1).max(100_000).default(50),
    /** Seconds an account's failed logins are remembered after the last one (then the count starts over). */
    LOGIN_ACCOUNT_FAILURE_WINDOW_SECONDS: z.coerce.number().int().min(1).max(86_400).default(900),
    /** Upper bound, in seconds, of the delay between failed logins. */
    LOGIN_ACCOUNT_MAX_DELAY_SECONDS: z.coerce.number().int().min(1).max(86_400).default(300),
    /** Hours between two "someone tried to sign in to your account" emails to one account, at least. */
    LOGIN_WARNING_INTERVAL_HOURS: z.coerce.number().int().min(1).max(720).default(6),
    /** Generation tasks one user may create (or retry) per minute; 429 RATE_LIMITED beyond. */
    GENERATION_TASKS_PER_MINUTE: z.coerce.number().int().min(1).max(10_000).default(20),
    /** Generation tasks of one user waiting in the queue (pending) at once; 429 TOO_MANY_PENDING_TASKS beyond. */
    GENERATION_MAX_PENDING_PER_USER: z.coerce.number().int().min(1).max(10_000).default(10),
    /**
     * Generation tasks a Pro user may create per calendar month (UTC); admins have none. A task counts
     * once it waits, runs or is done, or once one of its model calls succeeded (a failed task that made
     * no call does not). 429 GENERATION_QUOTA_EXHAUSTED beyond.
     */
    GENERATION_MONTHLY_QUOTA: z.coerce.number().int().min(1).max(1_000_000).default(300),
    /**
     * Post-mode requests (POST /api/generate/post, held open while the task runs) one user may have in
     * flight at once, across every gateway process; 429 TOO_MANY_CONCURRENT_REQUESTS beyond.
     */
    GENERATE_POST_MAX_IN_FLIGHT: z.coerce.number().int().min(1).max(1000).default(2),
    /** Source suggestions one user may send per hour. */
    SOURCE_SUBMISSIONS_PER_HOUR: z.coerce.number().int().min(1).max(10_000).default(10),
    /** Signs newsletter unsubscribe links (HMAC); must equal the mailer's. Unset: derived from JWT_SECRET. */
    UNSUBSCRIBE_SECRET: env.secret.optional(),
    /**
     * Newsletter double opt-in (default on): a new address gets a confirmation email and no digest until
     * its link is used. false: a new address is subscribed at once (single opt-in). Either way an existing
     * subscriber is changed, or brought back after unsubscribing or bouncing, only through a confirmation.
     */
    NEWSLETTER_DOUBLE_OPT_IN: env.booleanString.default(true),
    /** Local object storage root the podcast service writes to ({STORAGE_DIR}/podcast-audio/…); the audio route reads it. */
    STORAGE_DIR: z.string().min(1).default(path.resolve(here, '../../../.data/storage')),
    /**
     * What the gateway makes and can make again, kept between processes: the bilingual dictionary of
     * searches across languages (dictionary/, a few MB, built in a second or two on a worker thread) and
     * drawn social cards (social-cards/, at most 256 MB, the least recently used going first). Not
     * writable: each process makes its own, and says so in the log.
     */
    CACHE_DIR: z.string().min(1).default(path.resolve(here, '../../../.data/cache')),
    /**
     * The podcast service's time zone (its PODCAST_TZ, same name and value): which summaries make a
     * date's podcast, and "today" for the admin's make-it-now action.
     */
    PODCAST_TZ: z.string().min(1).default('UTC').refine(isValidTimeZone, 'unknown time zone'),
    // STORAGE_DRIVER (local|s3) and the S3_* keys (documented in @app/storage): the podcast service's values.
    ...storageEnvShape,
    /**
     * Key of an OpenAI-compatible provider (the workers' same name). Set: a search across languages also
     * asks the model for the query's terms in the other language. Unset: the bilingual dictionary alone.
     */
    OPENAI_API_KEY: z.string().min(1).optional(),
    /** The provider's endpoint (OpenAI, DeepSeek, Qwen, Ollama, vLLM…); unset: OpenAI's. */
    OPENAI_BASE_URL: z.url().optional(),
    /** The chat model that translates search queries; unset: gpt-4o-mini. */
    OPENAI_MODEL: z.string().min(1).optional(),
    /**
     * The most a search waits for the model's translation of its query, in ms; past it (or on any error)
     * the dictionary answers alone, and the model is not asked again for 30 s.
     */
    SEARCH_TRANSLATION_TIMEOUT_MS: z.coerce.number().int().min(100).max(10_000).default(1500),
    /**
     * Queries this process sends to the model per minute (each new query once: answers are cached);
     * beyond, the dictionary answers alone. Bounds what anonymous searches can cost.
     */
    SEARCH_TRANSLATIONS_PER_MINUTE: z.coerce.number().int().min(1).max(100_000).default(120),
    /** Model prices for the usage records of those calls: the workers' AI_PRICES (see @app/usage). */
    AI_PRICES: priceTableEnv,
    /**
     * Accept datasource and suggestion URLs on loopback/private addresses (the crawler's own switch, same
     * name). Tests and intranet deployments set it; a public deployment must not (SSRF).
     */
    CRAWLER_ALLOW_PRIVATE_HOSTS: env.booleanString.default(false),
    /** pino level. */
    LOG_LEVEL: env.logLevel,
    /** Reverse proxies to trust for the client IP: true, false, a hop count or a list of addresses. */
    TRUST_PROXY: trustProxy,
  })
  .superRefine((config, ctx) => {
    // A guessable secret would let anyone mint admin tokens: only a developer's machine may use one.
    if (isProductionLike(config)) {
      for (const key of [
        'JWT_SECRET',
        'UNSUBSCRIBE_SECRET',
        'METRICS_TOKEN',
        // A known webhook secret lets anyone forge a payment or a bounce (which suppresses a subscriber).
        'STRIPE_WEBHOOK_SECRET',
        'MAIL_WEBHOOK_SECRET',
      ] as const) {
        // Optional ones: the unsubscribe key is derived from JWT_SECRET, /metrics and the webhooks are
        // off, when unset.
        if (key !== 'JWT_SECRET' && !config[key]) continue;
        const problem = secretProblem(config[key]);
        if (problem) ctx.addIssue({ code: 'custom', path: [key], message: `${problem} in production` });
      }
    }
    // A checkout that takes no money must never face real customers.
    if (config.BILLING_DEMO && isProductionLike(config)) {
      ctx.addIssue({
        code: 'custom',
        path: ['BILLING_DEMO'],
        message:
          'the demo checkout takes no payment and is refused in production (NODE_ENV=production or an https PUBLIC_URL): set the STRIPE_* keys, or unset BILLING_DEMO to turn payments off',
      });
    }
    if (config.BILLING_DEMO && config.STRIPE_SECRET_KEY) {
      ctx.addIssue({
        code: 'custom',
        path: ['BILLING_DEMO'],
        message: 'set either BILLING_DEMO or STRIPE_SECRET_KEY, not both',
      });
    }
    // Half a Stripe set-up would only fail at the first checkout: say so at boot instead.
    for (const key of ['STRIPE_PRICE_MONTHLY', 'STRIPE_PRICE_ANNUAL'] as const) {
      if (config.STRIPE_SECRET_KEY && !config[key]) {
        ctx.addIssue({ code: 'custom', path: [key], message: 'required when STRIPE_SECRET_KEY is set' });
      }
    }
    for (const issue of storageEnvIssues(config)) ctx.addIssue({ code: 'custom', ...issue });
    if (config.LOGIN_ACCOUNT_CEILING_FAILURES < config.LOGIN_ACCOUNT_FREE_FAILURES) {
      ctx.addIssue({
        code: 'custom',
        path: ['LOGIN_ACCOUNT_CEILING_FAILURES'],
        message: 'must be at least LOGIN_ACCOUNT_FREE_FAILURES',
      });
    }
    if (Boolean(config.GOOGLE_CLIENT_ID) !== Boolean(config.GOOGLE_CLIENT_SECRET)) {
      ctx.addIssue({
        code: 'custom',
        path: ['GOOGLE_CLIENT_SECRET'],
        message: 'set both GOOGLE_CLIENT_ID and GOOGLE_CLIENT_SECRET or neither',
      });
    }
  });

type ParsedConfig = z.infer<typeof gatewayConfigSchema>;
export type GatewayConfig = Omit<ParsedConfig, 'JWT_SECRET' | 'BILLING_DEMO'> & {
  JWT_SECRET: string;
  BILLING_DEMO: boolean;
};

type Env = Record<string, string | undefined>;

/** The demo checkout's price ids: its own, so no Stripe account's id appears in a demo row. */
const DEMO_PRICES = { monthly: 'price_demo_monthly', annual: 'price_demo_annual' } as const;

function withDefaults(config: ParsedConfig): GatewayConfig {
  const jwtSecret = config.JWT_SECRET ?? DEV_JWT_SECRET;
  const demo = config.BILLING_DEMO ?? (!config.STRIPE_SECRET_KEY && !isProductionLike(config));
  if (!demo) return { ...config, JWT_SECRET: jwtSecret, BILLING_DEMO: false };
  return {
    ...config,
    JWT_SECRET: jwtSecret,
    BILLING_DEMO: true,
    // Not a published value: whoever knows it could make anyone Pro on this install.
    STRIPE_WEBHOOK_SECRET:
      config.STRIPE_WEBHOOK_SECRET ??
      `whsec_${createHmac('sha256', jwtSecret).update('billing-demo-webhook').digest('base64url')}`,
    STRIPE_PRICE_MONTHLY: config.STRIPE_PRICE_MONTHLY ?? DEMO_PRICES.monthly,
    STRIPE_PRICE_ANNUAL: config.STRIPE_PRICE_ANNUAL ?? DEMO_PRICES.annual,
  };
}

/** Parses the environment; throws ConfigError naming every bad key (tests use this). */
export function loadGatewayConfig(source: Env = process.env): GatewayConfig {
  return withDefaults(loadConfig(gatewayConfigSchema, source));
}

/** Boot: parse or print the offending keys and exit. */
export function loadGatewayConfigOrExit(source: Env = process.env): GatewayConfig {
  return withDefaults(loadConfigOrExit(gatewayConfigSchema, source));
}

export function isGoogleConfigured(config: GatewayConfig): boolean {
  return Boolean(config.GOOGLE_CLIENT_ID && config.GOOGLE_CLIENT_SECRET);
}

/** How this install takes payments: Stripe, the local demo checkout, or not at all. */
export function paymentsModeOf(config: GatewayConfig): PaymentsMode {
  if (config.BILLING_DEMO) return 'demo';
  return config.STRIPE_SECRET_KEY && config.STRIPE_PRICE_MONTHLY && config.STRIPE_PRICE_ANNUAL
    ? 'stripe'
    : 'off';
}
