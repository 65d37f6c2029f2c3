import type { PrismaClient } from '@app/db';
import { isValidTimeZone } from '@app/time';

/**
 * Who the scheduled digest send would mail now, counted the way it picks them (the mailer's
 * dueRecipients): active, confirmed subscribers of the zone with an enabled topic and no final
 * delivery for the zone's local date.
 */
export function createDigestDueRepository(prisma: PrismaClient) {
  return {
    /** The zones of active, confirmed subscribers (the mailer's subscriberZones): the ones a send covers. */
    async zones(): Promise<string[]> {
      const rows = await prisma.$queryRaw<{ timeZone: string }[]>`
        SELECT DISTINCT time_zone AS "timeZone" FROM newsletter_subscribers
        WHERE status = 'active' AND confirmed_at IS NOT NULL`;
      return rows.map((row) => row.timeZone).filter((zone) => isValidTimeZone(zone));
    },

    async countDue(timeZone: string, date: string): Promise<number> {
      const [row] = await prisma.$queryRaw<{ count: bigint }[]>`
        SELECT count(*) AS count
        FROM newsletter_subscribers s
        WHERE s.status = 'active' AND s.confirmed_at IS NOT NULL AND s.time_zone = ${timeZone}
          AND EXISTS (
            SELECT 1 FROM newsletter_subscriptions ns WHERE ns.subscriber_id = s.id AND ns.enabled
          )
          AND NOT EXISTS (
            SELECT 1 FROM email_deliveries d
            WHERE d.subscriber_id = s.id AND d.digest_date = ${date}::date AND d.status <> 'pending'
          )`;
      return Number(row?.count ?? 0);
    },
  };
}
