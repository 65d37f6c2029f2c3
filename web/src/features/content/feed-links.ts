import { SITE_FEED_TITLES, type SiteFeed } from '@app/contracts';
import { type FeedLink, feedLinks, topicFeedPath } from '@app/rules';
import { useEffect } from 'react';

/** The formats of a topic's feed, in the reader's language. */
export const topicFeedLinks = (slug: string, title: string, language: 'en' | 'zh'): FeedLink[] =>
  feedLinks(topicFeedPath(slug), title, language);

/** The formats of one of the site's own feeds (every topic's stories, the blog), in the reader's language. */
export const siteFeedLinks = (feed: SiteFeed, language: 'en' | 'zh'): FeedLink[] =>
  feedLinks(`/feeds/${feed}`, SITE_FEED_TITLES[feed][language], language);

const absolute = (href: string) => new URL(href, document.baseURI).href;

/**
 * Advertises feeds to browsers and feed readers: <link rel="alternate"> in the head while the page shows.
 * On the page the document was served for, the server's head names them already: the page takes those
 * links over (they stop being the server head's, which main.tsx drops once another page shows), so
 * whichever comes first, the page change or this effect, the page keeps its links and no other's.
 */
export function useFeedLinks(links: FeedLink[]) {
  const key = JSON.stringify(links);
  useEffect(() => {
    const served = [
      ...document.head.querySelectorAll<HTMLLinkElement>('link[rel="alternate"][data-page-head]'),
    ];
    const elements = (JSON.parse(key) as FeedLink[]).map((link) => {
      const same = served.find(
        (element) => element.href === absolute(link.href) && element.type === link.type,
      );
      const element = same ?? document.createElement('link');
      if (same) delete same.dataset.pageHead;
      element.rel = 'alternate';
      element.type = link.type;
      element.title = link.title;
      element.setAttribute('href', link.href);
      element.dataset.feedLink = 'true';
      if (!same) document.head.appendChild(element);
      return element;
    });
    return () => {
      for (const element of elements) element.remove();
    };
  }, [key]);
}
