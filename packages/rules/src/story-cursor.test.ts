import { AdminStoriesQuerySchema } from '@app/contracts';
import { describe, expect, it } from 'vitest';
import { decodeStoryCursor, encodeStoryCursor } from './story-cursor.ts';

const ID = '0b6f7a52-1c2d-4e3f-8a9b-0c1d2e3f4a5b';

describe('the story list cursor', () => {
  it('decodes what it encoded', () => {
    const cursor = encodeStoryCursor('2025-03-04T05:06:07.089Z', ID);
    expect(decodeStoryCursor(cursor)).toEqual({ lastSeenAt: '2025-03-04T05:06:07.089Z', id: ID });
    expect(AdminStoriesQuerySchema.safeParse({ cursor }).success).toBe(true);
  });

  it('refuses what the API never gave out, in the rule and in the query alike', () => {
    for (const cursor of [
      '',
      ID,
      `2025-03-04T05:06:07Z_${ID}`,
      // A time the pattern accepts that is not a real one (no 30 February, no month 13).
      `2024-02-30T00:00:00.000Z_${ID}`,
      `2024-13-01T00:00:00.000Z_${ID}`,
      `2025-03-04T05:06:07.089Z_${ID.toUpperCase()}`,
      `2025-03-04T05:06:07.089Z_${ID}_x`,
    ]) {
      expect(decodeStoryCursor(cursor)).toBeNull();
      expect(AdminStoriesQuerySchema.safeParse({ cursor }).success).toBe(false);
    }
  });
});
