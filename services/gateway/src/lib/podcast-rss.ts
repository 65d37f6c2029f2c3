import { XMLBuilder } from 'fast-xml-parser';

export const ITUNES_NS = 'http://www.itunes.com/dtds/podcast-1.0.dtd';
export const PODCAST_NS = 'https://podcastindex.org/namespace/1.0';
const ATOM_NS = 'http://www.w3.org/2005/Atom';

export type PodcastChannel = {
  title: string;
  description: string;
  /** The page the feed mirrors. */
  link: string;
  /** This feed's own URL (atom:link rel=self). */
  selfUrl: string;
  /** RSS language code: en, zh-cn. */
  language: string;
  author: string;
  /** Square PNG, 1400–3000 px. */
  imageUrl: string;
  /** The newest episode, or the feed's creation when it has none. */
  updated: Date;
};

export type PodcastEpisode = {
  guid: string;
  title: string;
  description: string;
  link: string;
  published: Date;
  audio: { url: string; bytes: number };
  durationSeconds: number | null;
  transcript: { url: string; language: string } | null;
  chaptersUrl: string | null;
};

// Characters XML 1.0 cannot carry at all (escaping does not help): C0 controls but tab, LF and CR,
// lone surrogates, U+FFFE and U+FFFF. Titles and transcripts come from crawled text and models.
const NOT_XML =
  // biome-ignore lint/suspicious/noControlCharactersInRegex: the control characters are the point
  /[\u0000-\u0008\u000B\u000C\u000E-\u001F\uFFFE\uFFFF]|[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/g;
const text = (value: string) => value.replace(NOT_XML, '');

// The builder escapes &, <, >, " and ' in text and attributes (processEntities).
const builder = new XMLBuilder({
  ignoreAttributes: false,
  attributeNamePrefix: '@_',
  format: true,
  indentBy: '  ',
  suppressEmptyNode: true,
  processEntities: true,
});

function item(episode: PodcastEpisode) {
  return {
    title: text(episode.title),
    description: text(episode.description),
    link: episode.link,
    guid: { '@_isPermaLink': 'false', '#text': episode.guid },
    pubDate: episode.published.toUTCString(),
    enclosure: {
      '@_url': episode.audio.url,
      '@_length': String(episode.audio.bytes),
      '@_type': 'audio/mpeg',
    },
    ...(episode.durationSeconds !== null
      ? { 'itunes:duration': String(Math.max(1, Math.round(episode.durationSeconds))) }
      : {}),
    'itunes:episodeType': 'full',
    'itunes:explicit': 'false',
    ...(episode.transcript
      ? {
          'podcast:transcript': {
            '@_url': episode.transcript.url,
            '@_type': 'text/plain',
            '@_language': episode.transcript.language,
          },
        }
      : {}),
    ...(episode.chaptersUrl
      ? { 'podcast:chapters': { '@_url': episode.chaptersUrl, '@_type': 'application/json+chapters' } }
      : {}),
  };
}

/**
 * RSS 2.0 with the iTunes and Podcasting 2.0 namespaces, as podcast apps read it. The feed is private
 * (its URL holds a token), so it asks directories not to list it (itunes:block).
 */
export function renderPodcastRss(channel: PodcastChannel, episodes: PodcastEpisode[]): string {
  const updated = channel.updated.toUTCString();
  const document = {
    '?xml': { '@_version': '1.0', '@_encoding': 'UTF-8' },
    rss: {
      '@_version': '2.0',
      '@_xmlns:itunes': ITUNES_NS,
      '@_xmlns:podcast': PODCAST_NS,
      '@_xmlns:atom': ATOM_NS,
      channel: {
        title: text(channel.title),
        link: channel.link,
        description: text(channel.description),
        language: channel.language,
        pubDate: updated,
        lastBuildDate: updated,
        'atom:link': { '@_href': channel.selfUrl, '@_rel': 'self', '@_type': 'application/rss+xml' },
        image: { url: channel.imageUrl, title: text(channel.title), link: channel.link },
        'itunes:image': { '@_href': channel.imageUrl },
        'itunes:author': text(channel.author),
        'itunes:owner': { 'itunes:name': text(channel.author) },
        'itunes:category': { '@_text': 'News', 'itunes:category': { '@_text': 'Daily News' } },
        'itunes:explicit': 'false',
        'itunes:type': 'episodic',
        'itunes:block': 'Yes',
        item: episodes.map(item),
      },
    },
  };
  return builder.build(document) as string;
}
