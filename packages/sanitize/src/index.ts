// The one HTML sanitiser (js-xss underneath) and the profiles the product renders HTML with.
export { htmlToText } from './html-to-text.ts';
export { BLOG_FEED_ITEM, BLOG_POST, CRAWLED_CONTENT, FEED_ITEM, SUMMARY_PAGE } from './profiles.ts';
export { createSanitizer, type SanitizeProfile, type Sanitizer } from './sanitizer.ts';
