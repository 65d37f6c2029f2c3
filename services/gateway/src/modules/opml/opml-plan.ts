import type {
  DataLanguage,
  OpmlImportOptions,
  OpmlImportResult,
  OpmlLine,
  OpmlRefusal,
} from '@app/contracts';
import { defaultLanguageFor, type Platform, type PlatformConfig, platformToId } from '@app/db';
import { languageOfTag, OPML_PREFIX, type OpmlFeed } from '../../lib/opml.ts';
import { detectPlatform, feedIdentity } from '../../lib/opml-feeds.ts';
import { type LineFacts, lineMessage } from '../../lib/opml-messages.ts';
import type { UrlRefusal } from '../../lib/source-url-guard.ts';
import type { OpmlDatasourceWrite } from './opml.repository.ts';
import { slugify } from '../topics/admin-topics.service.ts';

// What an OPML import does with each feed outline, worked out before anything is written: the topic it
// goes to, whether it is refused and why, or already present; and the report that tells it.

const MAX_NAME = 200;

export type TopicRow = { id: string; slug: string; name: string; nameZh: string | null; isActive: boolean };
/** Where a line goes: an existing topic, or one this import creates (by its index). */
export type Target =
  | { topic: TopicRow; newIndex?: undefined }
  | { topic: { id?: string; name: string }; newIndex: number };
export type Planned = {
  feed: OpmlFeed;
  status: OpmlLine['status'];
  reason: OpmlRefusal | null;
  target: Target | null;
  firstLine?: number;
  write?: Omit<OpmlDatasourceWrite, 'topic'>;
};

/** The answer of an import: its report, and 422 when no line could be imported nor was already there (a preview: 200). */
export type OpmlImportAnswer = { status: 200 | 422; result: OpmlImportResult };

type PlanInput = {
  feeds: OpmlFeed[];
  options: OpmlImportOptions;
  topics: TopicRow[];
  chosen: TopicRow | undefined;
  /** Each http(s) URL of the file and its SSRF refusal (null: fine); a URL missing here is not one. */
  refusalOf: Map<string, UrlRefusal | null>;
  /** `${topicId}|${feedIdentity}` of every datasource there is. */
  existing: Set<string>;
};

/**
 * Each feed's fate. A feed joins the topic named by the deepest folder of its path (by either of its
 * names); a path that matches none creates a topic named by its top folder when asked, else goes to the
 * chosen topic, else is refused. The topics to create come back with the lines.
 */
export function planImport({ feeds, options, topics, chosen, refusalOf, existing }: PlanInput) {
  const byName = new Map<string, TopicRow>();
  for (const topic of topics) {
    for (const name of [topic.name, topic.nameZh]) {
      const key = name?.trim().toLowerCase();
      if (key && !byName.has(key)) byName.set(key, topic);
    }
  }
  const newTopics: { slug: string; name: string }[] = [];
  const newTopicIndex = new Map<string, number>();
  const slugs = new Set(topics.map((topic) => topic.slug));
  const newTopic = (name: string): Target => {
    const key = name.toLowerCase();
    let index = newTopicIndex.get(key);
    if (index === undefined) {
      const base = slugify(name);
      let slug = base;
      for (let n = 2; slugs.has(slug); n += 1) slug = `${base}-${n}`;
      slugs.add(slug);
      index = newTopics.push({ slug, name: name.slice(0, MAX_NAME) }) - 1;
      newTopicIndex.set(key, index);
    }
    return { topic: newTopics[index]!, newIndex: index };
  };
  const targetOf = (feed: OpmlFeed): Target | null => {
    if ((options.mode ?? 'folders') === 'topic') return chosen ? { topic: chosen } : null;
    for (const folder of [...feed.folders].reverse()) {
      const match = byName.get(folder.trim().toLowerCase());
      if (match) return { topic: match };
    }
    const top = feed.folders[0]?.trim();
    if (top && options.create_topics) return newTopic(top);
    return chosen ? { topic: chosen } : null;
  };

  const firstSeen = new Map<string, number>();
  const planned = feeds.map((feed): Planned => {
    const refused = (reason: OpmlRefusal, target: Target | null = null): Planned => ({
      feed,
      status: 'refused',
      reason,
      target,
    });
    if (!feed.url) return refused('missing_url');
    if (!refusalOf.has(feed.url) || refusalOf.get(feed.url) === 'scheme') return refused('invalid_url');
    if (refusalOf.get(feed.url) === 'private') return refused('private_url');
    const target = targetOf(feed);
    if (!target) return refused('no_topic');
    if (target.newIndex === undefined && !target.topic.isActive) return refused('topic_inactive', target);
    const { platform, config } = detectPlatform(feed.url, feed.attrs);
    const write = writeOf(feed, feed.url, platform, config, options.language);
    const identity = feedIdentity({ platform, sourceUrl: feed.url, config });
    const topicKey = target.newIndex === undefined ? target.topic.id : `new:${target.newIndex}`;
    const key = `${topicKey}|${identity}`;
    if (existing.has(key)) return { feed, status: 'present', reason: null, target, write };
    const firstLine = firstSeen.get(key);
    if (firstLine !== undefined) return { ...refused('duplicate_in_file', target), firstLine };
    firstSeen.set(key, feed.line);
    return { feed, status: 'import', reason: null, target, write };
  });
  return { planned, newTopics };
}

