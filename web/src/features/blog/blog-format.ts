import { toLocale } from '@app/contracts';
/** The spec's long date form, in the interface language. */
export function formatBlogDate(iso: string | null, language: 'en' | 'zh'): string {
  if (!iso) return '';
  return new Intl.DateTimeFormat(toLocale(language), { dateStyle: 'long' }).format(new Date(iso));
}
