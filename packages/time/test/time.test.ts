import { describe, expect, it } from 'vitest';
import {
  addDays,
  formatInstant,
  isValidTimeZone,
  localDate,
  localDateTime,
  startOfZonedDay,
  TIME_ZONES,
  zonedDayRange,
  zonedHourToInstant,
} from '../src/index.ts';

describe('@app/time', () => {
  it('reads the local date and hour of an instant', () => {
    const instant = new Date('2026-03-08T07:30:00Z');
    expect(localDateTime(instant, 'America/Los_Angeles')).toEqual({ date: '2026-03-07', hour: 23 });
    expect(localDateTime(instant, 'Asia/Shanghai')).toEqual({ date: '2026-03-08', hour: 15 });
    expect(localDate(instant, 'UTC')).toBe('2026-03-08');
  });

  it('finds local midnight and 8 AM across DST changes', () => {
    // Los Angeles springs forward on 2026-03-08 (23-hour day) and falls back on 2026-11-01 (25 hours).
    expect(startOfZonedDay('2026-03-08', 'America/Los_Angeles').toISOString()).toBe(
      '2026-03-08T08:00:00.000Z',
    );
    expect(zonedHourToInstant('2026-03-08', 8, 'America/Los_Angeles').toISOString()).toBe(
      '2026-03-08T15:00:00.000Z',
    );
    const spring = zonedDayRange('2026-03-08', 'America/Los_Angeles');
    expect(spring.to.getTime() - spring.from.getTime() + 1).toBe(23 * 3600_000);
    const autumn = zonedDayRange('2026-11-01', 'America/Los_Angeles');
    expect(autumn.to.getTime() - autumn.from.getTime() + 1).toBe(25 * 3600_000);
    // London's clocks change at 01:00 UTC; Sydney's DST is the other way round.
    expect(zonedHourToInstant('2026-03-29', 8, 'Europe/London').toISOString()).toBe(
      '2026-03-29T07:00:00.000Z',
    );
    expect(startOfZonedDay('2026-04-05', 'Australia/Sydney').toISOString()).toBe('2026-04-04T13:00:00.000Z');
  });

  it('every picker zone round-trips a day: its start reads as that date at 00', () => {
    for (const zone of TIME_ZONES) {
      for (const date of ['2026-01-01', '2026-03-08', '2026-03-29', '2026-10-25', '2026-11-01']) {
        expect(localDateTime(startOfZonedDay(date, zone), zone), `${zone} ${date}`).toEqual({
          date,
          hour: 0,
        });
      }
    }
  });

  it('adds calendar days and knows zone names', () => {
    expect(addDays('2026-02-28', 1)).toBe('2026-03-01');
    expect(addDays('2026-01-01', -1)).toBe('2025-12-31');
    expect(isValidTimeZone('Asia/Tokyo')).toBe(true);
    expect(isValidTimeZone('Mars/Olympus')).toBe(false);
    expect(isValidTimeZone('')).toBe(false);
    expect(isValidTimeZone(42)).toBe(false);
  });
});

describe('formatInstant', () => {
  it('writes a date, or a date and time, in the reader’s conventions and the given zone', () => {
    const at = '2026-11-22T15:04:00Z';
    expect(formatInstant(at, 'en-US', { date: 'long', timeZone: 'UTC' })).toBe('November 22, 2026');
    expect(formatInstant(at, 'zh-CN', { date: 'long', timeZone: 'UTC' })).toBe('2026年11月22日');
    expect(
      formatInstant(new Date(at), 'en-US', { date: 'medium', time: 'short', timeZone: 'Asia/Tokyo' }),
    ).toBe('Nov 23, 2026, 12:04 AM');
    // The same style twice reuses one format; another zone is another format.
    expect(formatInstant(Date.parse(at), 'en-US', { date: 'short', timeZone: 'America/Los_Angeles' })).toBe(
      '11/22/26',
    );
  });
});
