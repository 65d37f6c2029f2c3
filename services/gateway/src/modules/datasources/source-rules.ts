import { ADMIN_MESSAGES, AppError, TWITTER_NAME_SUFFIX } from '@app/contracts';
import type { Platform } from '@app/db';
import { assertFetchableUrl, configUrls } from '../../lib/source-url-guard.ts';
import type { ServiceContext } from '../context.ts';

/** Spec §5: a twitter source's URL is the search keyword and its name is keyword + ' 相关推文'. */
export function sourceNameFor(platform: Platform, name: string, url: string): string {
  if (platform === 'twitter') return `${url}${TWITTER_NAME_SUFFIX}`;
  if (!name) {
    throw new AppError('VALIDATION_FAILED', ADMIN_MESSAGES.sourceNameRequired, {
      source_name: ADMIN_MESSAGES.sourceNameRequired,
    });
  }
  return name;
}

/** A source with this URL exists already (the unique index said so). */
export const duplicateSource = () =>
  new AppError('CONFLICT', ADMIN_MESSAGES.duplicateDatasource, {
    source_url: ADMIN_MESSAGES.duplicateDatasource,
  });

/** What a source written by an admin (or approved from a suggestion) must satisfy before it is stored. */
export function createSourceRules(ctx: ServiceContext<'topics'>) {
  const { topics } = ctx.repos;

  async function requireActiveTopic(topicId: string) {
    const topic = await topics.state(topicId);
    if (!topic) {
      throw new AppError('VALIDATION_FAILED', ADMIN_MESSAGES.topicNotFound, {
        topic_id: ADMIN_MESSAGES.topicNotFound,
      });
    }
    if (!topic.isActive) {
      throw new AppError('VALIDATION_FAILED', ADMIN_MESSAGES.topicInactive, {
        topic_id: ADMIN_MESSAGES.topicInactive,
      });
    }
  }

  /** SSRF: the crawler will fetch the source URL and any URL in the config; refuse private targets now. */
  async function assertCrawlable(platform: Platform, sourceUrl: string | undefined, config: unknown) {
    const options = {
      allowPrivate: ctx.config.CRAWLER_ALLOW_PRIVATE_HOSTS,
      messages: { scheme: ADMIN_MESSAGES.sourceUrlScheme, private: ADMIN_MESSAGES.sourceUrlPrivate },
    };
    // A twitter source's "URL" is its search keyword.
    if (sourceUrl !== undefined && platform !== 'twitter') {
      await assertFetchableUrl(sourceUrl, 'source_url', options);
    }
    for (const { url } of configUrls(config)) await assertFetchableUrl(url, 'config', options);
  }

  return { requireActiveTopic, assertCrawlable };
}
