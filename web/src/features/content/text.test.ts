import { describe, expect, it } from 'vitest';
import { pageWindow, truncate } from './text';

describe('card text', () => {
  it('cuts by characters', () => {
    expect(truncate('a'.repeat(100), 80)).toBe(`${'a'.repeat(80)}…`);
    expect(truncate('智能体'.repeat(60), 150)).toHaveLength(151);
    expect(truncate('short', 80)).toBe('short');
  });
  it('windows pagination past 7 pages', () => {
    expect(pageWindow(1, 7)).toEqual([1, 2, 3, 4, 5, 6, 7]);
    expect(pageWindow(5, 20)).toEqual([1, 'gap', 4, 5, 6, 'gap', 20]);
    expect(pageWindow(1, 20)).toEqual([1, 2, 'gap', 20]);
  });
});
