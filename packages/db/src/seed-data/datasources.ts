import type { Language, Platform } from '../../generated/prisma/enums.ts';
import { defaultConfigFor, type PlatformConfig } from '../platform-defaults.ts';

export type DatasourceSeed = {
  topic: string; // topic slug
  platform: Platform;
  sourceName: string;
  sourceUrl: string;
  language: Language;
  config: PlatformConfig;
};

// Bridge URLs (twitter-rss, wechat) point at the public RSSHub instance; a self-hosted RSSHub
// serves the same paths, so the crawler may swap the host.
const RSSHUB = 'https://rsshub.app';

const blog = (
  topic: string,
  sourceName: string,
  sourceUrl: string,
  language: Language = 'EN',
): DatasourceSeed => ({
  topic,
  platform: 'blog',
  sourceName,
  sourceUrl,
  language,
  config: defaultConfigFor('blog'),
});

const reddit = (topic: string, subreddit: string): DatasourceSeed => ({
  topic,
  platform: 'reddit',
  sourceName: `r/${subreddit}`,
  sourceUrl: `https://www.reddit.com/r/${subreddit}/hot.json?limit=25`,
  language: 'EN',
  config: defaultConfigFor('reddit', { subreddit }),
});

const youtube = (
  topic: string,
  sourceName: string,
  channelId: string,
  language: Language = 'EN',
): DatasourceSeed => ({
  topic,
  platform: 'youtube',
  sourceName,
  sourceUrl: `https://www.youtube.com/feeds/videos.xml?channel_id=${channelId}`,
  language,
  config: defaultConfigFor('youtube', { channel_id: channelId }),
});

const podcast = (
  topic: string,
  sourceName: string,
  rssUrl: string,
  language: Language = 'EN',
): DatasourceSeed => ({
  topic,
  platform: 'podcast',
  sourceName,
  sourceUrl: rssUrl,
  language,
  config: defaultConfigFor('podcast', { rss_url: rssUrl }),
});

// For keyword sources the URL field holds the keyword and the name is "<keyword> 相关推文" (spec §5).
const twitter = (topic: string, keyword: string): DatasourceSeed => ({
  topic,
  platform: 'twitter',
  sourceName: `${keyword} 相关推文`,
  sourceUrl: keyword,
  language: 'EN',
  config: defaultConfigFor('twitter'),
});

const twitterRss = (topic: string, sourceName: string, handle: string): DatasourceSeed => ({
  topic,
  platform: 'twitter_rss',
  sourceName,
  sourceUrl: `${RSSHUB}/twitter/user/${handle}`,
  language: 'EN',
  config: defaultConfigFor('twitter_rss'),
});

/** `biz` is the account id from mp.weixin.qq.com article links (__biz=…). */
const wechat = (topic: string, sourceName: string, biz: string): DatasourceSeed => ({
  topic,
  platform: 'wechat',
  sourceName,
  sourceUrl: `${RSSHUB}/freewechat/profile/${biz}`,
  language: 'ZH',
  config: defaultConfigFor('wechat'),
});

const xiaohongshu = (topic: string, sourceName: string, keywords: string[]): DatasourceSeed => ({
  topic,
  platform: 'xiaohongshu',
  sourceName,
  sourceUrl: `https://www.xiaohongshu.com/search_result?keyword=${encodeURIComponent(keywords[0] ?? sourceName)}`,
  language: 'ZH',
  config: defaultConfigFor('xiaohongshu', { keywords }),
});

const AI = 'ai-agents-apps';
const ENG = 'engineering';
const INDIE = 'indie-hackers-side-hustle';
const PM = 'product-management';
const VC = 'startup-vc';

