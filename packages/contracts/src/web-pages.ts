import { z } from 'zod';
import type { UiLanguage } from './common.ts';

// The web app's pages, as its router (web/src/router.tsx) declares them, for the gateway: a path
// that no page matches (@app/rules matchWebPage) answers 404, the indexed pages make the sitemap, the
// others are kept from crawlers in robots.txt. A web test holds this table equal to the router's and
// the matcher to the router's matching.

export type WebPage = {
  /** The router's path, without the /zh prefix: `$name` a parameter, `{-$name}` an optional one (last). */
  readonly path: string;
  /** Listed in the sitemap (when it has no parameter) and open to crawlers; false: Disallow'ed. */
  readonly index: boolean;
};

export const WEB_PAGES = {
  home: { path: '/', index: true },
  contentSummary: { path: '/content-summary', index: true },
  dailyPodcast: { path: '/daily-podcast', index: true },
  pricing: { path: '/pricing', index: true },
  blog: { path: '/blog', index: true },
  blogPost: { path: '/blog/$slug', index: true },
  topic: { path: '/topics/$id', index: true },
  // One event and its reports. Not in the sitemap: a visitor reads only the last two days' stories.
  story: { path: '/stories/$id', index: true },
  youtubeSource: { path: '/youtube/{-$sourceName}', index: true },
  otherYoutubeSources: { path: '/other-youtube-sources', index: true },
  // Token links and account screens: nothing there for a search engine.
  unsubscribe: { path: '/unsubscribe', index: false },
  newsletterConfirm: { path: '/newsletter/confirm', index: false },
  auth: { path: '/auth', index: false },
  authCallback: { path: '/auth/callback', index: false },
  authReset: { path: '/auth/reset', index: false },
  authVerify: { path: '/auth/verify', index: false },
  profile: { path: '/profile', index: false },
  contentHistory: { path: '/content-history', index: false },
  contentGenerator: { path: '/content-generator', index: false },
  admin: { path: '/admin', index: false },
  // The debug screens.
  authTest: { path: '/auth-test', index: false },
  dataTest: { path: '/data-test', index: false },
  simpleTest: { path: '/simple-test', index: false },
  languageFilterTest: { path: '/language-filter-test', index: false },
  databaseTest: { path: '/database-test', index: false },
} as const satisfies Record<string, WebPage>;

export type WebPageName = keyof typeof WEB_PAGES;

/** The topics that have a landing page at /topics/{slug}; any topic has its detail page at /topics/{id}. */
export const TOPIC_LANDING_SLUGS = [
  'ai-agents-apps',
  'engineering',
  'indie-hackers-side-hustle',
  'product-management',
  'startup-vc',
] as const;
export type TopicLandingSlug = (typeof TOPIC_LANDING_SLUGS)[number];

/** What @app/rules matchWebPage reads from a path. */
export type WebPageMatch = {
  name: WebPageName;
  /** The parameters, decoded ('/youtube/A%20B' → sourceName 'A B'); an absent optional one is missing. */
  params: Record<string, string>;
  language: UiLanguage;
};

/** GET /api/social-cards/card.png: the link-preview picture of one public page. */
/** The card's picture formats: PNG for link previews, WebP for pages that show it. */
export const SOCIAL_CARD_FORMATS = ['png', 'webp'] as const;
export type SocialCardFormat = (typeof SOCIAL_CARD_FORMATS)[number];

export const SocialCardQuerySchema = z.object({
  page: z
    .string()
    .min(1)
    .max(1024)
    .describe("The page's path as in its canonical URL (percent-encoded): /zh/blog/hello"),
  v: z
    .string()
    .regex(/^[\w-]{1,32}$/)
    .optional()
    .describe("The card's version, from the page's head: a new one whenever the card's words change"),
  format: z
    .enum(SOCIAL_CARD_FORMATS)
    .default('png')
    .describe(
      'png for link previews (what every previewer reads); webp, a sixth of the bytes, for a page that shows the card as its picture',
    ),
});
