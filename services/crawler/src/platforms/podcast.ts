import { canonicalUrl } from '../parse/canonical-url.ts';
import { feedItemToPost, fetchFeed, uniqueByUrl } from './feed-common.ts';
import { num, type PlatformCrawler, str } from './types.ts';

/** Podcasts: RSS with itunes fields and enclosures; the newest max_episodes episodes. */
export const crawlPodcast: PlatformCrawler = async (context) => {
  const { datasource, config } = context;
  const feedUrl = str(config.rss_url) ?? datasource.sourceUrl;
  const fetched = await fetchFeed(context, feedUrl, { conditional: true });
  if (fetched.notModified) return { notModified: true };
  const maxEpisodes = num(config.max_episodes, 5, 1, 200);
  const items = [...fetched.feed.items]
    .sort((a, b) => (b.publishedAt?.getTime() ?? 0) - (a.publishedAt?.getTime() ?? 0))
    .slice(0, maxEpisodes);
  const posts = items.map((item) => {
    const itunes = (item.extra.itunes ?? {}) as Record<string, unknown>;
    const audioUrl = item.enclosure ? canonicalUrl(item.enclosure.url, fetched.url) : null;
    // Episodes without a page link are keyed by their audio file.
    const withLink = item.link || item.id?.startsWith('http') ? item : { ...item, link: audioUrl };
    return feedItemToPost(withLink, fetched.url, {
      episode_title: item.title,
      audio_url: audioUrl,
      audio_type: item.enclosure?.type ?? null,
      duration: typeof itunes.duration === 'string' ? itunes.duration : null,
      image: typeof itunes.image === 'string' ? itunes.image : null,
      itunes_summary: typeof itunes.summary === 'string' ? itunes.summary.slice(0, 2000) : null,
      ...(item.extra.transcripts ? { transcripts: item.extra.transcripts } : {}),
    });
  });
  return {
    notModified: false,
    posts: uniqueByUrl(posts),
    language: fetched.feed.language,
    etag: fetched.etag,
    lastModified: fetched.lastModified,
  };
};
