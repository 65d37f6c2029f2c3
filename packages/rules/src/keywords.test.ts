import { describe, expect, it } from 'vitest';
import { parseKeywords } from './keywords.ts';

describe('parseKeywords', () => {
  it('splits on ASCII and full-width commas, trims, and drops empties', () => {
    expect(parseKeywords(' a, ,b，c ,')).toEqual(['a', 'b', 'c']);
    expect(parseKeywords('')).toEqual([]);
  });
});
