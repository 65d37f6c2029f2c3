import { addDays, startOfZonedDay } from '@app/time';

export { addDays, localDate as zonedDate, startOfZonedDay } from '@app/time';

/** [start, end) of a calendar date in a time zone (the shape Prisma's date filters take). */
export function zonedDayRange(date: string, timeZone: string): { gte: Date; lt: Date } {
  return { gte: startOfZonedDay(date, timeZone), lt: startOfZonedDay(addDays(date, 1), timeZone) };
}

/** A DATE column value for a calendar date (Prisma maps @db.Date to midnight UTC). */
export const dateColumn = (date: string) => new Date(`${date}T00:00:00Z`);
export const fromDateColumn = (value: Date) => value.toISOString().slice(0, 10);
