import { READ_BATCH_MAX } from '@app/contracts';
import { describe, expect, it } from 'vitest';
import { idsOfCard } from './use-read-state';

describe('the summaries a card is read with', () => {
  it('are its own, or a story row’s matching reports with it, once each', () => {
    expect(idsOfCard({ id: 'a', headline: 'A' })).toEqual(['a']);
    expect(
      idsOfCard({ id: 'a', headline: 'A', story_members: [{ id: 'a' }, { id: 'b' }, { id: 'c' }] }),
    ).toEqual(['a', 'b', 'c']);
  });

  it('stay within one batch the server takes', () => {
    const members = Array.from({ length: READ_BATCH_MAX + 20 }, (_, i) => ({ id: `m${i}` }));
    const ids = idsOfCard({ id: 'lead', headline: 'Lead', story_members: members });
    expect(ids).toHaveLength(READ_BATCH_MAX);
    expect(ids[0]).toBe('lead');
  });
});
