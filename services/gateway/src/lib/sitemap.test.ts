import { describe, expect, it } from 'vitest';
import {
  parseSitemapFileName,
  SITEMAP_PAGE_SIZE,
  sitemapFileName,
  sitemapPage,
  sitemapPageCount,
} from './sitemap.ts';

describe('sitemap files', () => {
  it('names a language’s files en.xml, en-2.xml… and reads back only those names', () => {
    expect(sitemapFileName({ language: 'en', page: 1 })).toBe('en.xml');
    expect(sitemapFileName({ language: 'zh', page: 12 })).toBe('zh-12.xml');
    expect(parseSitemapFileName('en.xml')).toEqual({ language: 'en', page: 1 });
    expect(parseSitemapFileName('zh-2.xml')).toEqual({ language: 'zh', page: 2 });
    expect(parseSitemapFileName('en-100000.xml')).toEqual({ language: 'en', page: 100_000 });
    for (const name of [
      'en-1.xml',
      'en-0.xml',
      'en-02.xml',
      'en-1000000.xml',
      'fr.xml',
      'EN.xml',
      'en.xml.gz',
      'en',
      '../en.xml',
    ])
      expect(parseSitemapFileName(name), name).toBeNull();
  });

  it('holds at most the protocol’s 50,000 URLs a file; a language’s first file always exists', () => {
    expect(SITEMAP_PAGE_SIZE).toBe(50_000);
    expect(sitemapPageCount(0)).toBe(1);
    expect(sitemapPageCount(50_000)).toBe(1);
    expect(sitemapPageCount(50_001)).toBe(2);
    const entries = Array.from({ length: 120_001 }, (_, index) => index);
    expect(sitemapPageCount(entries.length)).toBe(3);
    expect(sitemapPage(entries, 1)).toEqual(entries.slice(0, 50_000));
    expect(sitemapPage(entries, 3)).toEqual(entries.slice(100_000));
    expect(sitemapPage(entries, 4)).toBeNull();
    expect(sitemapPage(entries, 0)).toBeNull();
    expect(sitemapPage([], 1)).toEqual([]);
  });
});
