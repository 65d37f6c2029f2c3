import { StoryCursorSchema } from '@app/contracts';

// The admin story list's page cursor, `<last_seen_at ISO>_<story id>`: the last row of the previous
// page. Which cursors are valid is the contracts' StoryCursorSchema (the list's query checks it).

export function encodeStoryCursor(lastSeenAt: string, id: string) {
  return `${lastSeenAt}_${id}`;
}

/** The cursor's time and id; null when it is not one this API gave out. */
export function decodeStoryCursor(cursor: string): { lastSeenAt: string; id: string } | null {
  if (!StoryCursorSchema.safeParse(cursor).success) return null;
  // A valid cursor has one '_': an ISO time and a UUID have none.
  const [lastSeenAt, id] = cursor.split('_') as [string, string];
  return { lastSeenAt, id };
}
