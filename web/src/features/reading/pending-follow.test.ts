import { afterAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { rememberFollow, takePendingFollow } from './pending-follow';

const topic = { kind: 'topic' as const, id: 't1' };

/** The tab's session storage, as a browser keeps it (the web project runs in Node). */
class MemoryStorage {
  private items = new Map<string, string>();
  getItem = (key: string) => this.items.get(key) ?? null;
  setItem = (key: string, value: string) => void this.items.set(key, String(value));
  removeItem = (key: string) => void this.items.delete(key);
  clear = () => this.items.clear();
}
vi.stubGlobal('sessionStorage', new MemoryStorage());
afterAll(() => vi.unstubAllGlobals());

describe('a Follow pressed before signing in', () => {
  beforeEach(() => sessionStorage.clear());

  it('is made once, for the same target only', () => {
    rememberFollow(topic, 1_000);
    expect(takePendingFollow({ kind: 'source', id: 't1' }, 2_000)).toBe(false);
    expect(takePendingFollow({ kind: 'topic', id: 't2' }, 2_000)).toBe(false);
    expect(takePendingFollow(topic, 2_000)).toBe(true);
    expect(takePendingFollow(topic, 3_000)).toBe(false);
  });

  it('is forgotten after half an hour, and when the stored value is not one', () => {
    rememberFollow(topic, 0);
    expect(takePendingFollow(topic, 30 * 60_000)).toBe(false);
    sessionStorage.setItem('pending-follow', '{not json');
    expect(takePendingFollow(topic)).toBe(false);
    sessionStorage.setItem('pending-follow', JSON.stringify({ kind: 'topic', id: 't1', at: 'soon' }));
    expect(takePendingFollow(topic)).toBe(false);
  });
});
