// Day boundaries in a time zone without a date library: Intl gives the zone's offset at an
// instant, and a day's start is found by correcting the naive UTC guess by that offset (twice,
// so a DST change on the day itself still lands on local midnight).

const DAY_MS = 24 * 60 * 60 * 1000;
const PLAIN_DATE = /^\d{4}-\d{2}-\d{2}$/;

const formatters = new Map<string, Intl.DateTimeFormat>();
function formatterFor(timeZone: string): Intl.DateTimeFormat {
  let f = formatters.get(timeZone);
  if (!f) {
    f = new Intl.DateTimeFormat('en-US', {
      timeZone,
      hourCycle: 'h23',
      year: 'numeric',
      month: '2-digit',
      day: '2-digit',
      hour: '2-digit',
      minute: '2-digit',
      second: '2-digit',
    });
    formatters.set(timeZone, f);
  }
  return f;
}

/** The wall-clock parts of an instant in a zone. */
function partsAt(instant: Date, timeZone: string) {
  const parts = Object.fromEntries(
    formatterFor(timeZone)
      .formatToParts(instant)
      .map((p) => [p.type, p.value]),
  );
  return {
    year: Number(parts.year),
    month: Number(parts.month),
    day: Number(parts.day),
    hour: Number(parts.hour),
    minute: Number(parts.minute),
    second: Number(parts.second),
  };
}

/** Zone offset (ms, local − UTC) at an instant. */
function offsetAt(instant: Date, timeZone: string): number {
  const p = partsAt(instant, timeZone);
  const asUtc = Date.UTC(p.year, p.month - 1, p.day, p.hour, p.minute, p.second);
  return asUtc - Math.floor(instant.getTime() / 1000) * 1000;
}

/** The calendar date (YYYY-MM-DD) of an instant in a zone. */
export function localDateOf(instant: Date, timeZone: string): string {
  const p = partsAt(instant, timeZone);
  return `${p.year}-${String(p.month).padStart(2, '0')}-${String(p.day).padStart(2, '0')}`;
}

/** The instant local midnight starts `date` (YYYY-MM-DD) in `timeZone`. */
export function startOfDay(date: string, timeZone: string): Date {
  const [y, m, d] = date.split('-').map(Number) as [number, number, number];
  const naive = Date.UTC(y, m - 1, d);
  let guess = naive - offsetAt(new Date(naive), timeZone);
  guess = naive - offsetAt(new Date(guess), timeZone);
  return new Date(guess);
}

/** [start, end] of a local day; end is the next day's start − 1 ms (23 h or 25 h on DST days). */
export function dayRange(date: string, timeZone: string): { from: Date; to: Date } {
  const from = startOfDay(date, timeZone);
  const next = addDays(date, 1);
  return { from, to: new Date(startOfDay(next, timeZone).getTime() - 1) };
}

export function addDays(date: string, days: number): string {
  const [y, m, d] = date.split('-').map(Number) as [number, number, number];
  return new Date(Date.UTC(y, m - 1, d) + days * DAY_MS).toISOString().slice(0, 10);
}

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
      ? startOfDay(filter.date_from, filter.timezone)
      : new Date(filter.date_from)
    : new Date(0);
  const to = filter.date_to
    ? PLAIN_DATE.test(filter.date_to)
      ? dayRange(filter.date_to, filter.timezone).to
      : filter.date_to === filter.date_from
        ? new Date(new Date(filter.date_to).getTime() + DAY_MS - 1)
        : new Date(filter.date_to)
    : new Date(8.64e15);
  return { from, to };
}

function singleDay(value: string, timeZone: string): { from: Date; to: Date } {
  if (PLAIN_DATE.test(value)) return dayRange(value, timeZone);
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
    const today = localDateOf(now, timeZone);
    const range = dayRange(today, timeZone);
    cached = {
      from: startOfDay(addDays(today, -1), timeZone).getTime(),
      to: range.to.getTime(),
      todayStart: range.from.getTime(),
    };
    if (windows.size >= MAX_CACHED_ZONES) windows.clear();
    windows.set(timeZone, cached);
  }
  return { from: new Date(cached.from), to: new Date(cached.to) };
}
