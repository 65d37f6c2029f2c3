import { toLocale } from '@app/rules';
import type { Language } from '../../i18n/language';

const locale = (language: Language) => toLocale(language);

/** Cents to a price: 499 → $4.99 (spec §9: amounts in cents, default USD). */
export function formatMoney(cents: number, currency: string, language: Language): string {
  try {
    return new Intl.NumberFormat(locale(language), {
      style: 'currency',
      currency: currency.toUpperCase(),
      currencyDisplay: 'narrowSymbol',
    }).format(cents / 100);
  } catch {
    return `${(cents / 100).toFixed(2)} ${currency.toUpperCase()}`;
  }
}