/**
 * The datasource a feed outline becomes. Its language: the outline's (xml:lang, language, or the export's
 * own attribute), else the one chosen for the import, else unconfirmed until the first crawl reads the feed.
 */
function writeOf(
  feed: OpmlFeed,
  url: string,
  platform: Platform,
  config: PlatformConfig,
  chosen: DataLanguage | undefined,
): Omit<OpmlDatasourceWrite, 'topic'> {
  const language = feed.language ?? languageOfTag(feed.attrs[`${OPML_PREFIX}:language`]) ?? chosen ?? null;
  return {
    platform,
    config,
    sourceUrl: url,
    sourceName: (feed.title ?? new URL(url).hostname).slice(0, MAX_NAME),
    htmlUrl: feed.htmlUrl,
    language: language ?? defaultLanguageFor(platform),
    languageUnconfirmed: language === null,
  };
}

const lineTopic = (target: Target | null): OpmlLine['topic'] => {
  if (!target) return null;
  if (target.newIndex !== undefined) {
    return { id: target.topic.id ?? null, name: target.topic.name, name_zh: null, is_new: true };
  }
  const { topic } = target;
  return { id: topic.id, name: topic.name, name_zh: topic.nameZh, is_new: false };
};

/** The report of the planned lines, and its status: a preview always 200, an import that imported nothing 422. */
export function reportOf(
  planned: Planned[],
  dryRun: boolean,
  created: OpmlImportResult['topics_created'],
  written = 0,
): OpmlImportAnswer {
  const lines = planned.map((entry): OpmlLine => {
    const topic = lineTopic(entry.target);
    const facts: LineFacts = {
      status: entry.status,
      reason: entry.reason,
      topic,
      folders: entry.feed.folders,
      dryRun,
      firstLine: entry.firstLine,
    };
    return {
      line: entry.feed.line,
      title: entry.feed.title,
      url: entry.feed.url,
      html_url: entry.feed.htmlUrl,
      folders: entry.feed.folders,
      status: entry.status,
      reason: entry.reason,
      topic,
      platform: entry.write ? platformToId(entry.write.platform) : null,
      language: entry.write && !entry.write.languageUnconfirmed ? entry.write.language : null,
      message: lineMessage(facts),
    };
  });
  const count = (status: OpmlLine['status']) => lines.filter((line) => line.status === status).length;
  const counts = { import: count('import'), present: count('present'), refused: count('refused') };
  const result: OpmlImportResult = {
    dry_run: dryRun,
    datasources_created: written,
    topics_created: created,
    counts,
    lines,
  };
  // A preview always answers its report; an import that could import nothing is a 422.
  const isFailure = !dryRun && counts.import + counts.present === 0;
  return { status: isFailure ? 422 : 200, result } as const;
}
