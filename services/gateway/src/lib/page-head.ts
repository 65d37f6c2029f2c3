import {
  SITE_FEED_TITLES,
  type SiteFeed,
  type TopicDto,
  type UiLanguage,
  WEB_PAGES,
  type WebPageMatch,
} from '@app/contracts';
import { type FeedLink, feedLinks, localName, toHtmlLang, topicFeedPath, webPagePath } from '@app/rules';
import type { HeadLink, HeadMeta, PageHead } from './page-document.ts';
import { CARD_HEIGHT, CARD_WIDTH, type SocialCard, socialCardVersion } from './social-card.ts';
import { type StoryPageData, storyDescription, storyKicker } from './story-page.ts';
import { isWebUrl } from './web-urls.ts';

/** A published post as its page's head describes it. */
export type BlogPostHeadRow = {
  title: string;
  metaTitle: string | null;
  metaDescription: string | null;
  excerpt: string;
  featuredImageUrl: string | null;
  authorName: string;
  category: string;
  tags: string[];
  publishedAt: Date | null;
  updatedAt: Date;
};

/** What a page's head is written from, beyond its path: the row it shows. */
export type PageData =
  | { kind: 'blogPost'; post: BlogPostHeadRow; languages: UiLanguage[] }
  | { kind: 'topic'; topic: TopicDto }
  | { kind: 'youtubeSource'; name: string; languages: UiLanguage[] }
  | ({ kind: 'story' } & StoryPageData)
  | { kind: 'home'; topics: TopicDto[] }
  | { kind: 'none' };

type Strings = { title: string; description: string };

/** The site's name and the texts of the pages without a row, in each language (the web app's wording). */
const SITE: Record<UiLanguage, { name: string; description: string; notFound: string; locale: string }> = {
  en: {
    name: 'Daily Curated',
    description:
      'Daily AI summaries of the best content for indie hackers, engineers, product people and founders, in English and Chinese.',
    notFound: 'Page not found',
    locale: 'en_US',
  },
  zh: {
    name: '每日精选',
    description: '为独立开发者、工程师、产品人和创业者精选的每日 AI 摘要，中英文双语。',
    notFound: '页面未找到',
    locale: 'zh_CN',
  },
};

const PAGES: Partial<Record<WebPageMatch['name'], Record<UiLanguage, Strings>>> = {
  contentSummary: {
    en: {
      title: 'Daily summaries',
      description: "Today's AI summaries of blogs, YouTube, podcasts, Reddit and X, by topic and source.",
    },
    zh: {
      title: '每日摘要',
      description: '今日博客、YouTube、播客、Reddit 和 X 内容的 AI 摘要，按主题和来源整理。',
    },
  },
  dailyPodcast: {
    en: {
      title: 'Daily Podcast',
      description: "A short audio briefing per topic, made every day from the day's summaries.",
    },
    zh: { title: '每日播客', description: '每个主题每天一期简短的音频简报，由当天的摘要生成。' },
  },
  pricing: {
    en: {
      title: 'Pricing',
      description: 'Start free. Upgrade to Pro for full history, favourites and AI content generation.',
    },
    zh: { title: '价格', description: '免费开始。升级到 Pro，解锁完整历史、收藏和 AI 内容生成。' },
  },
  blog: {
    en: {
      title: 'Blog',
      description: 'Notes from the team: how we curate, what we ship, and guides for builders.',
    },
    zh: {
      title: '博客',
      description: '来自团队的笔记：我们如何精选内容、发布了什么，以及写给创造者的指南。',
    },
  },
  otherYoutubeSources: {
    en: {
      title: 'YouTube channels',
      description: 'Summaries of the latest videos from the channels we follow.',
    },
    zh: { title: 'YouTube 频道', description: '我们关注的频道最新视频的摘要。' },
  },
};

/** A page's own title and description, for the pages that show no row ('pricing', 'blog'…). */
export const pageStrings = (name: WebPageMatch['name'], language: UiLanguage): Strings | undefined =>
  PAGES[name]?.[language];
/** The site's name, description and "page not found" in a language. */
export const siteStrings = (language: UiLanguage) => SITE[language];

