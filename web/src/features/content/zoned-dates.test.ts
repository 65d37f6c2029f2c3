import { describe, expect, it } from 'vitest';
import { addDays, isInFreeWindow, quickPickRange, startOfDay, todayStartIso } from './zoned-dates';

describe('zoned dates', () => {
  it('finds local midnight across zones and DST', () => {
    expect(startOfDay('2026-07-01', 'America/Los_Angeles').toISOString()).toBe('2026-07-01T07:00:00.000Z');
    expect(startOfDay('2026-12-01', 'America/Los_Angeles').toISOString()).toBe('2026-12-01T08:00:00.000Z');
    expect(startOfDay('2026-03-08', 'America/Los_Angeles').toISOString()).toBe('2026-03-08T08:00:00.000Z');
    expect(startOfDay('2026-12-01', 'Asia/Shanghai').toISOString()).toBe('2026-11-30T16:00:00.000Z');
  });

  it('computes quick picks and the free window', () => {
    const now = new Date('2026-11-22T20:00:00Z'); // 12:00 in Los Angeles
    const tz = 'America/Los_Angeles';
    expect(todayStartIso(tz, now)).toBe('2026-11-22T08:00:00.000Z');
    expect(quickPickRange('last7', tz, now)).toEqual(['2026-11-16', '2026-11-22']);
    expect(quickPickRange('lastMonth', tz, now)).toEqual(['2026-10-01', '2026-10-31']);
    expect(isInFreeWindow('2026-11-21', '2026-11-22', tz, now)).toBe(true);
    expect(isInFreeWindow('2026-11-20', '2026-11-22', tz, now)).toBe(false);
    expect(addDays('2026-03-01', -1)).toBe('2026-02-28');
  });
});
