import { describe, expect, it } from 'vitest';
import { dataPreloads, TIME_ZONE_COOKIE } from './page-preloads.ts';
import { REFRESH_COOKIE, SESSION_HINT_COOKIE } from './refresh-cookie.ts';

const summaryPage = { name: 'contentSummary' as const, params: {}, language: 'en' as const };
const zhSummaryPage = { ...summaryPage, language: 'zh' as const };
const list = (query: string) => [
  { rel: 'preload', as: 'fetch', href: `/api/summaries?${query}`, crossorigin: 'use-credentials' },
];

describe('the API answers a document preloads', () => {
  it('the summary page’s default list for a visitor, in the default zone or the one they picked', () => {
    expect(dataPreloads(summaryPage, { query: '', cookies: {} })).toEqual(
      list('page=1&timezone=America%2FLos_Angeles&language=en&group=story'),
    );
    expect(
      dataPreloads(zhSummaryPage, { query: '', cookies: { [TIME_ZONE_COOKIE]: 'Asia/Shanghai' } }),
    ).toEqual(list('page=1&timezone=Asia%2FShanghai&language=zh&group=story'));
    // A zone that is none is the default's (as the app reads it).
    for (const bad of ['Mars/Olympus', '../../etc', '<script>', ''])
      expect(dataPreloads(summaryPage, { query: '', cookies: { [TIME_ZONE_COOKIE]: bad } })).toEqual(
        list('page=1&timezone=America%2FLos_Angeles&language=en&group=story'),
      );
  });

  it('a blog post, in the page’s language, for anyone (the post is the same for every reader)', () => {
    const post = { name: 'blogPost' as const, params: { slug: 'a b' }, language: 'zh' as const };
    expect(dataPreloads(post, { query: '', cookies: { [SESSION_HINT_COOKIE]: '1' } })).toEqual([
      {
        rel: 'preload',
        as: 'fetch',
        href: '/api/blog/posts/a%20b?language=zh',
        crossorigin: 'use-credentials',
      },
    ]);
  });

  it('nothing for a reader with a session, for filters in the address, or for another page', () => {
    for (const cookie of [SESSION_HINT_COOKIE, REFRESH_COOKIE])
      expect(dataPreloads(summaryPage, { query: '', cookies: { [cookie]: '1' } }), cookie).toEqual([]);
    expect(dataPreloads(summaryPage, { query: 'topic=x', cookies: {} })).toEqual([]);
    expect(dataPreloads({ ...summaryPage, name: 'home' }, { query: '', cookies: {} })).toEqual([]);
    expect(dataPreloads(null, { query: '', cookies: {} })).toEqual([]);
  });
});
