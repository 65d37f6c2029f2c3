// Building an Intl.DateTimeFormat to test a zone costs ~80 µs, and the web app sends its zone with every
// list request: zones found valid once are remembered (a bounded set; the runtime's list never shrinks).
const validZones = new Set<string>();
const REMEMBERED_ZONES = 1000;

/**
 * Whether the runtime knows a time zone name (an IANA zone such as 'Asia/Tokyo'). On its own, without
 * the zone arithmetic, for code that only checks input (the API's zone parameters, the workers'
 * configuration, the web app's route search checks).
 */
export function isValidTimeZone(timeZone: unknown): timeZone is string {
  if (typeof timeZone !== 'string' || !timeZone) return false;
  if (validZones.has(timeZone)) return true;
  try {
    new Intl.DateTimeFormat('en-US', { timeZone });
  } catch {
    return false;
  }
  if (validZones.size < REMEMBERED_ZONES) validZones.add(timeZone);
  return true;
}

/** The zone this runtime runs in (the reader's, in a browser), or null when it names none it knows. */
export function runtimeTimeZone(): string | null {
  try {
    const zone = Intl.DateTimeFormat().resolvedOptions().timeZone;
    return isValidTimeZone(zone) ? zone : null;
  } catch {
    return null;
  }
}
