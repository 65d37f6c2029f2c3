import { ADMIN_MESSAGES, AppError, OPML_MAX_FEEDS, type OpmlImportOptions } from '@app/contracts';
import { platformToId } from '@app/db';
import { literalUrlRefusal, resolvesToPrivateAddress } from '@app/url-guard';
import { buildOpml, parseOpml } from '../../lib/opml.ts';
import { exportedFeed, feedIdentity } from '../../lib/opml-feeds.ts';
import type { UrlRefusal } from '../../lib/source-url-guard.ts';
import type { ServiceContext } from '../context.ts';
import { type OpmlImportAnswer, planImport, reportOf, type TopicRow } from './opml-plan.ts';

export type { OpmlImportAnswer } from './opml-plan.ts';

/** Host names looked up at once while checking a file's feeds. */
const DNS_BATCH = 64;

/** saxes prefixes its messages with "file:line:column: "; the report names the line itself. */
const parseMessage = (message: string) => message.replace(/^(?:[^:\s]*:)?\d+:\d+:\s*/, '');

/** The repositories this service is given (its module's index.ts hands it these only). */
export const OPML_REPOS = ['opml'] as const;

export type OpmlService = ReturnType<typeof createOpmlService>;

export function createOpmlService(ctx: ServiceContext<(typeof OPML_REPOS)[number]>) {
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
      const literal = literalUrlRefusal(url);
      if (literal === 'invalid' || literal === 'scheme') out.set(url, 'scheme');
      else if (allowPrivate) out.set(url, null);
      else if (literal === 'private') out.set(url, 'private');
      else {
        const host = new URL(url).hostname;
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

  /** The chosen topic, which must exist and be active. */
  async function chosenTopic(topics: TopicRow[], options: OpmlImportOptions) {
    if ((options.mode ?? 'folders') === 'topic' && !options.topic_id) {
      const message = ADMIN_MESSAGES.topicRequired;
      throw new AppError('VALIDATION_FAILED', message, { topic_id: message });
    }
    if (!options.topic_id) return undefined;
    const chosen = topics.find((topic) => topic.id === options.topic_id);
    if (!chosen?.isActive) {
      const message = chosen ? ADMIN_MESSAGES.topicInactive : ADMIN_MESSAGES.topicNotFound;
      throw new AppError('VALIDATION_FAILED', message, { topic_id: message });
    }
    return chosen;
  }

  return {
    /**
     * Imports what can be imported of an OPML file and reports every feed outline with its fate: imported,
     * already present, or refused (no URL, not http(s), a private address, twice in the file, no topic for
     * it). A feed joins the topic named by the deepest folder of its path; paths that match no topic create
     * one (named by the top folder) when asked, else go to the chosen topic, else are skipped. A dry run
     * answers the same report and writes nothing.
     */
    async importOpml(text: string, options: OpmlImportOptions, dryRun: boolean): Promise<OpmlImportAnswer> {
      const parsed = parseOpml(text);
      if (!parsed.ok) {
        const message = `Line ${parsed.line}: ${parseMessage(parsed.message)}`.slice(0, 300);
        throw new AppError('VALIDATION_FAILED', message, { opml: message });
      }
      const topics = await opml.topics();
      const chosen = await chosenTopic(topics, options);
      const over = parsed.feeds[OPML_MAX_FEEDS];
      if (over) {
        return reportOf(
          [{ feed: over, status: 'refused', reason: 'too_many_feeds', target: null }],
          dryRun,
          [],
        );
      }

      const urls = [...new Set(parsed.feeds.flatMap((feed) => (feed.url ? [feed.url] : [])))];
      const httpUrls = urls.filter(
        (url) => /^https?:\/\//i.test(url) && URL.canParse(url) && url.length <= 1000,
      );
      const refusalOf = await refusals(httpUrls);
      const existing = new Set(
        (await opml.existingFeeds()).map((row) => `${row.topicId}|${feedIdentity(row)}`),
      );
      const { planned, newTopics } = planImport({
        feeds: parsed.feeds,
        options,
        topics,
        chosen,
        refusalOf,
        existing,
      });

      const accepted = planned.filter((entry) => entry.status === 'import');
      // Only topics that receive a feed are created (and, in a preview, announced).
      const used = [...new Set(accepted.flatMap((entry) => entry.target?.newIndex ?? []))].sort(
        (a, b) => a - b,
      );
      if (dryRun || accepted.length === 0) {
        return reportOf(
          planned,
          dryRun,
          used.map((index) => ({ id: null, name: newTopics[index]!.name })),
        );
      }
      const remap = new Map(used.map((index, position) => [index, position]));
      const created = await opml.importAll(
        used.map((index) => newTopics[index]!),
        accepted.map((entry) => ({
          ...entry.write!,
          topic:
            entry.target!.newIndex === undefined
              ? { id: entry.target!.topic.id }
              : { newTopic: remap.get(entry.target!.newIndex)! },
        })),
      );
      for (const entry of accepted) {
        const index = entry.target?.newIndex;
        if (index !== undefined)
          entry.target = { topic: created.topics[remap.get(index)!]!, newIndex: index };
      }
      return reportOf(planned, false, created.topics, created.datasources);
    },

    /** Every datasource that has a feed, one folder per topic; the others named in a comment. */
    async exportOpml(): Promise<string> {
      const topics = await opml.datasourcesByTopic();
      const groups = topics
        .map((topic) => {
          const feeds = [];
          const leftOut: string[] = [];
          for (const source of topic.datasources) {
            const feed = exportedFeed(source);
            const platform = platformToId(source.platform);
            if ('leftOut' in feed) {
              leftOut.push(`Left out: "${source.sourceName}" (${platform}): ${feed.leftOut}.`);
              continue;
            }
            feeds.push({
              title: source.sourceName,
              ...feed,
              platform,
              language: source.languageUnconfirmed ? null : source.language,
            });
          }
          return { title: topic.name, feeds, leftOut };
        })
        .filter((group) => group.feeds.length > 0 || group.leftOut.length > 0);
      return buildOpml('Daily Curated datasources', ctx.clock(), groups);
    },
  };
}
