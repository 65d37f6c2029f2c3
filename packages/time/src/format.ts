/**
 * How an instant is written for a reader: its date, and its time when asked, in the conventions of
 * their locale ('en-US', 'zh-CN'), in the runtime's zone unless `timeZone` names one. The formats
 * are kept per style: building an Intl.DateTimeFormat costs far more than using one.
 */
export type InstantStyle = {
  date: 'short' | 'medium' | 'long';
  time?: 'short';
  timeZone?: string;
};

const formats = new Map<string, Intl.DateTimeFormat>();

export function formatInstant(at: Date | string | number, locale: string, style: InstantStyle): string {
  const key = `${locale}|${style.date}|${style.time ?? ''}|${style.timeZone ?? ''}`;
  let format = formats.get(key);
  if (!format) {
    format = new Intl.DateTimeFormat(locale, {
      dateStyle: style.date,
      timeStyle: style.time,
      timeZone: style.timeZone,
    });
    formats.set(key, format);
  }
  return format.format(at instanceof Date ? at : new Date(at));
}
