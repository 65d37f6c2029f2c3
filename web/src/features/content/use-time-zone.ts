import { DEFAULT_TIME_ZONE, isTimeZone, TIME_ZONE_STORAGE_KEY } from './zoned-dates';

export function readStoredTimeZone(): string {
  try {
    const stored = localStorage.getItem(TIME_ZONE_STORAGE_KEY);
    return isTimeZone(stored) ? stored : DEFAULT_TIME_ZONE;
  } catch {
    return DEFAULT_TIME_ZONE;
  }
}
