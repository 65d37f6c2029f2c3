import { DIGEST_HOUR, TIME_ZONES } from '@app/contracts';

/** "Now", injectable so tests can move time; the mailer never reads the wall clock directly. */
export type Clock = () => Date;
export const systemClock: Clock = () => new Date();

const formatters = new Map<string, Intl.DateTimeFormat>();
function formatterFor(timeZone: string): Intl.DateTimeFormat {
  let formatter = formatters.get(timeZone);
  if (!formatter) {
    formatter = new Intl.DateTimeFormat('en-US', {
      timeZone,
      hourCycle: 'h23',
      year: 'numeric',
      month: '2-digit',
      day: '2-digit',
      hour: '2-digit',
      minute: '2-digit',
      second: '2-digit',
    });
    formatters.set(timeZone, formatter);
  }
  return formatter;
}

type LocalParts = { year: number; month: number; day: number; hour: number; minute: number; second: number };

function localParts(instant: Date, timeZone: string): LocalParts {
  const parts: Record<string, number> = {};
  for (const part of formatterFor(timeZone).formatToParts(instant)) {
    if (part.type !== 'literal') parts[part.type] = Number(part.value);
  }
  return parts as LocalParts;
}

/** The calendar date (YYYY-MM-DD) and hour at `instant` in `timeZone`. */
export function localDateTime(instant: Date, timeZone: string): { date: string; hour: number } {
  const p = localParts(instant, timeZone);
  const date = `${p.year}-${String(p.month).padStart(2, '0')}-${String(p.day).padStart(2, '0')}`;
  return { date, hour: p.hour };
}

/** The instant when the wall clock in `timeZone` reads `date` at `hour`:00 (DST-aware). */
export function zonedHourToInstant(date: string, hour: number, timeZone: string): Date {
  const [year, month, day] = date.split('-').map(Number) as [number, number, number];
  const wanted = Date.UTC(year, month - 1, day, hour);
  let guess = wanted;
  // Two passes settle the offset, also across a DST change between guess and answer.
  for (let i = 0; i < 2; i += 1) {
    const p = localParts(new Date(guess), timeZone);
    const seen = Date.UTC(p.year, p.month - 1, p.day, p.hour, p.minute, p.second);
    guess += wanted - seen;
  }
  return new Date(guess);
}

export function addDays(date: string, days: number): string {
  const d = new Date(`${date}T00:00:00Z`);
  d.setUTCDate(d.getUTCDate() + days);
  return d.toISOString().slice(0, 10);
}

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

export function isValidTimeZone(timeZone: string): boolean {
  try {
    formatterFor(timeZone);
    return true;
  } catch {
    return false;
  }
}
