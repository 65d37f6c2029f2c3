import type { PodcastDto } from '@app/contracts';
import { describe, expect, it } from 'vitest';
import { clampTime, formatTime, groupByDate, quickPickDate, validatePodcastSearch } from './podcast-utils';

const p = (id: string, target_date: string) => ({ id, target_date }) as PodcastDto;

describe('podcast utils', () => {
  it('formats elapsed and total time', () => {
    expect(formatTime(0)).toBe('0:00');
    expect(formatTime(75.4)).toBe('1:15');
    expect(formatTime(3725)).toBe('1:02:05');
    expect(formatTime(Number.NaN)).toBe('0:00');
  });

  it('groups by date, newest first, keeping order inside a day', () => {
    const groups = groupByDate([p('a', '2026-01-01'), p('b', '2026-01-03'), p('c', '2026-01-01')]);
    expect(groups.map((g) => [g.date, g.items.map((i) => i.id)])).toEqual([
      ['2026-01-03', ['b']],
      ['2026-01-01', ['a', 'c']],
    ]);
  });

  it('turns quick picks into single dates', () => {
    const now = new Date(2026, 2, 15, 10);
    expect(quickPickDate('today', now)).toBe('2026-03-15');
    expect(quickPickDate('yesterday', now)).toBe('2026-03-14');
    expect(quickPickDate('lastWeek', now)).toBe('2026-03-08');
    expect(quickPickDate('lastMonth', now)).toBe('2026-02-15');
  });

  it('keeps only a valid date and topic id in the URL', () => {
    expect(
      validatePodcastSearch({ date: '2026-01-02', topic: '0b6c6b8e-1c2d-4e5f-8a9b-0c1d2e3f4a5b' }),
    ).toEqual({
      date: '2026-01-02',
      topic: '0b6c6b8e-1c2d-4e5f-8a9b-0c1d2e3f4a5b',
    });
    expect(validatePodcastSearch({ date: 'yesterday', topic: 'x' })).toEqual({
      date: undefined,
      topic: undefined,
    });
  });

  it('clamps seeks inside the audio', () => {
    expect(clampTime(-5, 100)).toBe(0);
    expect(clampTime(105, 100)).toBe(100);
    expect(clampTime(50, Number.NaN)).toBe(50);
  });
});
