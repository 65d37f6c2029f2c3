import { describe, expect, it } from 'vitest';
import { dataPreloads, TIME_ZONE_COOKIE } from './page-preloads.ts';
import { REFRESH_COOKIE, SESSION_HINT_COOKIE } from './refresh-cookie.ts';

const summaryPage = { name: 'contentSummary' as const };
const list = (query: string) => [
  { rel: 'preload', as: 'fetch', href: `/api/summaries?${query}`, crossorigin: 'use-credentials' },
];

describe('the API answers a document preloads', () => {
  it('the summary page’s default list for a visitor, in the default zone or the one they picked', () => {
    expect(dataPreloads(summaryPage, 'en', { query: '', cookies: {} })).toEqual(
      list('page=1&timezone=America%2FLos_Angeles&language=en&group=story'),
    );
    expect(
      dataPreloads(summaryPage, 'zh', { query: '', cookies: { [TIME_ZONE_COOKIE]: 'Asia/Shanghai' } }),
    ).toEqual(list('page=1&timezone=Asia%2FShanghai&language=zh&group=story'));
    // A zone that is none is the default's (as the app reads it).
    for (const bad of ['Mars/Olympus', '../../etc', '<script>', ''])
      expect(dataPreloads(summaryPage, 'en', { query: '', cookies: { [TIME_ZONE_COOKIE]: bad } })).toEqual(
        list('page=1&timezone=America%2FLos_Angeles&language=en&group=story'),
      );
  });

  it('nothing for a reader with a session, for filters in the address, or for another page', () => {
    for (const cookie of [SESSION_HINT_COOKIE, REFRESH_COOKIE])
      expect(dataPreloads(summaryPage, 'en', { query: '', cookies: { [cookie]: '1' } }), cookie).toEqual([]);
    expect(dataPreloads(summaryPage, 'en', { query: 'topic=x', cookies: {} })).toEqual([]);
    expect(dataPreloads({ name: 'home' }, 'en', { query: '', cookies: {} })).toEqual([]);
    expect(dataPreloads(null, 'en', { query: '', cookies: {} })).toEqual([]);
  });
});
