import { feedItemToPost, fetchFeed, uniqueByUrl } from './feed-common.ts';
import type { PlatformCrawler } from './types.ts';

/** Blogs: RSS 0.9x/1.0/2.0, Atom or JSON Feed; items with only an excerpt get the article extracted from the page. */
export const crawlBlog: PlatformCrawler = async (context) => {
  const { datasource, settings } = context;
  const fetched = await fetchFeed(context, datasource.sourceUrl, { conditional: true });
  if (fetched.notModified) return { notModified: true };
  const posts = uniqueByUrl(fetched.feed.items.map((item) => feedItemToPost(item, fetched.url)));
  for (const post of posts) {
    // Dropping the tags is enough to measure the text (the content is sanitised later, with every post).
    post.needsExtraction = post.content.replace(/<[^>]*>/g, '').length < settings.extractBelowChars;
  }
  return {
    notModified: false,
    posts,
    language: fetched.feed.language,
    etag: fetched.etag,
    lastModified: fetched.lastModified,
  };
};
