import { AppError, BLOG_MESSAGES, type BlogSort, BlogSortSchema } from '@app/contracts';
import { z } from 'zod';

/**
 * Where a blog list page ends: the last post's sort key. t is its publication time (ms), k its
 * view count (popular) or reading time (reading_time), i its id, the tiebreaker that gives every
 * post its own place in the order.
 */
export type BlogCursorKey = { t: number; k?: number; i: string };

const CursorSchema = z.strictObject({
  s: BlogSortSchema,
  t: z.number().int().min(0).max(8.64e15),
  k: z.number().int().min(-2_147_483_648).max(2_147_483_647).optional(),
  i: z.guid(),
});

/** The sorts whose key has a k besides the time and id. */
const WITH_K: ReadonlySet<BlogSort> = new Set(['popular', 'reading_time']);

/** The `next_cursor` a client sends back: URL-safe base64 of the key and the sort it belongs to. */
export function encodeBlogCursor(sort: BlogSort, key: BlogCursorKey): string {
  return Buffer.from(JSON.stringify({ s: sort, ...key })).toString('base64url');
}

/**
 * The key in a cursor for this sort order; a 400 (never a 500) for anything no page gave: not
 * base64 JSON, missing or odd fields, or a cursor of another sort order.
 */
export function decodeBlogCursor(cursor: string, sort: BlogSort): BlogCursorKey {
  let parsed: unknown;
  try {
    parsed = JSON.parse(Buffer.from(cursor, 'base64url').toString('utf8'));
  } catch {
    throw invalid();
  }
  const result = CursorSchema.safeParse(parsed);
  if (!result.success) throw invalid();
  const { s, t, k, i } = result.data;
  if (s !== sort || WITH_K.has(s) !== (k !== undefined)) throw invalid();
  return k === undefined ? { t, i } : { t, k, i };
}

const invalid = () =>
  new AppError('BAD_REQUEST', BLOG_MESSAGES.invalidCursor, { cursor: BLOG_MESSAGES.invalidCursor });
