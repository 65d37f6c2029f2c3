/**
 * Whether the runtime knows a time zone name (an IANA zone such as 'Asia/Tokyo'). On its own, without
 * the zone arithmetic, for code that only checks input (the web app's route search checks).
 */
export function isValidTimeZone(timeZone: unknown): timeZone is string {
  if (typeof timeZone !== 'string' || !timeZone) return false;
  try {
    new Intl.DateTimeFormat('en-US', { timeZone });
    return true;
  } catch {
    return false;
  }
}
