import { toLocale } from '@app/rules';
import { formatInstant } from '@app/time/format';
/** The spec's long date form, in the interface language. */
export function formatBlogDate(iso: string | null, language: 'en' | 'zh'): string {
  if (!iso) return '';
  return formatInstant(iso, toLocale(language), { date: 'long' });
}
