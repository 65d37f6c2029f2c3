import { DIGEST_HOUR, TIME_ZONES } from '@app/contracts';
import { addDays, localDateTime, zonedHourToInstant } from '@app/time';

/**
 * What a digest for `date` in `timeZone` covers: the 24 hours up to that day's 8 AM. Zones with the
 * same offset get the same window, so their subscribers share one rendered digest.
 */
export function digestWindow(date: string, timeZone: string): { from: Date; to: Date } {
  return {
    from: zonedHourToInstant(addDays(date, -1), DIGEST_HOUR, timeZone),
    to: zonedHourToInstant(date, DIGEST_HOUR, timeZone),
  };
}

/** Zones whose 8 AM has come at `now`, each with its local date (the delivery's idempotency date). */
export function dueZones(
  now: Date,
  zones: readonly string[] = TIME_ZONES,
): { timeZone: string; date: string }[] {
  const due: { timeZone: string; date: string }[] = [];
  for (const timeZone of zones) {
    const local = localDateTime(now, timeZone);
    if (local.hour >= DIGEST_HOUR) due.push({ timeZone, date: local.date });
  }
  return due;
}
