import { describe, expect, it } from 'vitest';
import { validateContentSummarySearch } from './search-params';

describe('validateContentSummarySearch', () => {
  it('keeps My feed and "Hide read" from the address, so a reload or a shared link shows the same view', () => {
    expect(validateContentSummarySearch({ feed: 'mine', unread: 'true' })).toMatchObject({
      feed: 'mine',
      unread: true,
    });
    expect(validateContentSummarySearch({ feed: 'mine', unread: true })).toMatchObject({
      feed: 'mine',
      unread: true,
    });
  });

  it('drops values it does not know (the whole list, read cards shown)', () => {
    const search = validateContentSummarySearch({ feed: 'everyone', unread: 'yes' });
    expect(search.feed).toBeUndefined();
    expect(search.unread).toBeUndefined();
  });
});
