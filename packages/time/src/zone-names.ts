import { isValidTimeZone } from './zone.ts';

// Zone names for input that names one (the newsletter's zone): the list a picker offers and the
// spelling the server stores. A module of its own: the web app's first screens check zones (zone.ts)
// but only the zone picker, fetched on demand, needs the whole list.

/** Zone names (Region/City, UTC, GMT…) as the zone database writes them; not offsets such as "+08:00". */
const ZONE_NAME = /^[A-Za-z][A-Za-z0-9_+-]*(?:\/[A-Za-z0-9_+-]+)*$/;

let listed: readonly string[] | undefined;
/** The zones this runtime lists (Intl.supportedValuesOf), 'UTC' among them. */
export function listedTimeZones(): readonly string[] {
  if (!listed) {
    const supported =
      typeof Intl.supportedValuesOf === 'function' ? Intl.supportedValuesOf('timeZone') : ([] as string[]);
    listed = [...new Set(['UTC', ...supported])].sort();
  }
  return listed;
}

/**
 * The IANA zone `name` names, spelled as the zone database spells it ('asia/tokyo' → 'Asia/Tokyo'), or
 * null when it is no zone name this runtime knows. A valid alias the runtime does not list keeps its own
 * name (a browser may say 'Asia/Kolkata' where Node lists 'Asia/Calcutta': both are the same zone).
 */
export function canonicalTimeZone(name: string): string | null {
  if (name.length > 64 || !ZONE_NAME.test(name) || !isValidTimeZone(name)) return null;
  const lower = name.toLowerCase();
  const known = listedTimeZones().find((zone) => zone.toLowerCase() === lower);
  if (known) return known;
  const resolved = new Intl.DateTimeFormat('en-US', { timeZone: name }).resolvedOptions().timeZone;
  return resolved.toLowerCase() === lower ? resolved : name;
}
