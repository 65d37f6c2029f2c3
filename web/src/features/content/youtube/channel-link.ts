const YOUTUBE_HOSTS = new Set(['youtube.com', 'www.youtube.com', 'm.youtube.com']);
const FEED_PATH = '/feeds/videos.xml';

/**
 * The channel's page on YouTube for a source's stored address: a channel feed
 * (feeds/videos.xml?channel_id=…, ?user=…, ?playlist_id=…) becomes the page it is the feed of, a YouTube
 * page stays as it is. Anything else (another site, not a URL) has no channel page: null.
 */
export function youtubeChannelUrl(sourceUrl: string): string | null {
  let url: URL;
  try {
    url = new URL(sourceUrl.trim());
  } catch {
    return null;
  }
  if (!/^https?:$/.test(url.protocol) || !YOUTUBE_HOSTS.has(url.hostname.toLowerCase())) return null;
  if (url.pathname !== FEED_PATH) return `https://www.youtube.com${url.pathname}${url.search}`;
  const param = (name: string) => {
    const value = url.searchParams.get(name)?.trim();
    return value ? encodeURIComponent(value) : null;
  };
  const channel = param('channel_id');
  if (channel) return `https://www.youtube.com/channel/${channel}`;
  const user = param('user');
  if (user) return `https://www.youtube.com/user/${user}`;
  const playlist = param('playlist_id');
  if (playlist) return `https://www.youtube.com/playlist?list=${playlist}`;
  return null;
}