export const DATASOURCES: DatasourceSeed[] = [
  blog(AI, 'OpenAI News', 'https://openai.com/news/rss.xml'),
  blog(AI, 'Hugging Face Blog', 'https://huggingface.co/blog/feed.xml'),
  blog(AI, "Simon Willison's Weblog", 'https://simonwillison.net/atom/everything/'),
  reddit(AI, 'LocalLLaMA'),
  reddit(AI, 'AI_Agents'),
  youtube(AI, 'Two Minute Papers', 'UCbfYPyITQ-7l4upoX8nvctg'),
  youtube(AI, 'Andrej Karpathy', 'UCXUPKJO5MZQN11PqgIvyuvQ'),
  podcast(AI, 'Latent Space', 'https://api.substack.com/feed/podcast/1084089.rss'),
  podcast(AI, 'Practical AI', 'https://changelog.com/practicalai/feed'),
  twitter(AI, 'AI agents'),
  twitterRss(AI, 'Andrej Karpathy (X)', 'karpathy'),
  wechat(AI, '机器之心', 'MzA3MzI4MjgzMw=='),
  wechat(AI, '量子位', 'MzIzNjc1NzUzMw=='),
  xiaohongshu(AI, 'AI 工具与智能体', ['AI工具', 'AI智能体', '大模型应用']),

  blog(ENG, 'Netflix TechBlog', 'https://netflixtechblog.com/feed'),
  blog(ENG, 'The Cloudflare Blog', 'https://blog.cloudflare.com/rss/'),
  blog(ENG, 'Martin Fowler', 'https://martinfowler.com/feed.atom'),
  blog(ENG, 'GitHub Blog: Engineering', 'https://github.blog/engineering/feed/'),
  blog(ENG, '阮一峰的网络日志', 'https://www.ruanyifeng.com/blog/atom.xml', 'ZH'),
  blog(ENG, '美团技术团队', 'https://tech.meituan.com/feed/', 'ZH'),
  reddit(ENG, 'programming'),
  reddit(ENG, 'ExperiencedDevs'),
  youtube(ENG, 'Fireship', 'UCsBjURrPoezykLs9EqgamOA'),
  youtube(ENG, 'ByteByteGo', 'UCZgt6AzoyjslHTC9dz0UoTw'),
  podcast(ENG, 'The Changelog', 'https://changelog.com/podcast/feed'),
  podcast(ENG, 'Software Engineering Daily', 'https://softwareengineeringdaily.com/feed/podcast/'),
  twitter(ENG, 'system design'),
  wechat(ENG, 'InfoQ', 'MjM5MDE0Mjc4MA=='),

  blog(INDIE, 'Pieter Levels', 'https://levels.io/rss/'),
  blog(INDIE, 'The Bootstrapped Founder', 'https://thebootstrappedfounder.com/feed/'),
  reddit(INDIE, 'SideProject'),
  reddit(INDIE, 'indiehackers'),
  reddit(INDIE, 'EntrepreneurRideAlong'),
  youtube(INDIE, 'Starter Story', 'UChhw6DlKKTQ9mYSpTfXUYqA'),
  youtube(INDIE, 'Greg Isenberg', 'UCPjNBjflYl0-HQtUvOx0Ibw'),
  twitter(INDIE, 'indie hacker'),
  twitterRss(INDIE, 'Pieter Levels (X)', 'levelsio'),
  xiaohongshu(INDIE, '副业与独立开发', ['副业', '独立开发', '一人公司']),

  blog(PM, "Lenny's Newsletter", 'https://www.lennysnewsletter.com/feed'),
  blog(PM, 'Mind the Product', 'https://www.mindtheproduct.com/feed/'),
  blog(PM, '人人都是产品经理', 'https://www.woshipm.com/feed', 'ZH'),
  blog(PM, '少数派', 'https://sspai.com/feed', 'ZH'),
  reddit(PM, 'ProductManagement'),
  youtube(PM, "Lenny's Podcast", 'UC6t1O76G0jYXOAoYCm153dA'),
  podcast(PM, "Lenny's Podcast", 'https://api.substack.com/feed/podcast/10845.rss'),
  twitterRss(PM, 'Lenny Rachitsky (X)', 'lennysan'),
  xiaohongshu(PM, '产品经理成长', ['产品经理', '产品思维']),

  blog(VC, 'Paul Graham: Essays', 'http://www.aaronsw.com/2002/feeds/pgessays.rss'),
  blog(VC, 'TechCrunch Startups', 'https://techcrunch.com/category/startups/feed/'),
  blog(VC, '36氪', 'https://36kr.com/feed', 'ZH'),
  reddit(VC, 'startups'),
  reddit(VC, 'venturecapital'),
  youtube(VC, 'Y Combinator', 'UCcefcZRL2oaA_uBNeo5UOWg'),
  podcast(VC, 'Acquired', 'https://feeds.transistor.fm/acquired'),
  podcast(VC, 'The Twenty Minute VC (20VC)', 'https://thetwentyminutevc.libsyn.com/rss'),
  podcast(VC, '硅谷101', 'https://feeds.fireside.fm/sv101/rss', 'ZH'),
  twitter(VC, 'startup funding'),
  twitterRss(VC, 'Paul Graham (X)', 'paulg'),
];
