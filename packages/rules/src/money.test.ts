import { describe, expect, it } from 'vitest';
import { formatMoney } from './money.ts';

describe('formatMoney', () => {
  it('writes cents as a price in either language', () => {
    expect(formatMoney(499, 'usd', 'en')).toBe('$4.99');
    expect(formatMoney(4999, 'USD', 'zh')).toBe('$49.99');
    expect(formatMoney(0, 'usd', 'en')).toBe('$0.00');
  });

  it('writes a currency code Intl refuses as digits and the code', () => {
    expect(formatMoney(1250, 'x', 'en')).toBe('12.50 X');
  });
});
