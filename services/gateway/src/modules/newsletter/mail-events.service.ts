import { AppError, type MailEventResponse, MailEventSchema } from '@app/contracts';
import { Webhook, WebhookVerificationError } from 'standardwebhooks';
import type { ServiceContext } from '../context.ts';

export type MailEventsService = ReturnType<typeof createMailEventsService>;

/** The three signature headers, by their Standard Webhooks names; Svix (Resend) sends them as svix-*. */
const HEADERS = ['id', 'timestamp', 'signature'] as const;

/** The repositories this service is given (its module's index.ts hands it these only). */
export const MAIL_EVENTS_REPOS = ['newsletter'] as const;

/**
 * POST /api/newsletter/mail-events: the email provider's bounce and complaint webhook. The
 * signature (HMAC-SHA256 over id, timestamp and the raw body, keyed by MAIL_WEBHOOK_SECRET) is the
 * only credential; standardwebhooks checks it in constant time and refuses timestamps more than
 * five minutes off, so a captured request cannot be replayed later. A replay inside that window
 * changes nothing: suppression is idempotent and ignores reports older than the latest opt-in.
 */
export function createMailEventsService(ctx: ServiceContext<(typeof MAIL_EVENTS_REPOS)[number]>) {
  const { config, repos, logger } = ctx;
  const webhook = config.MAIL_WEBHOOK_SECRET ? new Webhook(config.MAIL_WEBHOOK_SECRET) : null;

  function verify(raw: Buffer, headers: Record<string, string | string[] | undefined>): void {
    if (!webhook) throw new AppError('UNAVAILABLE', 'The mail event webhook is not configured');
    const signed: Record<string, string> = {};
    for (const name of HEADERS) {
      const value = headers[`webhook-${name}`] ?? headers[`svix-${name}`];
      if (typeof value !== 'string') throw new AppError('UNAUTHENTICATED', 'Missing webhook signature');
      signed[`webhook-${name}`] = value;
    }
    try {
      webhook.verify(raw, signed, { jsonParse: false });
    } catch (error) {
      if (error instanceof WebhookVerificationError) {
        throw new AppError('UNAUTHENTICATED', 'Invalid webhook signature');
      }
      throw error;
    }
  }

  return {
    async receive(
      raw: Buffer,
      headers: Record<string, string | string[] | undefined>,
    ): Promise<MailEventResponse> {
      verify(raw, headers);
      let body: unknown;
      try {
        body = JSON.parse(raw.toString('utf8'));
      } catch {
        throw new AppError('BAD_REQUEST', 'The body is not JSON');
      }
      const parsed = MailEventSchema.safeParse(body);
      if (!parsed.success) throw new AppError('BAD_REQUEST', 'Not a mail event this endpoint understands');
      const event = parsed.data;
      if (!('data' in event)) return { received: true, suppressed: 0 };
      // Transient and Undetermined bounces are soft: the provider retries, or reports them again as Permanent.
      if (event.type === 'email.bounced' && event.data.bounce.type !== 'Permanent') {
        return { received: true, suppressed: 0 };
      }
      const diagnostic =
        event.type === 'email.bounced'
          ? [event.data.bounce.subType, event.data.bounce.message].filter(Boolean).join(': ')
          : 'spam complaint (feedback loop)';
      let suppressed = 0;
      for (const email of event.data.to) {
        const outcome = await repos.newsletter.suppress({
          email,
          reason: event.type === 'email.bounced' ? 'hard_bounce' : 'complaint',
          source: 'webhook',
          at: new Date(event.created_at),
          diagnostic,
        });
        if (outcome === 'suppressed') suppressed += 1;
      }
      if (suppressed > 0) logger.info({ type: event.type, suppressed }, 'mail event: subscribers suppressed');
      return { received: true, suppressed };
    },
  };
}
