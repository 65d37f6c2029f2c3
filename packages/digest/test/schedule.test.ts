import { localDateTime, zonedHourToInstant } from '@app/time';
import { describe, expect, it } from 'vitest';
import { digestWindow, dueZones } from '../src/schedule.ts';

describe('time zones', () => {
  it('finds the instant of 8 AM local time, across DST changes', () => {
    expect(zonedHourToInstant('2026-11-20', 8, 'Asia/Tokyo').toISOString()).toBe('2026-11-19T23:00:00.000Z');
    expect(zonedHourToInstant('2026-07-01', 8, 'America/New_York').toISOString()).toBe(
      '2026-07-01T12:00:00.000Z',
    );
    expect(zonedHourToInstant('2026-12-01', 8, 'America/New_York').toISOString()).toBe(
      '2026-12-01T13:00:00.000Z',
    );
    // The day New York leaves DST (1 Nov 2026): 8 AM is already on standard time.
    expect(zonedHourToInstant('2026-11-01', 8, 'America/New_York').toISOString()).toBe(
      '2026-11-01T13:00:00.000Z',
    );
    expect(zonedHourToInstant('2026-01-10', 8, 'Australia/Sydney').toISOString()).toBe(
      '2026-01-09T21:00:00.000Z',
    );
  });

  it('a zone is due from its 8 AM, with its own local date', () => {
    const now = new Date('2026-11-19T23:30:00Z');
    const due = new Map(dueZones(now).map((z) => [z.timeZone, z.date]));
    expect(due.get('Asia/Tokyo')).toBe('2026-11-20');
    expect(due.get('America/Los_Angeles')).toBe('2026-11-19');
    expect(due.has('Australia/Sydney')).toBe(true);
    expect(dueZones(new Date('2026-11-19T22:59:00Z')).some((z) => z.timeZone === 'Asia/Tokyo')).toBe(false);
    expect(localDateTime(now, 'Asia/Shanghai')).toEqual({ date: '2026-11-20', hour: 7 });
  });

  it('zones with the same offset share a digest window', () => {
    expect(digestWindow('2026-11-20', 'Asia/Shanghai')).toEqual(digestWindow('2026-11-20', 'Asia/Singapore'));
  });
});
