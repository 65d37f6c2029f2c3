/** A card's title is cut at this many characters. */
export const TITLE_MAX = 80;

/** Cuts at `max` characters (code points, so Chinese text is not split mid-character). */
export function truncate(text: string, max: number): string {
  const chars = [...text];
  return chars.length > max ? `${chars.slice(0, max).join('').trimEnd()}…` : text;
}
