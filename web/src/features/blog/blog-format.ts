/** The spec's long date form, in the interface language. */
export function formatBlogDate(iso: string | null, language: 'en' | 'zh'): string {
  if (!iso) return '';
  return new Intl.DateTimeFormat(language === 'zh' ? 'zh-CN' : 'en-US', { dateStyle: 'long' }).format(
    new Date(iso),
  );
}
