import type { DataLanguage, UiLanguage } from '@app/contracts';
import type { PrismaClient } from '@app/db';
import { toUiLanguage } from '@app/rules';
import { loadDigestContent, type SummaryTexts, topicEntriesKey } from './digest-content.ts';
import { type DigestParts, renderDigestTemplate } from './digest.template.ts';
import type { DigestChoice } from './follows.ts';
import type { RenderedEmail } from './email-layout.ts';
import { digestWindow } from './schedule.ts';

/** Who a digest is for: the mailer's send path and the gateway's preview both build one. */
export type DigestRecipient = {
  id: string;
  email: string;
  language: UiLanguage;
  timeZone: string;
  unsubscribeToken: string;
  /** Topics the digest takes whole. */
  topicIds: string[];
  /** Sources it takes alone: their own summaries of their topic (a followed source, its topic not followed). */
  datasourceIds: string[];
};

/** What chooses a digest's contents: its language, topics, sources and zone (the window). */
export type DigestSelection = Pick<DigestRecipient, 'language' | 'topicIds' | 'timeZone'> & {
  datasourceIds?: string[];
};

/** A newsletter subscriber as stored, as far as a recipient goes. */
export type StoredSubscriber = {
  id: string;
  email: string;
  language: DataLanguage;
  timeZone: string;
  unsubscribeToken: string;
};

/** A newsletter subscriber as stored, with the topics (and sources) their digest covers, as a recipient. */
export function digestRecipientOf(
  subscriber: StoredSubscriber,
  topicIds: string[],
  datasourceIds: string[] = [],
): DigestRecipient {
  return {
    id: subscriber.id,
    email: subscriber.email,
    language: toUiLanguage(subscriber.language),
    timeZone: subscriber.timeZone,
    unsubscribeToken: subscriber.unsubscribeToken,
    topicIds,
    datasourceIds,
  };
}

export type DigestCacheDeps = { prisma: PrismaClient; publicUrl: string; perTopic: number };

/** A digest rendered with placeholders for the recipient's links, or null on a quiet day. */
export type BuiltDigest = { template: RenderedEmail; summaryCount: number } | null;

/**
 * Shared renders. Content is loaded once per language, topic and source set and window (one tick's
 * cache, so a summary that lands later shows up in the next zone's digest); a digest is made once for
 * every window that selects the same entries, with the same sources, for the same date, out of MJML
 * renders (the costly part) shared by all digests: the frame per language and date, each topic's
 * section per its entries.
 */
export class DigestCache {
  private readonly builds = new Map<string, Promise<BuiltDigest>>();
  private readonly renders = new Map<string, Promise<RenderedEmail>>();
  private readonly parts: DigestParts = new Map();
  private readonly texts = new Map<string, SummaryTexts>();
  private readonly windows = new Map<string, { from: Date; to: Date }>();
  builtCount = 0;
  constructor(private readonly deps: DigestCacheDeps) {}

  get(recipient: DigestSelection, date: string): Promise<BuiltDigest> {
    const window = this.window(date, recipient.timeZone);
    const topicIds = [...recipient.topicIds].sort();
    const datasourceIds = [...(recipient.datasourceIds ?? [])].sort();
    const key = `${recipient.language}|${window.from.toISOString()}|${date}|${topicIds.join(',')}|${datasourceIds.join(',')}`;
    let build = this.builds.get(key);
    if (!build) {
      build = this.build(recipient.language, { topicIds, datasourceIds }, window, date);
      this.builds.set(key, build);
    }
    return build;
  }

  private window(date: string, timeZone: string): { from: Date; to: Date } {
    const key = `${date}|${timeZone}`;
    let window = this.windows.get(key);
    if (!window) {
      window = digestWindow(date, timeZone);
      this.windows.set(key, window);
    }
    return window;
  }

  private async build(
    language: UiLanguage,
    choice: DigestChoice,
    window: { from: Date; to: Date },
    date: string,
  ): Promise<BuiltDigest> {
    const content = await loadDigestContent(this.deps.prisma, {
      language,
      ...choice,
      ...window,
      date,
      perTopic: this.deps.perTopic,
      texts: this.texts,
    });
    if (content.summaryCount === 0) return null;
    const contentKey = `${language}|${date}|${content.topics.map(topicEntriesKey).join(';')}`;
    let render = this.renders.get(contentKey);
    if (!render) {
      this.builtCount += 1;
      render = renderDigestTemplate(content, this.deps.publicUrl, this.parts);
      this.renders.set(contentKey, render);
    }
    return { template: await render, summaryCount: content.summaryCount };
  }
}
