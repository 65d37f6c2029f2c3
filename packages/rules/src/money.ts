import type { UiLanguage } from '@app/contracts';
import { toLocale } from './language.ts';

/**
 * Cents to a price in the reader's language: 499 → $4.99 (spec §9: amounts in cents, default USD).
 * A currency Intl does not know is written as digits and its code.
 */
export function formatMoney(cents: number, currency: string, language: UiLanguage): string {
  try {
    return new Intl.NumberFormat(toLocale(language), {
      style: 'currency',
      currency: currency.toUpperCase(),
      currencyDisplay: 'narrowSymbol',
    }).format(cents / 100);
  } catch {
    return `${(cents / 100).toFixed(2)} ${currency.toUpperCase()}`;
  }
}