const LANGUAGES: readonly UiLanguage[] = ['en', 'zh'];
/** The podcast's cover (square, 1400 px): the show's picture in its structured data. */
const PODCAST_IMAGE = '/api/podcasts/artwork.png';
/** What a page's social card names above its title: the kind of page it is. */
const KICKERS: Partial<Record<WebPageMatch['name'], Record<UiLanguage, string>>> = {
  home: { en: 'Daily AI summaries', zh: '每日 AI 摘要' },
  contentSummary: { en: 'Summaries', zh: '摘要' },
  dailyPodcast: { en: 'Podcast', zh: '播客' },
  pricing: { en: 'Pricing', zh: '价格' },
  blog: { en: 'Blog', zh: '博客' },
  blogPost: { en: 'Blog', zh: '博客' },
  topic: { en: 'Topic', zh: '主题' },
  story: { en: 'Story', zh: '事件' },
  youtubeSource: { en: 'YouTube', zh: 'YouTube' },
  otherYoutubeSources: { en: 'YouTube', zh: 'YouTube' },
};

/** The page's path with its parameters (encoded), in English: '/blog/$slug' → '/blog/hello'. */
export function pagePath(match: Pick<WebPageMatch, 'name' | 'params'>): string {
  const filled = WEB_PAGES[match.name].path.replace(/\{-\$(\w+)\}|\$(\w+)/g, (_, optional, required) => {
    const value = match.params[(optional ?? required) as string];
    return value === undefined ? '' : encodeURIComponent(value);
  });
  return filled.length > 1 ? filled.replace(/\/$/, '') : filled;
}

/** A topic's name and description in a language (English when it has no Chinese ones). */
export const topicName = localName;
export const topicDescription = (topic: TopicDto, language: UiLanguage) =>
  (language === 'zh' && topic.description_zh) ||
  (language === 'en' && topic.description) ||
  (language === 'zh'
    ? `关于${topicName(topic, language)}的每日 AI 摘要。`
    : `Daily AI summaries about ${topic.name}.`);

function topicFeeds(topic: TopicDto, language: UiLanguage): HeadLink[] {
  return feedLinks(topicFeedPath(topic.slug), topicName(topic, language), language).map(asHeadLink);
}

/** One of the site's own feeds (every topic's stories, the blog), in each format. */
function siteFeeds(feed: SiteFeed, language: UiLanguage): HeadLink[] {
  return feedLinks(`/feeds/${feed}`, SITE_FEED_TITLES[feed][language], language).map(asHeadLink);
}

const asHeadLink = ({ type, title, href }: FeedLink): HeadLink => ({ rel: 'alternate', type, title, href });

/** An absolute http(s) URL for a picture's address as stored (absolute, or a path of this site). */
function absoluteImage(url: string | null, publicUrl: string): string | null {
  if (!url) return null;
  try {
    const absolute = new URL(url, `${publicUrl}/`).href;
    return isWebUrl(absolute) ? absolute : null;
  } catch {
    return null;
  }
}

/** A picture's address as stored, when it is a path of this site or an http(s) URL; else null. */
function sitePicture(url: string | null): string | null {
  if (!url) return null;
  if (url.startsWith('/') && !url.startsWith('//')) return url;
  return isWebUrl(url) ? url : null;
}

/** Title, description and what else the page's kind says (its type, picture, structured data). */
function describe(match: WebPageMatch, data: PageData, site: (typeof SITE)[UiLanguage]) {
  const { language } = match;
  if (data.kind === 'blogPost') {
    const { post } = data;
    return {
      title: post.metaTitle || post.title,
      description: post.metaDescription || post.excerpt || site.description,
      type: 'article' as const,
      image: post.featuredImageUrl,
    };
  }
  if (data.kind === 'topic')
    return { title: topicName(data.topic, language), description: topicDescription(data.topic, language) };
  if (data.kind === 'story')
    return {
      title: data.story.headline,
      description: storyDescription(data, language),
      type: 'article' as const,
    };
  if (data.kind === 'youtubeSource')
    return {
      title: data.name,
      description:
        language === 'zh'
          ? `${data.name} 最新视频的摘要。`
          : `Summaries of the latest videos from ${data.name}.`,
    };
  const strings = PAGES[match.name]?.[language];
  if (strings) return strings;
  return { title: site.name, description: site.description };
}

