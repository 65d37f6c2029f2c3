// On its own, with no schema: every page of the web app names the site's feeds, and its shell carries
// this module (web/vite.config.ts) without the feed schemas.

/** The site's own feeds, beside each topic's: every topic's stories, and the blog. */
export const SITE_FEEDS = ['summaries', 'blog'] as const;
export type SiteFeed = (typeof SITE_FEEDS)[number];
/** Each site feed's title in each language: the feed's own, and its link's in a page's head. */
export const SITE_FEED_TITLES: Record<SiteFeed, Record<'en' | 'zh', string>> = {
  summaries: { en: 'Daily Curated: every topic', zh: '每日精选：全部主题' },
  blog: { en: 'Daily Curated blog', zh: '每日精选博客' },
};
