import type { UiLanguage } from '@app/contracts';
import { digestTimeText, sourceDisplayName, toLocale } from '@app/rules';
import { formatInstant } from '@app/time/format';
import escapeHtml from 'escape-html';
import { type RenderedEmail, renderLayout } from './email-layout.ts';
import {
  type DigestContent,
  type DigestSummary,
  type DigestTopic,
  topicEntriesKey,
} from './digest-content.ts';

/**
 * A digest is made once per (language, topic set, window) with placeholders for the links that
 * carry the subscriber's token, then personalised per recipient by filling them in (personalizeDigest):
 * MJML runs per frame and topic section (DigestParts), never once per email.
 */
export const PLACEHOLDERS = {
  unsubscribeUrl: '%%DC_UNSUBSCRIBE_URL%%',
  manageUrl: '%%DC_MANAGE_URL%%',
  viewUrl: '%%DC_VIEW_URL%%',
  /** The recipient's zone: zones of one offset share a render, and each reader sees their own. */
  timeZone: '%%DC_TIME_ZONE%%',
} as const;

export type DigestLinks = { unsubscribeUrl: string; manageUrl: string; viewUrl: string };

const COPY = {
  en: {
    subject: (date: string) => `Your Daily Curated digest for ${date}`,
    preview: (count: number) => `${count} new ${count === 1 ? 'story' : 'stories'} picked for you today.`,
    heading: "Today's top summaries",
    intro: 'The most recent summaries from the topics you follow, from the last 24 hours.',
    readMore: 'Read on Daily Curated',
    original: 'Original',
    coveredBy: 'Covered by',
    separator: ': ',
    listJoin: ', ',
    moreSources: (count: number) => `and ${count} more`,
    moreInTopic: (name: string) => `More in ${name} →`,
    viewInBrowser: 'View in browser',
    unsubscribe: 'Unsubscribe',
    manage: 'Manage subscriptions',
    footer: (time: string) =>
      `You receive this email every day at ${time}, because you subscribed to the Daily Curated newsletter.`,
  },
  zh: {
    subject: (date: string) => `每日精选摘要 · ${date}`,
    preview: (count: number) => `今天为您精选了 ${count} 条新内容。`,
    heading: '今日精选摘要',
    intro: '以下是您关注的主题在过去 24 小时内的最新摘要。',
    readMore: '在每日精选阅读',
    original: '原文',
    coveredBy: '报道来源',
    separator: '：',
    // Spaced, unlike 、: see the coverage line below.
    listJoin: ' · ',
    moreSources: (count: number) => `等另外 ${count} 个来源`,
    moreInTopic: (name: string) => `查看更多「${name}」→`,
    viewInBrowser: '在浏览器中查看',
    unsubscribe: '退订',
    manage: '管理订阅',
    footer: (time: string) => `您每天${time}收到此邮件，是因为您订阅了每日精选的每日摘要。`,
  },
} as const;

const isWebUrl = (url: string | null): url is string => !!url && /^https?:\/\//i.test(url);

/** Outlets named per entry: a story reported everywhere must not push the email past Gmail's clip. */
const MAX_SOURCES_SHOWN = 8;

/** The outlets of a story reported by more than one; null for a single source (its Original link says it). */
function coverage(summary: DigestSummary, language: UiLanguage) {
  if (summary.sources.length < 2) return null;
  return {
    shown: summary.sources
      .slice(0, MAX_SOURCES_SHOWN)
      .map((source) => ({ ...source, name: sourceDisplayName(source.name, language) })),
    more: Math.max(0, summary.sources.length - MAX_SOURCES_SHOWN),
  };
}

/** The page that opens the entry's own summary (for a story, the one the entry shows). */
function summaryPageUrl(site: string, summaryId: string): string {
  return `${site}/content-summary?summary=${encodeURIComponent(summaryId)}`;
}

export function formatDigestDate(date: string, language: UiLanguage): string {
  return formatInstant(`${date}T00:00:00Z`, toLocale(language), { date: 'long', timeZone: 'UTC' });
}

export function sitePrefix(publicUrl: string, language: UiLanguage): string {
  return `${publicUrl.replace(/\/+$/, '')}${language === 'zh' ? '/zh' : ''}`;
}

