// Day boundaries in a chosen time zone (the gateway resolves the same way; see
// services/gateway/src/lib/zoned-dates.ts). Dates are YYYY-MM-DD strings.

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
export const DEFAULT_TIME_ZONE = 'America/Los_Angeles';
export const TIME_ZONE_STORAGE_KEY = 'user-preferred-timezone';

export function isTimeZone(value: unknown): value is string {
  if (typeof value !== 'string' || !value) return false;
  try {
    new Intl.DateTimeFormat('en-US', { timeZone: value });
    return true;
  } catch {
    return false;
  }
}

function offsetAt(instant: number, timeZone: string): number {
  const parts = Object.fromEntries(
    new Intl.DateTimeFormat('en-US', {
      timeZone,
      hourCycle: 'h23',
      year: 'numeric',
      month: '2-digit',
      day: '2-digit',
      hour: '2-digit',
      minute: '2-digit',
      second: '2-digit',
    })
      .formatToParts(new Date(instant))
      .map((p) => [p.type, p.value]),
  );
  const asUtc = Date.UTC(
    Number(parts.year),
    Number(parts.month) - 1,
    Number(parts.day),
    Number(parts.hour),
    Number(parts.minute),
    Number(parts.second),
  );
  return asUtc - Math.floor(instant / 1000) * 1000;
}

export function localDateOf(instant: Date, timeZone: string): string {
  return new Intl.DateTimeFormat('en-CA', {
    timeZone,
    year: 'numeric',
    month: '2-digit',
    day: '2-digit',
  }).format(instant);
}

export function startOfDay(date: string, timeZone: string): Date {
  const [y, m, d] = date.split('-').map(Number) as [number, number, number];
  const naive = Date.UTC(y, m - 1, d);
  let guess = naive - offsetAt(naive, timeZone);
  guess = naive - offsetAt(guess, timeZone);
  return new Date(guess);
}

export function addDays(date: string, days: number): string {
  const [y, m, d] = date.split('-').map(Number) as [number, number, number];
  return new Date(Date.UTC(y, m - 1, d) + days * 86_400_000).toISOString().slice(0, 10);
}

export function todayIn(timeZone: string, now = new Date()): string {
  return localDateOf(now, timeZone);
}

/** Today's start in the zone as an ISO timestamp (what the home cards link with). */
export function todayStartIso(timeZone: string, now = new Date()): string {
  return startOfDay(todayIn(timeZone, now), timeZone).toISOString();
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
  return /^\d{4}-\d{2}-\d{2}$/.test(value) ? value : localDateOf(new Date(value), timeZone);
}
