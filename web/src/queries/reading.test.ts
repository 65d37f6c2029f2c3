import type { SummaryDto, SummaryListResponse } from '@app/contracts';
import { QueryClient } from '@tanstack/react-query';
import { describe, expect, it } from 'vitest';
import { contentKeys, summariesQueryOptions } from './content';
import {
  applyReadState,
  followsWith,
  isFollowedList,
  isFollowing,
  listWithRead,
  markAllBodyOf,
  restoreSnapshot,
} from './reading';

const card = (id: string, read?: boolean) => ({ id, read }) as SummaryDto;
const page = (...items: SummaryDto[]): SummaryListResponse => ({
  data: items,
  page: 1,
  page_size: 25,
  total: items.length,
  total_capped: false,
  total_pages: 1,
  date_from: null,
  date_to: null,
});
const params = { page: 1, timezone: 'UTC', language: 'en' as const, group: 'story' as const };

describe('followsWith', () => {
  const none = { topics: [], datasources: [] };

  it('adds a topic or a source first, and takes it away again', () => {
    const topic = { kind: 'topic' as const, id: 't1', name: 'Robots', slug: 'robots' };
    const withTopic = followsWith(none, topic, true, '2026-01-01T00:00:00.000Z');
    expect(withTopic.topics).toEqual([
      { id: 't1', name: 'Robots', name_zh: null, slug: 'robots', followed_at: '2026-01-01T00:00:00.000Z' },
    ]);
    expect(isFollowing(withTopic, topic)).toBe(true);
    expect(isFollowing(withTopic, { kind: 'source', id: 't1' })).toBe(false);
    expect(followsWith(withTopic, topic, false)).toEqual(none);

    const source = { kind: 'source' as const, id: 'd1', name: 'wire', platform: 'blog' };
    const withSource = followsWith(withTopic, source, true);
    expect(withSource.datasources.map((s) => s.id)).toEqual(['d1']);
    expect(withSource.topics).toBe(withTopic.topics);
  });

  it('changes nothing when the list already says so', () => {
    const topic = { kind: 'topic' as const, id: 't1', name: 'Robots' };
    const once = followsWith(none, topic, true);
    expect(followsWith(once, topic, true)).toBe(once);
    expect(followsWith(none, topic, false)).toBe(none);
  });
});

describe('listWithRead', () => {
  it('marks the named cards and leaves the others', () => {
    const list = page(card('a', false), card('b'), card('c', true));
    const next = listWithRead(list, new Set(['a', 'b']), true);
    expect(next.data.map((item) => item.read)).toEqual([true, true, true]);
    expect(next.data[2]).toBe(list.data[2]);
  });

  it('answers the same page when nothing on it changes (no redraw)', () => {
    const list = page(card('a', true));
    expect(listWithRead(list, new Set(['a']), true)).toBe(list);
    expect(listWithRead(list, new Set(['z']), false)).toBe(list);
  });
});

describe('applyReadState', () => {
  it('marks a summary read in every cached list and opened summary, and the snapshot undoes it', () => {
    const client = new QueryClient();
    const all = summariesQueryOptions(params).queryKey;
    const mine = summariesQueryOptions({ ...params, followed: true }, 'user-1').queryKey;
    client.setQueryData(all, page(card('a', false), card('b', false)));
    client.setQueryData(mine, page(card('a', false)));
    client.setQueryData(contentKeys.summary('a', 'UTC'), card('a'));
    client.setQueryData(contentKeys.topics, []);

    const snapshot = applyReadState(client, ['a'], true);
    expect(snapshot).toHaveLength(3);
    expect(client.getQueryData<SummaryListResponse>(all)?.data.map((s) => s.read)).toEqual([true, false]);
    expect(client.getQueryData<SummaryListResponse>(mine)?.data[0]?.read).toBe(true);
    expect(client.getQueryData<SummaryDto>(contentKeys.summary('a', 'UTC'))?.read).toBe(true);

    restoreSnapshot(client, snapshot);
    expect(client.getQueryData<SummaryListResponse>(all)?.data.map((s) => s.read)).toEqual([false, false]);
    expect(client.getQueryData<SummaryDto>(contentKeys.summary('a', 'UTC'))?.read).toBeUndefined();
  });

  it('finds My feed lists by their key, and keeps a reader’s lists apart from a visitor’s', () => {
    const visitor = summariesQueryOptions(params).queryKey;
    const reader = summariesQueryOptions(params, 'user-1').queryKey;
    expect(reader).not.toEqual(visitor);
    expect(isFollowedList({ queryKey: reader })).toBe(false);
    expect(
      isFollowedList({ queryKey: summariesQueryOptions({ ...params, followed: true }, 'user-1').queryKey }),
    ).toBe(true);
  });
});

describe('markAllBodyOf', () => {
  it('sends the list’s own filters, My feed included', () => {
    expect(
      markAllBodyOf({ ...params, topic: 't1', platforms: ['blog'], date: '2026-01-02', followed: true }),
    ).toEqual({
      language: 'en',
      timezone: 'UTC',
      topic: 't1',
      source: undefined,
      platforms: ['blog'],
      date: '2026-01-02',
      date_from: undefined,
      date_to: undefined,
      followed: true,
      q: undefined,
      favorites_only: undefined,
      favorite_sources_only: undefined,
    });
    expect(markAllBodyOf({ ...params, platforms: [] }).platforms).toBeUndefined();
  });

  it('sends a search and the favourites filters as the list has them (not the order: it reorders only)', () => {
    const body = markAllBodyOf({
      ...params,
      q: 'robots',
      favorites_only: true,
      favorite_sources_only: true,
      order: 'for_you',
      cross_language: true,
    });
    expect(body).toMatchObject({ q: 'robots', favorites_only: true, favorite_sources_only: true });
    expect(body).not.toHaveProperty('order');
    expect(body).not.toHaveProperty('cross_language');
  });
});