/** One topic's part of the digest body (MJML): its name, its entries and the link to the topic's page. */
export function topicSectionMjml(topic: DigestTopic, language: UiLanguage, site: string): string {
  const copy = COPY[language];
  const link = 'color:#1c7ed6;text-decoration:none';
  const topicUrl = escapeHtml(`${site}/topics/${topic.id}`);
  const items = topic.summaries
    .map((summary) => {
      // Only web links: whatever a feed put in a URL field never becomes a javascript: link.
      const covered = coverage(summary, language);
      const sourceName = summary.sourceName && sourceDisplayName(summary.sourceName, language);
      const readUrl = escapeHtml(summaryPageUrl(site, summary.id));
      const original =
        !covered && isWebUrl(summary.sourceUrl)
          ? ` · <a href="${escapeHtml(summary.sourceUrl)}" style="${link}">${escapeHtml(copy.original)}${sourceName ? ` (${escapeHtml(sourceName)})` : ''}</a>`
          : '';
      // White space on both sides of every link: filters count a link glued to the words around
      // it (as Chinese is written, with no spaces) as obfuscated text (SpamAssassin's HTML_OBFUSCATE).
      const coveredBy = covered
        ? `<div style="padding-top:2px;font-size:13px;color:#52606d">${escapeHtml(copy.coveredBy)}${copy.separator.trimEnd()} ${covered.shown
            .map((source) =>
              isWebUrl(source.url)
                ? `<a href="${escapeHtml(source.url)}" style="${link}">${escapeHtml(source.name)}</a>`
                : escapeHtml(source.name),
            )
            .join(
              copy.listJoin,
            )}${covered.more > 0 ? ` ${escapeHtml(copy.moreSources(covered.more))}` : ''}</div>`
        : '';
      // One block per summary: MJML wraps every mj-text in its own table row and styled div,
      // and a digest of 25 summaries must stay well under Gmail's 102 KB clipping limit.
      return `
        <mj-text padding="8px 0"><a href="${readUrl}" style="color:#1f2933;font-weight:600;text-decoration:none">${escapeHtml(summary.headline)}</a><div style="padding-top:2px;font-size:14px;color:#52606d">${escapeHtml(summary.excerpt)}</div><div style="padding-top:2px;font-size:13px"><a href="${readUrl}" style="${link}">${escapeHtml(copy.readMore)}</a>${original}</div>${coveredBy}</mj-text>`;
    })
    .join('');
  return `
        <mj-divider border-width="1px" border-color="#e4e7eb" padding="16px 0 8px" />
        <mj-text font-size="17px" font-weight="700" color="#1c7ed6" padding="0">${escapeHtml(topic.name)}</mj-text>${items}
        <mj-text padding="0" font-size="13px"><a href="${topicUrl}" style="${link}">${escapeHtml(copy.moreInTopic(topic.name))}</a></mj-text>`;
}

/** The inbox line under the subject. */
export function digestPreview(language: UiLanguage, summaryCount: number): string {
  return COPY[language].preview(summaryCount);
}

/** The digest's frame for a language and date, with `sections` (MJML) as its topics and `preview` as the inbox line. */
export function digestLayout(language: UiLanguage, date: string, sections: string, preview: string) {
  const copy = COPY[language];
  const dateText = formatDigestDate(date, language);
  return {
    language,
    title: copy.subject(dateText),
    preview,
    footer: copy.footer(digestTimeText(language, PLACEHOLDERS.timeZone)),
    body: `
        <mj-text align="right" font-size="12px" padding="0 0 8px"><a href="${PLACEHOLDERS.viewUrl}" style="color:#7b8794">${escapeHtml(copy.viewInBrowser)}</a></mj-text>
        <mj-text font-size="20px" font-weight="700" padding="0">${escapeHtml(copy.heading)}</mj-text>
        <mj-text font-size="13px" color="#7b8794" padding="2px 0 0">${escapeHtml(dateText)}</mj-text>
        <mj-text padding="8px 0 0">${escapeHtml(copy.intro)}</mj-text>${sections}
        <mj-divider border-width="1px" border-color="#e4e7eb" padding="16px 0 8px" />
        <mj-text align="center" font-size="12px" color="#7b8794" padding="0"><a href="${PLACEHOLDERS.manageUrl}" style="color:#7b8794">${escapeHtml(copy.manage)}</a> · <a href="${PLACEHOLDERS.unsubscribeUrl}" style="color:#7b8794">${escapeHtml(copy.unsubscribe)}</a></mj-text>`,
  };
}

/**
 * Rendered pieces shared between digests: the frame once per language and date, each topic's section
 * once per language and entries. A digest is its frame with its sections put in, the very HTML MJML
 * gives for the whole (a column's children render one by one, each as its own rows), so a day's few
 * hundred distinct digests cost a few dozen MJML runs.
 */
export type DigestParts = Map<string, Promise<string>>;

const SECTIONS = '<!--dc:sections-->';
const SECTION_END = '<!--dc:section-end-->';
const PREVIEW = '%%DC_PREVIEW%%';

function part(parts: DigestParts, key: string, render: () => Promise<string>): Promise<string> {
  let rendered = parts.get(key);
  if (!rendered) {
    rendered = render();
    parts.set(key, rendered);
  }
  return rendered;
}

/** What MJML renders between two markers of a column (raw blocks are placed as they are). */
function between(html: string, start: string, end: string): string {
  const from = html.indexOf(start);
  const to = html.indexOf(end, from + start.length);
  if (from < 0 || to < 0) throw new Error('digest render lost its section markers');
  return html.slice(from + start.length, to);
}

