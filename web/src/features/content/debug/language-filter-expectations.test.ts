import { describe, expect, it } from 'vitest';
import { isWithinTolerance, LANGUAGE_FILTER_EXPECTATIONS, passRate } from './language-filter-expectations';

describe('language-filter test expectations', () => {
  it('are the spec counts, not the results compared with themselves', () => {
    expect(LANGUAGE_FILTER_EXPECTATIONS.en.datasources.expected).toBe(256);
    expect(LANGUAGE_FILTER_EXPECTATIONS.zh.datasources.expected).toBe(453);
    expect(LANGUAGE_FILTER_EXPECTATIONS.en.summaries.expected).toBe(176);
    expect(LANGUAGE_FILTER_EXPECTATIONS.zh.summaries.expected).toBe(370);
    const tolerances = Object.values(LANGUAGE_FILTER_EXPECTATIONS).flatMap((checks) =>
      Object.values(checks).map((check) => check.tolerance),
    );
    expect(new Set(tolerances)).toEqual(new Set([5, 10, 20]));
  });

  it('pass within the tolerance on either side and fail outside it', () => {
    const en = LANGUAGE_FILTER_EXPECTATIONS.en.summaries;
    expect(isWithinTolerance(176, en)).toBe(true);
    expect(isWithinTolerance(176 - en.tolerance, en)).toBe(true);
    expect(isWithinTolerance(176 + en.tolerance, en)).toBe(true);
    expect(isWithinTolerance(176 + en.tolerance + 1, en)).toBe(false);
    // A page that only counted what it got back would pass with any number; this does not.
    expect(isWithinTolerance(3, en)).toBe(false);
    expect(isWithinTolerance(0, LANGUAGE_FILTER_EXPECTATIONS.zh.datasources)).toBe(false);
  });

  it('reports the pass rate in whole percent', () => {
    expect(passRate([true, true])).toBe(100);
    expect(passRate([true, false])).toBe(50);
    expect(passRate([true, false, false])).toBe(33);
    expect(passRate([])).toBe(0);
  });
});
