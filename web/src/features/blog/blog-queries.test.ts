import { describe, expect, it } from 'vitest';
import { BLOG_SKELETON_CARDS, BLOG_SORT_OPTIONS, visibleTags } from './blog-queries';

describe('blog card rules', () => {
  it('shows up to 3 tags and a +N for the rest', () => {
    expect(visibleTags(['a', 'b'])).toEqual({ shown: ['a', 'b'], more: 0 });
    expect(visibleTags(['a', 'b', 'c', 'd', 'e'])).toEqual({ shown: ['a', 'b', 'c'], more: 2 });
  });
  it('has the spec sorts and 6 skeleton cards', () => {
    expect(BLOG_SORT_OPTIONS).toEqual(['newest', 'oldest', 'popular', 'reading_time']);
    expect(BLOG_SKELETON_CARDS).toBe(6);
  });
});
