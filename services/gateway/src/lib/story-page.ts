import type { StoryDetail, SummaryDto, UiLanguage } from '@app/contracts';
import { sourceDisplayName } from '@app/rules';
import type { BodyItem, PageBody } from './page-body.ts';

// The story page's words as the server writes them (its head, card and reading view), in the web
// app's wording (web/src/features/content/locales, the shared catalog's `shared.platforms.*`).

/** A story as a visitor reads it (GET /api/stories/:id) and its lead report, the first they may see. */
export type StoryPageData = { story: StoryDetail; lead: SummaryDto | null };

const PLATFORMS: Record<UiLanguage, Record<string, string>> = {
  en: {
    blog: 'Blog',
    wechat: 'WeChat',
    youtube: 'YouTube',
    podcast: 'Podcast',
    xiaohongshu: 'Rednote',
    twitter: 'Twitter search',
    'twitter-rss': 'Twitter',
    reddit: 'Reddit',
  },
  zh: {
    blog: '博客',
    wechat: '微信公众号',
    youtube: 'YouTube',
    podcast: '播客',
    xiaohongshu: '小红书',
    twitter: 'Twitter 搜索',
    'twitter-rss': 'Twitter',
    reddit: 'Reddit',
  },
};

const LANGUAGE_NAMES: Record<UiLanguage, Record<'EN' | 'ZH', string>> = {
  en: { EN: 'English', ZH: 'Chinese' },
  zh: { EN: '英文', ZH: '中文' },
};

const ORIGINAL: Record<UiLanguage, string> = { en: 'Original', zh: '原文' };

const platformName = (platform: string, language: UiLanguage) => {
  const id = platform.replace('_', '-');
  return PLATFORMS[language][id] ?? platform;
};

const reportCount = (count: number, language: UiLanguage) =>
  language === 'zh' ? `${count} 篇报道` : `${count} ${count === 1 ? 'report' : 'reports'}`;

/** What the social card names above the story's title: the kind of page and how many reports it has. */
export const storyKicker = ({ story }: StoryPageData, language: UiLanguage) =>
  `${language === 'zh' ? '事件' : 'Story'} · ${reportCount(story.summaries.length, language)}`;

/** The lead report's excerpt; without one, who reported the story. */
export function storyDescription({ story, lead }: StoryPageData, language: UiLanguage): string {
  if (lead?.excerpt) return lead.excerpt;
  const names = [
    ...new Set(
      story.summaries.flatMap((m) =>
        m.datasource ? [sourceDisplayName(m.datasource.source_name, language)] : [],
      ),
    ),
  ].slice(0, 3);
  const count = reportCount(story.summaries.length, language);
  if (language === 'zh')
    return names.length ? `同一事件的 ${count}：${names.join('、')}。` : `同一事件的 ${count}。`;
  return names.length ? `One event, ${count}: ${names.join(', ')}.` : `One event, ${count}.`;
}

function reportItem(member: StoryDetail['summaries'][number], language: UiLanguage): BodyItem {
  const original = member.source_urls[0];
  return {
    title: member.headline,
    href: `/content-summary?summary=${encodeURIComponent(member.id)}`,
    meta: [
      member.datasource ? sourceDisplayName(member.datasource.source_name, language) : null,
      member.datasource?.platform ? platformName(member.datasource.platform, language) : null,
      LANGUAGE_NAMES[language][member.language],
    ].filter((value): value is string => Boolean(value)),
    date: member.event_at,
    ...(original ? { links: [{ href: original, label: ORIGINAL[language] }] } : {}),
  };
}

/** The reading view: the story's title, its lead report's excerpt, then every report, oldest first. */
export function storyBody(data: StoryPageData, language: UiLanguage): PageBody {
  return {
    language,
    title: data.story.headline,
    lead: storyDescription(data, language),
    items: data.story.summaries.map((member) => reportItem(member, language)),
  };
}
