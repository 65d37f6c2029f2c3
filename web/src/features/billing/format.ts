import { toLocale } from '@app/contracts';
import { formatInstant } from '@app/time/format';
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

/** The spec's long date form: "November 22, 2026" / "2026年11月22日". */
export function formatLongDate(iso: string | null | undefined, language: Language): string {
  if (!iso) return '—';
  const date = new Date(iso);
  if (Number.isNaN(date.getTime())) return '—';
  return formatInstant(date, locale(language), { date: 'long' });
}
