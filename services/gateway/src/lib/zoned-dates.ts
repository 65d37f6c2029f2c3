import { addDays, localDate, PLAIN_DATE, startOfZonedDay, zonedDayRange } from '@app/time';

// The spec's date filters and the free plan's window, over @app/time's zone arithmetic.

const DAY_MS = 24 * 60 * 60 * 1000;

export type DateFilter = { date?: string; date_from?: string; date_to?: string; timezone: string };

/**
 * The spec's date rules: `date` as a zoned ISO timestamp means [t, t + 24 h − 1 ms]; a plain
 * date means that day in the time zone. `date_from`/`date_to` take either form; a plain
 * `date_to` ends at the end of its day. Returns null when no date was given.
 */
export function resolveDateRange(filter: DateFilter): { from: Date; to: Date } | null {
  if (filter.date) return singleDay(filter.date, filter.timezone);
  if (!filter.date_from && !filter.date_to) return null;
  const from = filter.date_from
    ? PLAIN_DATE.test(filter.date_from)
      ? startOfZonedDay(filter.date_from, filter.timezone)
      : new Date(filter.date_from)
    : new Date(0);
  const to = filter.date_to
    ? PLAIN_DATE.test(filter.date_to)
      ? zonedDayRange(filter.date_to, filter.timezone).to
      : filter.date_to === filter.date_from
        ? new Date(new Date(filter.date_to).getTime() + DAY_MS - 1)
        : new Date(filter.date_to)
    : new Date(8.64e15);
  return { from, to };
}

function singleDay(value: string, timeZone: string): { from: Date; to: Date } {
  if (PLAIN_DATE.test(value)) return zonedDayRange(value, timeZone);
  const from = new Date(value);
  return { from, to: new Date(from.getTime() + DAY_MS - 1) };
}

// Every visitor's list page needs the window; Intl's formatToParts makes it ~80 µs to compute. It only
// changes at local midnight, so each zone keeps its current one with the span of "today" it is valid for.
const windows = new Map<string, { from: number; to: number; todayStart: number }>();
const MAX_CACHED_ZONES = 100;

/** The free plan's window: yesterday 00:00 through today 23:59:59.999 in the zone. */
export function freeWindow(now: Date, timeZone: string): { from: Date; to: Date } {
  const t = now.getTime();
  let cached = windows.get(timeZone);
  if (!cached || t < cached.todayStart || t > cached.to) {
    const today = localDate(now, timeZone);
    const range = zonedDayRange(today, timeZone);
    cached = {
      from: startOfZonedDay(addDays(today, -1), timeZone).getTime(),
      to: range.to.getTime(),
      todayStart: range.from.getTime(),
    };
    if (windows.size >= MAX_CACHED_ZONES) windows.clear();
    windows.set(timeZone, cached);
  }
  return { from: new Date(cached.from), to: new Date(cached.to) };
}
