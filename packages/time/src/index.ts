import { TZDate } from '@date-fns/tz';
import { isValidTimeZone } from './zone.ts';

export { isValidTimeZone };
export { canonicalTimeZone, listedTimeZones } from './zone-names.ts';
export { formatInstant, type InstantStyle } from './format.ts';

/**
 * Calendar dates and wall-clock hours in a time zone, for the gateway, the workers and the browser
 * alike (no Node API). Dates are `YYYY-MM-DD` strings; instants are `Date`s. The zone arithmetic is
 * @date-fns/tz's (Intl underneath, DST-aware).
 */

/** The 13 zones of the spec's time zone picker. */
export const TIME_ZONES = [
  'UTC',
  'America/Los_Angeles',
  'America/Denver',
  'America/Chicago',
  'America/New_York',
  'Europe/London',
  'Europe/Paris',
  'Europe/Berlin',
  'Asia/Tokyo',
  'Asia/Shanghai',
  'Asia/Hong_Kong',
  'Asia/Singapore',
  'Australia/Sydney',
] as const;
export type PickerTimeZone = (typeof TIME_ZONES)[number];

/** The spec's default zone for date filters, digests and the daily pipeline. */
export const DEFAULT_TIME_ZONE = 'America/Los_Angeles';

export const PLAIN_DATE = /^\d{4}-\d{2}-\d{2}$/;
const DAY_MS = 24 * 60 * 60 * 1000;

const pad = (value: number) => String(value).padStart(2, '0');
const parts = (date: string) => date.split('-').map(Number) as [number, number, number];

/** An IANA zone name this runtime knows. */

/** The calendar date and hour the wall clock in `timeZone` shows at `instant`. */
export function localDateTime(instant: Date, timeZone: string): { date: string; hour: number } {
  const local = new TZDate(instant.getTime(), timeZone);
  return {
    date: `${local.getFullYear()}-${pad(local.getMonth() + 1)}-${pad(local.getDate())}`,
    hour: local.getHours(),
  };
}

/** The calendar date (YYYY-MM-DD) of `instant` in `timeZone`. */
export function localDate(instant: Date, timeZone: string): string {
  return localDateTime(instant, timeZone).date;
}

/** The instant the wall clock in `timeZone` reads `date` at `hour`:00 (DST-aware). */
export function zonedHourToInstant(date: string, hour: number, timeZone: string): Date {
  const [year, month, day] = parts(date);
  return new Date(new TZDate(year, month - 1, day, hour, timeZone).getTime());
}

/** The instant local midnight starts `date` in `timeZone`. */
export function startOfZonedDay(date: string, timeZone: string): Date {
  return zonedHourToInstant(date, 0, timeZone);
}

/** [start, end] of a local day; end is the next day's start − 1 ms (23 h or 25 h on DST days). */
export function zonedDayRange(date: string, timeZone: string): { from: Date; to: Date } {
  return {
    from: startOfZonedDay(date, timeZone),
    to: new Date(startOfZonedDay(addDays(date, 1), timeZone).getTime() - 1),
  };
}

/** `date` moved by `days` calendar days (no zone involved). */
export function addDays(date: string, days: number): string {
  const [year, month, day] = parts(date);
  return new Date(Date.UTC(year, month - 1, day) + days * DAY_MS).toISOString().slice(0, 10);
}

/** Today's date in `timeZone`. */
export function todayIn(timeZone: string, now: Date = new Date()): string {
  return localDate(now, timeZone);
}

/**
 * `date` as the value Prisma writes to and compares with a PostgreSQL `DATE` column: midnight UTC
 * of that calendar day (the column has no zone; Prisma sends the UTC date part).
 */
export function dateColumn(date: string): Date {
  return new Date(`${date}T00:00:00Z`);
}
