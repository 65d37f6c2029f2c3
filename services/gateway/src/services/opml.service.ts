import {
  ADMIN_MESSAGES,
  AppError,
  type OpmlImportBody,
  type OpmlImportResult,
  type OpmlIssue,
  OPML_MAX_FEEDS,
} from '@app/contracts';
import {
  defaultConfigFor,
  defaultLanguageFor,
  type Language,
  type Platform,
  type PlatformConfig,
  platformFromId,
  platformToId,
} from '@app/db';
import { buildOpml, OPML_PREFIX, type OpmlFeed, parseOpml } from '../lib/opml.ts';
import { literalUrlRefusal, resolvesToPrivateAddress } from '@app/url-guard';
import type { UrlRefusal } from '../lib/source-url-guard.ts';
import type { OpmlDatasourceWrite } from '../repositories/opml.repository.ts';
import { slugify } from './admin.service.ts';
import type { ServiceContext } from './context.ts';

// Platforms whose source URL is not a feed (a search keyword, keywords): they cannot travel in OPML.
const NOT_FEEDS = new Set<Platform>(['twitter', 'xiaohongshu']);
/** Host names looked up at once while checking a file's feeds. */
const DNS_BATCH = 64;

/**
 * The platform a feed URL belongs to, as the admin form would set it: YouTube channel feeds and
 * subreddits by their address, the product's own export by its attribute, every other feed a blog.
 */
export function detectPlatform(
  url: string,
  attrs: Record<string, string>,
): { platform: Platform; config: PlatformConfig } {
  const named = platformFromId(attrs[`${OPML_PREFIX}:platform`] ?? '');
  const parsed = new URL(url);
  const host = parsed.hostname.replace(/^www\.|^m\.|^old\./, '');
  const channel = parsed.searchParams.get('channel_id');
  if ((named === null || named === 'youtube') && host === 'youtube.com' && channel) {
    return { platform: 'youtube', config: defaultConfigFor('youtube', { channel_id: channel }) };
  }
  const subreddit = /^\/r\/([\w-]+)/.exec(parsed.pathname)?.[1];
  if ((named === null || named === 'reddit') && host === 'reddit.com' && subreddit) {
    return { platform: 'reddit', config: defaultConfigFor('reddit', { subreddit }) };
  }
  const platform =
    named && !NOT_FEEDS.has(named) && named !== 'youtube' && named !== 'reddit' ? named : 'blog';
  return {
    platform,
    config: defaultConfigFor(platform, platform === 'podcast' ? { rss_url: url } : {}),
  };
}

const languageOf = (value: string | undefined): Language | null =>
  value === 'EN' || value === 'ZH' ? value : null;

