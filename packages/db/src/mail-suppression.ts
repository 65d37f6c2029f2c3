import type { PrismaClient, SuppressionReason, SuppressionSource } from '../generated/prisma/client.ts';

/** A hard bounce or spam complaint for an address, from whichever channel reported it. */
export type MailSuppression = {
  email: string;
  reason: SuppressionReason;
  source: SuppressionSource;
  /** When the provider or the report says it happened. */
  at: Date;
  /** The server's reply or the report's diagnostic code. */
  diagnostic?: string | null;
};

/** `unknown`: no subscriber has that address; `unchanged`: already suppressed, or the report predates their latest opt-in. */
export type SuppressionOutcome = 'suppressed' | 'unchanged' | 'unknown';

/**
 * Stops the digest to an address: a hard bounce marks the subscriber `bouncing`, a complaint
 * `unsubscribed` (a complaint is an unsubscribe; RFC 8058 senders must honour it). The reason, the
 * channel, the time and the diagnostic are kept for the admin view. Idempotent, so a report that
 * arrives twice (a webhook retry, the same DSN in two mailboxes) changes nothing the second time;
 * a report older than the subscriber's latest confirmation is ignored, so an old bounce replayed
 * later cannot undo a new opt-in.
 */
export async function suppressSubscriber(
  prisma: Pick<PrismaClient, 'newsletterSubscriber'>,
  suppression: MailSuppression,
): Promise<SuppressionOutcome> {
  const email = suppression.email.trim().toLowerCase();
  const status = suppression.reason === 'complaint' ? 'unsubscribed' : 'bouncing';
  // A complaint also overrides an earlier bounce; a bounce never overrides an unsubscribe.
  const from = suppression.reason === 'complaint' ? (['active', 'bouncing'] as const) : (['active'] as const);
  const { count } = await prisma.newsletterSubscriber.updateMany({
    where: {
      email,
      status: { in: [...from] },
      OR: [{ confirmedAt: null }, { confirmedAt: { lte: suppression.at } }],
    },
    data: {
      status,
      suppressionReason: suppression.reason,
      suppressionSource: suppression.source,
      suppressedAt: suppression.at,
      suppressionDiagnostic: suppression.diagnostic?.slice(0, 500) ?? null,
    },
  });
  if (count > 0) return 'suppressed';
  const exists = await prisma.newsletterSubscriber.findUnique({ where: { email }, select: { id: true } });
  return exists ? 'unchanged' : 'unknown';
}
