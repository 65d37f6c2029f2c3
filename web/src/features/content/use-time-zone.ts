import { useCallback, useState } from 'react';
import { DEFAULT_TIME_ZONE, isTimeZone, TIME_ZONE_STORAGE_KEY } from './zoned-dates';

export function readStoredTimeZone(): string {
  try {
    const stored = localStorage.getItem(TIME_ZONE_STORAGE_KEY);
    return isTimeZone(stored) ? stored : DEFAULT_TIME_ZONE;
  } catch {
    return DEFAULT_TIME_ZONE;
  }
}

/** The reader's zone, kept under localStorage 'user-preferred-timezone'; reset restores the default. */
export function useTimeZone() {
  const [timeZone, setState] = useState(readStoredTimeZone);
  const setTimeZone = useCallback((zone: string | null) => {
    const next = zone && isTimeZone(zone) ? zone : DEFAULT_TIME_ZONE;
    try {
      if (zone) localStorage.setItem(TIME_ZONE_STORAGE_KEY, next);
      else localStorage.removeItem(TIME_ZONE_STORAGE_KEY);
    } catch {
      // storage may be unavailable (private mode); the choice still applies to this page
    }
    setState(next);
  }, []);
  return { timeZone, setTimeZone };
}