/**
 * The words of a public page's social card (lib/social-card.ts draws it): its kind, the title and
 * description its head has, and the site. The card's URL carries their version.
 */
export function pageCard(input: { match: WebPageMatch; data: PageData; publicUrl: string }): SocialCard {
  const { match, data, publicUrl } = input;
  const site = SITE[match.language];
  const described = describe(match, data, site);
  return {
    language: match.language,
    kicker:
      data.kind === 'story'
        ? storyKicker(data, match.language)
        : (KICKERS[match.name]?.[match.language] ?? site.name),
    title: match.name === 'home' ? site.name : described.title,
    description: described.description,
    site: site.name,
    host: new URL(publicUrl).host,
  };
}

/**
 * The head of a page's document: language, title, description; for a page search engines index,
 * its canonical URL, its versions in each language (hreflang, x-default English), Open Graph and
 * Twitter card tags, its feeds and its structured data. A missing or removed page (404, 410) and the
 * account, admin and token-link screens are `noindex` with no canonical.
 */
export function pageHead(input: {
  match: WebPageMatch;
  status: number;
  publicUrl: string;
  data: PageData;
}): PageHead {
  const { match, status, publicUrl, data } = input;
  const { language } = match;
  const site = SITE[language];
  const lang = toHtmlLang(language);
  if (status !== 200 && status !== 503)
    return {
      lang,
      title: `${site.notFound} · ${site.name}`,
      description: site.description,
      links: [],
      meta: [{ name: 'robots', content: 'noindex' }],
      jsonLd: [],
    };
  const described = describe(match, data, site);
  const isHome = match.name === 'home';
  const title = isHome ? site.name : `${described.title} · ${site.name}`;
  if (!WEB_PAGES[match.name].index || status !== 200)
    return {
      lang,
      title,
      description: described.description,
      links: [],
      meta: [{ name: 'robots', content: 'noindex' }],
      jsonLd: [],
    };

  // A story's address is its id as stored (an id in capitals opens the same story).
  const path = pagePath(data.kind === 'story' ? { name: 'story', params: { id: data.story.id } } : match);
  const urlOf = (l: UiLanguage) => `${publicUrl}${webPagePath(path, l)}`;
  const url = urlOf(language);
  const languages = data.kind === 'blogPost' || data.kind === 'youtubeSource' ? data.languages : LANGUAGES;
  const links: HeadLink[] = [{ rel: 'canonical', href: url }];
  if (languages.length > 1) {
    for (const l of languages) links.push({ rel: 'alternate', hreflang: toHtmlLang(l), href: urlOf(l) });
    links.push({
      rel: 'alternate',
      hreflang: 'x-default',
      href: urlOf(languages.includes('en') ? 'en' : languages[0]!),
    });
  }
  // Feeds, the page's own first (a reader that takes one takes the first): a topic's, the blog's on
  // its pages, and the site's stories on every page.
  if (data.kind === 'topic') links.push(...topicFeeds(data.topic, language));
  if (match.name === 'blog' || match.name === 'blogPost') links.push(...siteFeeds('blog', language));
  links.push(...siteFeeds('summaries', language));
  // A post opens with its picture, the largest thing on its first screen: fetched beside the app's
  // code rather than after the post's data (the address as the app writes it into <img>).
  const cover = data.kind === 'blogPost' ? sitePicture(data.post.featuredImageUrl) : null;
  if (cover) links.push({ rel: 'preload', as: 'image', href: cover, fetchpriority: 'high' });
  // (The post's data is preloaded with the other API answers: lib/page-preloads.ts.)
  if (data.kind === 'home') for (const topic of data.topics) links.push(topicFeeds(topic, language)[0]!);

  // The link preview's picture is the page's card; a post's own picture goes in its structured data.
  const ownImage = 'image' in described ? absoluteImage(described.image ?? null, publicUrl) : null;
  const card = pageCard({ match, data, publicUrl });
  const image = `${publicUrl}/api/social-cards/card.png?${new URLSearchParams({
    page: webPagePath(path, language),
    v: socialCardVersion(card),
  })}`;
  const type = 'type' in described ? described.type : 'website';
  const ogTitle = isHome ? site.name : described.title;
  const meta: HeadMeta[] = [
    { property: 'og:site_name', content: site.name },
    { property: 'og:type', content: type },
    { property: 'og:title', content: ogTitle },
    { property: 'og:description', content: described.description },
    { property: 'og:url', content: url },
    { property: 'og:locale', content: site.locale },
    ...languages
      .filter((l) => l !== language)
      .map((l) => ({ property: 'og:locale:alternate', content: SITE[l].locale })),
    { property: 'og:image', content: image },
    { property: 'og:image:type', content: 'image/png' },
    { property: 'og:image:width', content: String(CARD_WIDTH) },
    { property: 'og:image:height', content: String(CARD_HEIGHT) },
    { property: 'og:image:alt', content: card.title },
    { name: 'twitter:card', content: 'summary_large_image' },
    { name: 'twitter:title', content: ogTitle },
    { name: 'twitter:description', content: described.description },
    { name: 'twitter:image', content: image },
  ];

  const jsonLd: Record<string, unknown>[] = [];
  const publisher = { '@type': 'Organization', name: site.name, url: urlOf(language === 'zh' ? 'zh' : 'en') };
  if (data.kind === 'blogPost') {
    const { post } = data;
    const published = post.publishedAt?.toISOString();
    const modified = post.updatedAt.toISOString();
    if (published) meta.push({ property: 'article:published_time', content: published });
    meta.push({ property: 'article:modified_time', content: modified });
    if (post.category) meta.push({ property: 'article:section', content: post.category });
    for (const tag of post.tags.slice(0, 6)) meta.push({ property: 'article:tag', content: tag });
    jsonLd.push({
      '@context': 'https://schema.org',
      '@type': 'BlogPosting',
      headline: post.title,
      description: described.description,
      inLanguage: lang,
      url,
      mainEntityOfPage: url,
      ...(published ? { datePublished: published } : {}),
      dateModified: modified,
      author: { '@type': 'Person', name: post.authorName },
      publisher,
      ...(ownImage ? { image: ownImage } : {}),
      ...(post.category ? { articleSection: post.category } : {}),
      ...(post.tags.length > 0 ? { keywords: post.tags.join(', ') } : {}),
    });
  } else if (isHome) {
    jsonLd.push({
      '@context': 'https://schema.org',
      '@type': 'WebSite',
      name: site.name,
      description: site.description,
      url,
      inLanguage: lang,
    });
  } else if (match.name === 'dailyPodcast') {
    jsonLd.push({
      '@context': 'https://schema.org',
      '@type': 'PodcastSeries',
      name: described.title,
      description: described.description,
      url,
      inLanguage: lang,
      image: `${publicUrl}${PODCAST_IMAGE}`,
      publisher,
    });
  } else if (match.name === 'blog') {
    jsonLd.push({
      '@context': 'https://schema.org',
      '@type': 'Blog',
      name: title,
      url,
      inLanguage: lang,
      publisher,
    });
  } else if (
    data.kind === 'topic' ||
    data.kind === 'youtubeSource' ||
    data.kind === 'story' ||
    match.name === 'contentSummary'
  ) {
    jsonLd.push({
      '@context': 'https://schema.org',
      '@type': 'CollectionPage',
      name: described.title,
      description: described.description,
      url,
      inLanguage: lang,
    });
    if (data.kind === 'topic')
      jsonLd.push({
        '@context': 'https://schema.org',
        '@type': 'BreadcrumbList',
        itemListElement: [
          {
            '@type': 'ListItem',
            position: 1,
            name: site.name,
            item: `${publicUrl}${webPagePath('/', language)}`,
          },
          { '@type': 'ListItem', position: 2, name: described.title, item: url },
        ],
      });
  }
  return { lang, title, description: described.description, links, meta, jsonLd };
}
