import { type Datasource, type Platform, platformToId, type SummaryType, type Topic } from '@app/db';

/** Spec §3: platform → summary_type. 'twitter' (keyword search) is summarised like twitter-rss. */
export const SUMMARY_TYPE_OF: Record<Platform, SummaryType> = {
  blog: 'blog_post',
  reddit: 'daily_subreddit',
  youtube: 'youtube_video',
  podcast: 'podcast',
  wechat: 'wechat_post',
  twitter_rss: 'twitter_rss_datasource',
  twitter: 'twitter_rss_datasource',
  xiaohongshu: 'xiaohongshu_post',
};

/** The metadata every summary carries about where it came from. */
export function sourceMetadata(datasource: Datasource & { topic: Topic | null }) {
  return {
    platform: platformToId(datasource.platform),
    source_name: datasource.sourceName,
    topic_name: datasource.topic?.name ?? null,
    topic_id: datasource.topicId,
    datasource_id: datasource.id,
  };
}
