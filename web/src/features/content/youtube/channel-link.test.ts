import { describe, expect, it } from 'vitest';
import { youtubeChannelUrl } from './channel-link';

describe('youtubeChannelUrl', () => {
  it('turns a channel, user or playlist feed into the page it is the feed of', () => {
    expect(
      youtubeChannelUrl('https://www.youtube.com/feeds/videos.xml?channel_id=UCsBjURrPoezykLs9EqgamOA'),
    ).toBe('https://www.youtube.com/channel/UCsBjURrPoezykLs9EqgamOA');
    expect(youtubeChannelUrl('https://youtube.com/feeds/videos.xml?user=fireship')).toBe(
      'https://www.youtube.com/user/fireship',
    );
    expect(youtubeChannelUrl('https://www.youtube.com/feeds/videos.xml?playlist_id=PL123')).toBe(
      'https://www.youtube.com/playlist?list=PL123',
    );
  });

  it('keeps a YouTube page as it is', () => {
    expect(youtubeChannelUrl('https://www.youtube.com/@Fireship')).toBe('https://www.youtube.com/@Fireship');
    expect(youtubeChannelUrl('http://m.youtube.com/c/ByteByteGo')).toBe(
      'https://www.youtube.com/c/ByteByteGo',
    );
  });

  it('gives no channel page for other sites, scripts, a feed without a channel or no URL at all', () => {
    expect(youtubeChannelUrl('https://example.com/feeds/videos.xml?channel_id=x')).toBeNull();
    expect(youtubeChannelUrl('javascript:alert(1)')).toBeNull();
    expect(youtubeChannelUrl('https://www.youtube.com/feeds/videos.xml')).toBeNull();
    expect(youtubeChannelUrl('Fireship')).toBeNull();
  });
});
