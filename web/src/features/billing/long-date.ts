import { toLocale } from '@app/rules';
import { formatInstant } from '@app/time/format';
import type { Language } from '../../i18n/language';

// Apart from the money format: the pricing page shows prices, never a date.

/** The spec's long date form: "November 22, 2026" / "2026年11月22日". */
export function formatLongDate(iso: string | null | undefined, language: Language): string {
  if (!iso) return '—';
  const date = new Date(iso);
  if (Number.isNaN(date.getTime())) return '—';
  return formatInstant(date, toLocale(language), { date: 'long' });
}
