import { addDays, startOfZonedDay } from '@app/time';

export { addDays, localDate as zonedDate, startOfZonedDay } from '@app/time';

/** [start, end) of a calendar date in a time zone (the shape Prisma's date filters take). */
export function zonedDayRange(date: string, timeZone: string): { gte: Date; lt: Date } {
  return { gte: startOfZonedDay(date, timeZone), lt: startOfZonedDay(addDays(date, 1), timeZone) };
}

export const fromDateColumn = (value: Date) => value.toISOString().slice(0, 10);