export function createOpmlService(ctx: ServiceContext) {
  const { opml } = ctx.repos;

  /**
   * The SSRF rule of datasource creation, for many URLs: each URL's text is judged alone, each host
   * name looked up once (a file's feeds share a few hosts), DNS_BATCH names at a time.
   */
  async function refusals(urls: string[]) {
    const allowPrivate = ctx.config.CRAWLER_ALLOW_PRIVATE_HOSTS;
    const out = new Map<string, UrlRefusal | null>();
    const byHost = new Map<string, string[]>();
    for (const url of urls) {
      const text = url.trim();
      // Without a scheme it is no URL to fetch (the import reports it as such).
      if (!/^[a-z][a-z0-9+.-]*:/i.test(text)) {
        out.set(url, null);
        continue;
      }
      const literal = literalUrlRefusal(text);
      if (literal === 'invalid' || literal === 'scheme') out.set(url, 'scheme');
      else if (allowPrivate) out.set(url, null);
      else if (literal === 'private') out.set(url, 'private');
      else {
        const host = new URL(text).hostname;
        byHost.set(host, [...(byHost.get(host) ?? []), url]);
      }
    }
    const hosts = [...byHost.keys()];
    for (let i = 0; i < hosts.length; i += DNS_BATCH) {
      const batch = hosts.slice(i, i + DNS_BATCH);
      const privateHosts = await Promise.all(batch.map((host) => resolvesToPrivateAddress(host)));
      batch.forEach((host, index) => {
        for (const url of byHost.get(host)!) out.set(url, privateHosts[index] ? 'private' : null);
      });
    }
    return out;
  }

  return {
    /**
     * Imports every feed of an OPML file, or nothing: each outline that cannot be imported (no URL, not
     * http(s), a private address, already a source of its topic, twice in the file) is reported with its
     * line, and then nothing is written. Folders become topics (joining an existing one of the same name).
     */
    async importOpml(body: OpmlImportBody): Promise<OpmlImportResult> {
      const parsed = parseOpml(body.opml);
      const refused = (issues: OpmlIssue[]): OpmlImportResult => ({
        imported: false,
        datasources_created: 0,
        topics_created: [],
        issues,
      });
      if (!parsed.ok) {
        return refused([{ line: parsed.line, reason: 'invalid_document', title: parsed.message, url: null }]);
      }
      const topics = await opml.topics();
      const chosen = body.topic_id ? topics.find((topic) => topic.id === body.topic_id) : undefined;
      if (body.topic_id && !chosen?.isActive) {
        const message = chosen ? ADMIN_MESSAGES.topicInactive : ADMIN_MESSAGES.topicNotFound;
        throw new AppError('VALIDATION_FAILED', message, { topic_id: message });
      }
      const byName = new Map(
        topics.flatMap((topic) =>
          [topic.name, topic.nameZh]
            .filter((n): n is string => !!n)
            .map((n) => [n.trim().toLowerCase(), topic]),
        ),
      );
      const slugs = new Set(topics.map((topic) => topic.slug));
      const newTopics: { slug: string; name: string }[] = [];
      const newTopicIndex = new Map<string, number>();

      const issues: OpmlIssue[] = [];
      const writes: (OpmlDatasourceWrite & { line: number; title: string | null })[] = [];
      const over = parsed.feeds[OPML_MAX_FEEDS];
      if (over)
        return refused([{ line: over.line, reason: 'too_many_feeds', title: over.title, url: over.url }]);
      const urls = parsed.feeds.flatMap((feed) => (feed.url ? [feed.url] : []));
      const refusalOf = await refusals([...new Set(urls)]);
      const issue = (feed: OpmlFeed, reason: OpmlIssue['reason']) =>
        issues.push({ line: feed.line, reason, title: feed.title, url: feed.url });

      for (const feed of parsed.feeds) {
        if (!feed.url) {
          issue(feed, 'missing_url');
          continue;
        }
        const refusal = refusalOf.get(feed.url);
        // A value without a scheme passes urlRefusal (keywords do): a feed needs a full http(s) URL.
        if (refusal === 'scheme' || !/^https?:\/\//i.test(feed.url) || !URL.canParse(feed.url)) {
          issue(feed, 'invalid_url');
          continue;
        }
        if (refusal === 'private') {
          issue(feed, 'private_url');
          continue;
        }
        const folder = body.mode === 'folders' ? feed.folders.at(-1)?.trim() : undefined;
        let topic: OpmlDatasourceWrite['topic'];
        if (folder) {
          const existing = byName.get(folder.toLowerCase());
          if (existing && !existing.isActive) {
            issue(feed, 'topic_not_found');
            continue;
          }
          if (existing) topic = { id: existing.id };
          else {
            let index = newTopicIndex.get(folder.toLowerCase());
            if (index === undefined) {
              const base = slugify(folder);
              let slug = base;
              for (let n = 2; slugs.has(slug); n += 1) slug = `${base}-${n}`;
              slugs.add(slug);
              index = newTopics.push({ slug, name: folder }) - 1;
              newTopicIndex.set(folder.toLowerCase(), index);
            }
            topic = { newTopic: index };
          }
        } else if (chosen) topic = { id: chosen.id };
        else {
          issue(feed, 'no_topic');
          continue;
        }
        const { platform, config } = detectPlatform(feed.url, feed.attrs);
        writes.push({
          line: feed.line,
          title: feed.title,
          topic,
          platform,
          config,
          sourceUrl: feed.url,
          sourceName: feed.title ?? new URL(feed.url).hostname,
          language:
            languageOf(feed.attrs[`${OPML_PREFIX}:language`]) ??
            body.language ??
            defaultLanguageFor(platform),
        });
      }

      // Duplicates: the unique rule of datasources (topic, platform, URL), against the database and the file.
      const existing = new Set(
        (await opml.existingSources(urls)).map((row) => `${row.topicId}|${row.platform}|${row.sourceUrl}`),
      );
      const seen = new Set<string>();
      const accepted = writes.filter((write) => {
        const topicKey = 'id' in write.topic ? write.topic.id : `new:${write.topic.newTopic}`;
        const key = `${topicKey}|${write.platform}|${write.sourceUrl}`;
        const reason = existing.has(key) ? 'duplicate' : seen.has(key) ? 'duplicate_in_file' : null;
        seen.add(key);
        if (reason) issues.push({ line: write.line, reason, title: write.title, url: write.sourceUrl });
        return !reason;
      });
      if (issues.length > 0) return refused(issues.sort((a, b) => a.line - b.line));
      if (accepted.length === 0) return refused([{ line: 1, reason: 'missing_url', title: null, url: null }]);

      const result = await opml.importAll(
        newTopics,
        accepted.map(({ line: _line, title: _title, ...write }) => write),
      );
      return {
        imported: true,
        datasources_created: result.datasources,
        topics_created: result.topics,
        issues: [],
      };
    },

    /** Every datasource with a feed URL, one folder per topic. */
    async exportOpml(): Promise<string> {
      const topics = await opml.datasourcesByTopic();
      const groups = topics
        .map((topic) => ({
          title: topic.name,
          feeds: topic.datasources
            .filter((source) => !NOT_FEEDS.has(source.platform) && /^https?:\/\//i.test(source.sourceUrl))
            .map((source) => ({
              title: source.sourceName,
              xmlUrl: source.sourceUrl,
              platform: platformToId(source.platform),
              language: source.language,
            })),
        }))
        .filter((group) => group.feeds.length > 0);
      return buildOpml('Daily Curated datasources', ctx.clock(), groups);
    },
  };
}
