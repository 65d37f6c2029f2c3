import { useEffect } from 'react';

export type FeedLink = { title: string; href: string; type: string };

const FEED_TYPES = {
  rss: 'application/rss+xml',
  atom: 'application/atom+xml',
  json: 'application/feed+json',
} as const;

/** The three formats of a topic's feed, in the reader's language. */
export function topicFeedLinks(slug: string, title: string, language: 'en' | 'zh'): FeedLink[] {
  return (Object.keys(FEED_TYPES) as (keyof typeof FEED_TYPES)[]).map((format) => ({
    title: `${title} (${format === 'json' ? 'JSON Feed' : format.toUpperCase()})`,
    href: `/feeds/topics/${encodeURIComponent(slug)}.${format}?lang=${language}`,
    type: FEED_TYPES[format],
  }));
}

/**
 * Advertises feeds to browsers and feed readers: <link rel="alternate"> in the head while the page shows.
 * On the page the document was served for, the server's head names them already (main.tsx drops that
 * head on the first move to another page).
 */
export function useFeedLinks(links: FeedLink[]) {
  const key = JSON.stringify(links);
  useEffect(() => {
    if (document.querySelector('[data-page-head]')) return;
    const elements = (JSON.parse(key) as FeedLink[]).map((link) => {
      const element = document.createElement('link');
      element.rel = 'alternate';
      element.type = link.type;
      element.title = link.title;
      element.href = link.href;
      element.dataset.feedLink = 'true';
      document.head.appendChild(element);
      return element;
    });
    return () => {
      for (const element of elements) element.remove();
    };
  }, [key]);
}
