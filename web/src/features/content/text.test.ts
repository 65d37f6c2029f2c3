import { describe, expect, it } from 'vitest';
import { linkTitles } from './link-titles';
import { linkLabel, pageWindow, truncate } from './text';

describe('card text', () => {
  it('cuts by characters', () => {
    expect(truncate('a'.repeat(100), 80)).toBe(`${'a'.repeat(80)}…`);
    expect(truncate('智能体'.repeat(60), 150)).toHaveLength(151);
    expect(truncate('short', 80)).toBe('short');
  });
  it('windows pagination past 7 pages', () => {
    expect(pageWindow(1, 7)).toEqual([1, 2, 3, 4, 5, 6, 7]);
    expect(pageWindow(5, 20)).toEqual([1, 'gap', 4, 5, 6, 'gap', 20]);
    expect(pageWindow(1, 20)).toEqual([1, 2, 'gap', 20]);
  });
});

describe('related links', () => {
  it('name a link by its host and path, without scheme, www, query or a closing slash', () => {
    expect(linkLabel('https://www.example.com/blog/post/?utm_source=x#top')).toBe('example.com/blog/post');
    expect(linkLabel('https://example.com/')).toBe('example.com');
    expect(linkLabel('https://zh.example.com/%E6%96%87%E7%AB%A0')).toBe('zh.example.com/文章');
    expect(linkLabel('not a url')).toBe('not a url');
  });
  it('cut a long one to a line', () => {
    const label = linkLabel(`https://example.com/${'segment/'.repeat(20)}end`);
    expect([...label]).toHaveLength(61);
    expect(label.startsWith('example.com/segment/')).toBe(true);
    expect(label.endsWith('…')).toBe(true);
  });
  it("use the post's title when the summary knows it", () => {
    const one = linkTitles({ post_url: 'https://a.example/1', post_title: 'First post' });
    expect(linkLabel('https://a.example/1', one)).toBe('First post');
    const day = linkTitles({
      used_post_urls: ['https://a.example/1', 'https://a.example/2'],
      post_titles: ['One', 'Two'],
      post_urls: ['https://a.example/1', 'https://a.example/2', 'https://a.example/3'],
    });
    expect(linkLabel('https://a.example/2', day)).toBe('Two');
    expect(linkLabel('https://a.example/3', day)).toBe('a.example/3');
    expect(linkTitles({ post_url: 42, post_titles: 'x' }).size).toBe(0);
  });
});
