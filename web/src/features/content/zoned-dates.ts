import { addDays, isValidTimeZone, localDate, PLAIN_DATE, startOfZonedDay, todayIn } from '@app/time';

// The date pickers' quick ranges and the free window, over @app/time's zone arithmetic (the same the
// gateway resolves with). Dates are YYYY-MM-DD strings.

export { DEFAULT_TIME_ZONE, TIME_ZONES } from '@app/time';
export { todayIn };
export const TIME_ZONE_STORAGE_KEY = 'user-preferred-timezone';
export const isTimeZone = isValidTimeZone;
export { localDate as localDateOf, startOfZonedDay as startOfDay, addDays };

/** Today's start in the zone as an ISO timestamp (what the home cards link with). */
export function todayStartIso(timeZone: string, now = new Date()): string {
  return startOfZonedDay(todayIn(timeZone, now), timeZone).toISOString();
}

export type QuickPick = 'today' | 'yesterday' | 'last7' | 'last30' | 'thisMonth' | 'lastMonth';
export const QUICK_PICKS: QuickPick[] = ['today', 'yesterday', 'last7', 'last30', 'thisMonth', 'lastMonth'];

export function quickPickRange(pick: QuickPick, timeZone: string, now = new Date()): [string, string] {
  const today = todayIn(timeZone, now);
  const monthStart = `${today.slice(0, 8)}01`;
  switch (pick) {
    case 'today':
      return [today, today];
    case 'yesterday':
      return [addDays(today, -1), addDays(today, -1)];
    case 'last7':
      return [addDays(today, -6), today];
    case 'last30':
      return [addDays(today, -29), today];
    case 'thisMonth':
      return [monthStart, today];
    case 'lastMonth': {
      const lastMonthEnd = addDays(monthStart, -1);
      return [`${lastMonthEnd.slice(0, 8)}01`, lastMonthEnd];
    }
  }
}

/** The free plan's window (yesterday and today) contains the range. */
export function isInFreeWindow(from: string, to: string, timeZone: string, now = new Date()): boolean {
  const today = todayIn(timeZone, now);
  return from >= addDays(today, -1) && to <= today;
}

/** The local date an ISO timestamp or plain date names in the zone. */
export function dateParamToLocalDate(value: string, timeZone: string): string {
  return PLAIN_DATE.test(value) ? value : localDate(new Date(value), timeZone);
}