async function renderDigestHtml(content: DigestContent, site: string, parts: DigestParts): Promise<string> {
  const { language, date } = content;
  const raw = (marker: string) => `<mj-raw>${marker}</mj-raw>`;
  const [frame, ...sections] = await Promise.all([
    part(parts, `frame|${language}|${date}|${site}`, () =>
      renderLayout(digestLayout(language, date, raw(SECTIONS), PREVIEW)),
    ),
    ...content.topics.map((topic) =>
      part(parts, `section|${language}|${site}|${topic.name}|${topicEntriesKey(topic)}`, async () =>
        between(
          await renderLayout(
            digestLayout(
              language,
              date,
              `${raw(SECTIONS)}${topicSectionMjml(topic, language, site)}${raw(SECTION_END)}`,
              '',
            ),
          ),
          SECTIONS,
          SECTION_END,
        ),
      ),
    ),
  ]);
  const at = frame.indexOf(SECTIONS);
  if (at < 0) throw new Error('digest render lost its section marker');
  const preview = escapeHtml(digestPreview(language, content.summaryCount));
  return `${frame.slice(0, at)}${sections.join('')}${frame.slice(at + SECTIONS.length)}`.replace(
    PREVIEW,
    () => preview,
  );
}

export async function renderDigestTemplate(
  content: DigestContent,
  publicUrl: string,
  parts: DigestParts = new Map(),
): Promise<RenderedEmail> {
  const copy = COPY[content.language];
  const site = sitePrefix(publicUrl, content.language);
  const dateText = formatDigestDate(content.date, content.language);
  const html = await renderDigestHtml(content, site, parts);
  const footer = copy.footer(digestTimeText(content.language, PLACEHOLDERS.timeZone));
  const textSections = content.topics.map((topic) =>
    [
      `## ${topic.name}`,
      '',
      ...topic.summaries.flatMap((summary) => {
        const covered = coverage(summary, content.language);
        return [
          `* ${summary.headline}`,
          `  ${summary.excerpt}`,
          `  ${copy.readMore}: ${summaryPageUrl(site, summary.id)}`,
          ...(covered
            ? [
                `  ${copy.coveredBy}${copy.separator}`.trimEnd(),
                ...covered.shown.map(
                  (source) => `  - ${source.name}${isWebUrl(source.url) ? `: ${source.url}` : ''}`,
                ),
                ...(covered.more > 0 ? [`  - ${copy.moreSources(covered.more)}`] : []),
              ]
            : isWebUrl(summary.sourceUrl)
              ? [`  ${copy.original}: ${summary.sourceUrl}`]
              : []),
          '',
        ];
      }),
      `${copy.moreInTopic(topic.name)} ${site}/topics/${topic.id}`,
      '',
    ].join('\n'),
  );
  const text = [
    `${copy.heading} · ${dateText}`,
    '',
    copy.intro,
    '',
    ...textSections,
    '--',
    footer,
    `${copy.viewInBrowser}: ${PLACEHOLDERS.viewUrl}`,
    `${copy.manage}: ${PLACEHOLDERS.manageUrl}`,
    `${copy.unsubscribe}: ${PLACEHOLDERS.unsubscribeUrl}`,
    '',
  ].join('\n');
  return { subject: copy.subject(dateText), html, text };
}

/** The placeholders' pattern; its group keeps them in a split, at the odd indices. */
const PLACEHOLDER_PATTERN = new RegExp(`(${Object.values(PLACEHOLDERS).join('|')})`);

/** Each shared render split at its placeholders once, not searched again for every recipient. */
const splitTemplates = new WeakMap<RenderedEmail, { html: string[]; text: string[] }>();

/** The recipient's copy: the shared render with their own links and zone filled in. */
export function personalizeDigest(
  template: RenderedEmail,
  links: DigestLinks,
  timeZone: string,
): RenderedEmail {
  let split = splitTemplates.get(template);
  if (!split) {
    split = {
      html: template.html.split(PLACEHOLDER_PATTERN),
      text: template.text.split(PLACEHOLDER_PATTERN),
    };
    splitTemplates.set(template, split);
  }
  const text: Record<string, string> = {
    [PLACEHOLDERS.timeZone]: timeZone,
    [PLACEHOLDERS.unsubscribeUrl]: links.unsubscribeUrl,
    [PLACEHOLDERS.manageUrl]: links.manageUrl,
    [PLACEHOLDERS.viewUrl]: links.viewUrl,
  };
  const html = Object.fromEntries(Object.entries(text).map(([key, value]) => [key, escapeHtml(value)]));
  const fill = (parts: string[], values: Record<string, string>) =>
    parts.map((part, i) => (i % 2 === 1 ? values[part] : part)).join('');
  return { subject: template.subject, html: fill(split.html, html), text: fill(split.text, text) };
}

/** The links of one subscriber's digest; `token` is their signed unsubscribe token. */
export function digestLinks(publicUrl: string, language: UiLanguage, token: string, date: string) {
  const base = publicUrl.replace(/\/+$/, '');
  const site = sitePrefix(publicUrl, language);
  const t = encodeURIComponent(token);
  return {
    unsubscribeUrl: `${site}/unsubscribe?token=${t}`,
    manageUrl: `${site}/unsubscribe?token=${t}&action=view`,
    viewUrl: `${base}/api/newsletter/digest?token=${t}&date=${date}`,
    oneClickUrl: `${base}/api/newsletter/one-click?token=${t}`,
  };
}
