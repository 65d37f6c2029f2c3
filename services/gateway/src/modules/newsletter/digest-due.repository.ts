import type { PrismaClient } from '@app/db';
import { countDueRecipients, subscriberZones } from '@app/digest';

/**
 * Who the scheduled digest send would mail now, counted by the rule it picks them by (@app/digest's
 * recipients): the zones a send covers, and the subscribers due in each.
 */
export function createDigestDueRepository(prisma: PrismaClient) {
  return {
    zones: (): Promise<string[]> => subscriberZones(prisma),
    countDue: (timeZone: string, date: string): Promise<number> => countDueRecipients(prisma, timeZone, date),
  };
}
