/** Offset (local − UTC, ms) of a time zone at an instant. */
function offsetMs(instant: number, timeZone: string): number {
  const parts = new Intl.DateTimeFormat('en-US', {
    timeZone,
    hourCycle: 'h23',
    year: 'numeric',
    month: '2-digit',
    day: '2-digit',
    hour: '2-digit',
    minute: '2-digit',
    second: '2-digit',
  }).formatToParts(new Date(instant));
  const get = (type: string) => Number(parts.find((p) => p.type === type)?.value);
  const local = Date.UTC(
    get('year'),
    get('month') - 1,
    get('day'),
    get('hour'),
    get('minute'),
    get('second'),
  );
  return local - Math.floor(instant / 1000) * 1000;
}

/** The instant a calendar date (YYYY-MM-DD) starts in a time zone. */
export function startOfZonedDay(date: string, timeZone: string): Date {
  const guess = Date.parse(`${date}T00:00:00Z`);
  let instant = guess - offsetMs(guess, timeZone);
  const corrected = guess - offsetMs(instant, timeZone);
  if (corrected !== instant) instant = corrected;
  return new Date(instant);
}

/** [start, end) of a calendar date in a time zone. */
export function zonedDayRange(date: string, timeZone: string): { gte: Date; lt: Date } {
  return { gte: startOfZonedDay(date, timeZone), lt: startOfZonedDay(addDays(date, 1), timeZone) };
}

export function addDays(date: string, days: number): string {
  const d = new Date(`${date}T00:00:00Z`);
  d.setUTCDate(d.getUTCDate() + days);
  return d.toISOString().slice(0, 10);
}

/** The calendar date of an instant in a time zone. */
export function zonedDate(instant: Date, timeZone: string): string {
  return new Intl.DateTimeFormat('en-CA', {
    timeZone,
    year: 'numeric',
    month: '2-digit',
    day: '2-digit',
  }).format(instant);
}

/** A DATE column value for a calendar date (Prisma maps @db.Date to midnight UTC). */
export const dateColumn = (date: string) => new Date(`${date}T00:00:00Z`);
export const fromDateColumn = (value: Date) => value.toISOString().slice(0, 10);
