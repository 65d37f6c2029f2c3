import { msg } from '@lingui/core/macro';

// The platforms' display names, declared where `lingui extract` finds them: platformName
// (content/platform-options.ts) puts the id together from the platform, so no page carries this list;
// platform-names.test.ts holds every platform to one.

export const PLATFORM_MESSAGES = [
  msg({ id: 'shared.platforms.blog', message: 'Blog' }),
  msg({ id: 'shared.platforms.wechat', message: 'WeChat' }),
  msg({ id: 'shared.platforms.youtube', message: 'YouTube' }),
  msg({ id: 'shared.platforms.podcast', message: 'Podcast' }),
  msg({ id: 'shared.platforms.xiaohongshu', message: 'Rednote' }),
  msg({ id: 'shared.platforms.twitter', message: 'Twitter search' }),
  msg({ id: 'shared.platforms.twitter-rss', message: 'Twitter' }),
  msg({ id: 'shared.platforms.reddit', message: 'Reddit' }),
  msg({ id: 'shared.platforms.linkedin', message: 'LinkedIn' }),
];
