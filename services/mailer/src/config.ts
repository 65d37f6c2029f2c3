import { createPrivateKey } from 'node:crypto';
import { env, isProductionLike, secretProblem, workerEnvShape, z } from '@app/config';

export const mailerConfigSchema = z
  .object({
    // NODE_ENV, DATABASE_URL, REDIS_URL, LOG_LEVEL and WORKER_CONCURRENCY, documented in @app/config.
    ...workerEnvShape,
    /** /healthz, /readyz and /metrics; a fixed port per service so all of them can share one host. */
    HEALTH_PORT: env.port(9105),
    /** Where mail goes (smtp://host:port, smtps:// for implicit TLS); required so mail is never silently dropped. */
    SMTP_URL: env.smtpUrl,
    /** From header of every email; the address must be one the SMTP relay may send for. */
    MAIL_FROM: z.string().min(3).default('Daily Curated <no-reply@localhost>'),
    /** Public base URL of the site: every link in an email points here. */
    PUBLIC_URL: env.publicUrl.transform((url) => url.replace(/\/+$/, '')),
    /** Signs unsubscribe links (HMAC); must equal the gateway's. Unset: derived from JWT_SECRET. */
    UNSUBSCRIBE_SECRET: env.secret.optional(),
    /** Only read to derive the unsubscribe key when UNSUBSCRIBE_SECRET is unset (`pnpm start` passes it to all). */
    JWT_SECRET: z.string().min(1).optional(),
    /** Open SMTP connections of the pool. */
    SMTP_MAX_CONNECTIONS: z.coerce.number().int().min(1).max(100).default(5),
    /** Messages per second handed to SMTP, across the pool; 0 means no limit (the relay's quota decides). */
    SMTP_RATE_LIMIT: z.coerce.number().int().min(0).max(100_000).default(0),
    /** Register the digest job scheduler (a tick every DIGEST_TICK_SECONDS). Default: on, except under NODE_ENV=test. */
    DIGEST_SCHEDULER: env.booleanString.optional(),
    /** How often the scheduler looks for subscribers whose 8 AM has come. */
    DIGEST_TICK_SECONDS: z.coerce.number().int().min(5).max(3600).default(300),
    /**
     * Digests in flight at once during a tick; default SMTP_MAX_CONNECTIONS, so a claimed row is one
     * on the wire and a crash leaves as few unknown outcomes as possible.
     */
    DIGEST_SEND_CONCURRENCY: z.coerce.number().int().min(1).max(500).optional(),
    /** Summaries per topic in a digest. */
    DIGEST_SUMMARIES_PER_TOPIC: z.coerce.number().int().min(1).max(20).default(5),
    /** A claimed delivery not recorded within this time counts as interrupted (its mailer died). */
    DIGEST_LEASE_SECONDS: z.coerce.number().int().min(10).max(86_400).default(600),
    /** DKIM signing domain (d=), normally MAIL_FROM's domain; with the two below, every email is signed. */
    DKIM_DOMAIN: z.string().min(1).optional(),
    /** DKIM selector (s=): the public key is published in DNS at `<selector>._domainkey.<domain>`. */
    DKIM_SELECTOR: z
      .string()
      .regex(/^[A-Za-z0-9][A-Za-z0-9._-]*$/, 'must be a DNS label')
      .optional(),
    /** PEM private key (RSA, 2048 bits or more) matching that DNS record; `\n` escapes allowed for one-line env files. */
    DKIM_PRIVATE_KEY: z
      .string()
      .min(1)
      .transform((pem) => pem.replace(/\\n/g, '\n'))
      .optional(),
    /** Maildir (its `new/` is read each tick) where the bounce address's mail arrives; DSNs there suppress addresses. Unset: off. */
    BOUNCE_MAILDIR: z.string().min(1).optional(),
  })
  .superRefine((config, ctx) => {
    checkDkim(config, ctx);
    if (!isProductionLike(config)) return;
    if (!config.UNSUBSCRIBE_SECRET && !config.JWT_SECRET) {
      ctx.addIssue({
        code: 'custom',
        path: ['UNSUBSCRIBE_SECRET'],
        message: 'set UNSUBSCRIBE_SECRET (or JWT_SECRET) in production, the same value as the gateway',
      });
      return;
    }
    // The key that signs unsubscribe links must be one nobody can read in this repository.
    const key = config.UNSUBSCRIBE_SECRET ? 'UNSUBSCRIBE_SECRET' : 'JWT_SECRET';
    const problem = secretProblem(config[key]);
    if (problem) ctx.addIssue({ code: 'custom', path: [key], message: `${problem} in production` });
  });

export type MailerConfig = z.infer<typeof mailerConfigSchema>;

const DKIM_KEYS = ['DKIM_DOMAIN', 'DKIM_SELECTOR', 'DKIM_PRIVATE_KEY'] as const;

/** All three DKIM settings or none: a half-configured signer would send unsigned mail unnoticed. */
function checkDkim(config: Partial<Record<(typeof DKIM_KEYS)[number], string>>, ctx: z.RefinementCtx): void {
  const missing = DKIM_KEYS.filter((key) => !config[key]);
  if (missing.length === DKIM_KEYS.length) return;
  for (const key of missing) {
    ctx.addIssue({ code: 'custom', path: [key], message: `DKIM needs ${DKIM_KEYS.join(', ')} together` });
  }
  if (!config.DKIM_PRIVATE_KEY) return;
  try {
    createPrivateKey(config.DKIM_PRIVATE_KEY);
  } catch {
    ctx.addIssue({ code: 'custom', path: ['DKIM_PRIVATE_KEY'], message: 'is not a PEM private key' });
  }
}

/** The transport's DKIM options, or undefined when signing is off. */
export function dkimOptions(
  config: Pick<MailerConfig, 'DKIM_DOMAIN' | 'DKIM_SELECTOR' | 'DKIM_PRIVATE_KEY'>,
): { domainName: string; keySelector: string; privateKey: string } | undefined {
  if (!config.DKIM_DOMAIN || !config.DKIM_SELECTOR || !config.DKIM_PRIVATE_KEY) return undefined;
  return {
    domainName: config.DKIM_DOMAIN,
    keySelector: config.DKIM_SELECTOR,
    privateKey: config.DKIM_PRIVATE_KEY,
  };
}
