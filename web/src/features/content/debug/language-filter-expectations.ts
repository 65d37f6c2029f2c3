/**
 * The counts the language-filter test expects (spec §9): 256 English data sources, 453 sources on the
 * Chinese page, 176 English and 370 Chinese summaries. The spec gives tolerances of 5, 10 and 20 without
 * saying which goes with which count; here the larger the count, the larger the tolerance.
 */
export type DebugLanguage = 'en' | 'zh';
export type CountCheck = 'datasources' | 'summaries';
export type Expectation = { expected: number; tolerance: number };

export const LANGUAGE_FILTER_EXPECTATIONS: Record<DebugLanguage, Record<CountCheck, Expectation>> = {
  en: {
    datasources: { expected: 256, tolerance: 10 },
    summaries: { expected: 176, tolerance: 5 },
  },
  zh: {
    // The Chinese page lists every active source, English ones included.
    datasources: { expected: 453, tolerance: 20 },
    summaries: { expected: 370, tolerance: 10 },
  },
};

export function isWithinTolerance(actual: number, { expected, tolerance }: Expectation): boolean {
  return Math.abs(actual - expected) <= tolerance;
}

/** Whole percent of checks passed; no checks is 0, not a pass. */
export function passRate(passed: readonly boolean[]): number {
  if (passed.length === 0) return 0;
  return Math.round((passed.filter(Boolean).length / passed.length) * 100);
}
