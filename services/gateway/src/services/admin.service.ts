import {
  type ActiveStatusFilter,
  ADMIN_MESSAGES,
  type AdminDatasourceBodySchema,
  type AdminDatasourceListQuery,
  type AdminDatasourcePatchSchema,
  type AdminSubmissionListQuery,
  type AdminTopicBodySchema,
  type AdminTopicPatchSchema,
  AppError,
  type ApproveSubmissionBodySchema,
  TWITTER_NAME_SUFFIX,
} from '@app/contracts';
import { defaultConfigFor, defaultLanguageFor, type Platform, type Prisma, platformFromId } from '@app/db';
import type { z } from 'zod';
import { assertFetchableUrl, configUrls } from '../lib/source-url-guard.ts';
import type { DatasourceWrite } from '../repositories/datasources.repository.ts';
import { toAdminDatasourceDto } from './datasource.mapper.ts';
import { toSubmissionDto } from './source-submission.mapper.ts';
import { toAdminTopicDto } from './topic.mapper.ts';
import { isForeignKeyViolation, isUniqueViolation } from '../repositories/prisma-errors.ts';
import type { ServiceContext } from './context.ts';

type TopicBody = z.infer<typeof AdminTopicBodySchema>;
type TopicPatch = z.infer<typeof AdminTopicPatchSchema>;
type DatasourceBody = z.infer<typeof AdminDatasourceBodySchema>;
type DatasourcePatch = z.infer<typeof AdminDatasourcePatchSchema>;
type ApproveBody = z.infer<typeof ApproveSubmissionBodySchema>;

/** A URL-safe slug from a topic name; CJK names fall back to 'topic'. */
export function slugify(name: string): string {
  const base = name
    .normalize('NFKD')
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-+|-+$/g, '')
    .slice(0, 60);
  return base || 'topic';
}

/** Spec §5: a twitter source's URL is the search keyword and its name is keyword + ' 相关推文'. */
function sourceNameFor(platform: Platform, name: string, url: string): string {
  if (platform === 'twitter') return `${url}${TWITTER_NAME_SUFFIX}`;
  if (!name) {
    throw new AppError('VALIDATION_FAILED', ADMIN_MESSAGES.sourceNameRequired, {
      source_name: ADMIN_MESSAGES.sourceNameRequired,
    });
  }
  return name;
}

/** The repositories this service is given (plugins/app/services.plugin.ts hands it these only). */
export const ADMIN_REPOS = ['datasources', 'sourceSubmissions', 'topics'] as const;

export function createAdminService(ctx: ServiceContext<(typeof ADMIN_REPOS)[number]>) {
  const { topics, datasources, sourceSubmissions } = ctx.repos;

  async function uniqueSlug(name: string) {
    const base = slugify(name);
    if (!(await topics.slugExists(base))) return base;
    for (let n = 2; n < 1000; n += 1) {
      const candidate = `${base}-${n}`;
      if (!(await topics.slugExists(candidate))) return candidate;
    }
    return `${base}-${crypto.randomUUID().slice(0, 8)}`;
  }

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

  const duplicate = () =>
    new AppError('CONFLICT', ADMIN_MESSAGES.duplicateDatasource, {
      source_url: ADMIN_MESSAGES.duplicateDatasource,
    });

  return {
    // ── topics ──
    listTopics: async (filter: { q?: string; status: ActiveStatusFilter; sort: 'name' | 'created_at' }) =>
      (await topics.listForAdmin(filter)).map(toAdminTopicDto),
    setTopicsActive: (ids: string[], isActive: boolean) => topics.setActive(ids, isActive),
    async createTopic(body: TopicBody) {
      for (let attempt = 0; ; attempt += 1) {
        try {
          const topic = await topics.create({
            slug: await uniqueSlug(body.name),
            name: body.name,
            description: body.description,
            keywords: body.keywords,
            isActive: body.is_active,
          });
          return toAdminTopicDto(topic);
        } catch (error) {
          // Two admins creating the same name at once: take the next slug.
          if (!isUniqueViolation(error) || attempt >= 3) throw error;
        }
      }
    },
    async updateTopic(id: string, patch: TopicPatch) {
      const topic = await topics.update(id, {
        name: patch.name,
        description: patch.description,
        keywords: patch.keywords,
        isActive: patch.is_active,
      });
      if (!topic) throw new AppError('NOT_FOUND', ADMIN_MESSAGES.topicNotFound);
      return toAdminTopicDto(topic);
    },
    async deleteTopic(id: string) {
      if ((await datasources.countOfTopic(id)) > 0) {
        throw new AppError('CONFLICT', ADMIN_MESSAGES.topicHasDatasources);
      }
      try {
        if (!(await topics.delete(id))) throw new AppError('NOT_FOUND', ADMIN_MESSAGES.topicNotFound);
      } catch (error) {
        if (isForeignKeyViolation(error)) throw new AppError('CONFLICT', ADMIN_MESSAGES.topicHasDatasources);
        throw error;
      }
    },

    // ── datasources ──
    async listDatasources(filter: AdminDatasourceListQuery) {
      const now = ctx.clock();
      return (await datasources.listForAdmin(filter)).map((row) => toAdminDatasourceDto(row, now));
    },
    setDatasourcesActive: (ids: string[], isActive: boolean) => datasources.setActive(ids, isActive),
    async createDatasource(body: DatasourceBody) {
      const platform = platformFromId(body.platform)!;
      await requireActiveTopic(body.topic_id);
      await assertCrawlable(platform, body.source_url, body.config);
      const data: DatasourceWrite = {
        topicId: body.topic_id,
        platform,
        sourceName: sourceNameFor(platform, body.source_name, body.source_url),
        sourceUrl: body.source_url,
        language: body.language ?? defaultLanguageFor(platform),
        isActive: body.is_active,
        config: (body.config ?? defaultConfigFor(platform)) as Prisma.InputJsonObject,
      };
      try {
        return toAdminDatasourceDto(await datasources.create(data), ctx.clock());
      } catch (error) {
        if (isUniqueViolation(error)) throw duplicate();
        throw error;
      }
    },
    async updateDatasource(id: string, patch: DatasourcePatch) {
      const row = await datasources.findForAdmin(id);
      if (!row) throw new AppError('NOT_FOUND', ADMIN_MESSAGES.datasourceNotFound);
      const current = toAdminDatasourceDto(row, ctx.clock());
      const platform = platformFromId(patch.platform ?? current.platform)!;
      if (patch.topic_id && patch.topic_id !== current.topic_id) await requireActiveTopic(patch.topic_id);
      const urlChanged = patch.source_url !== undefined || patch.platform !== undefined;
      await assertCrawlable(
        platform,
        urlChanged ? (patch.source_url ?? current.source_url) : undefined,
        patch.config,
      );
      const data: Partial<DatasourceWrite> = {};
      if (patch.topic_id !== undefined) data.topicId = patch.topic_id;
      if (patch.platform !== undefined) data.platform = platform;
      if (patch.source_url !== undefined) data.sourceUrl = patch.source_url;
      if (patch.source_name !== undefined || (platform === 'twitter' && patch.source_url !== undefined)) {
        data.sourceName = sourceNameFor(
          platform,
          patch.source_name ?? current.source_name,
          patch.source_url ?? current.source_url,
        );
      }
      if (patch.language !== undefined) {
        data.language = patch.language;
        // A language the admin changes is chosen: the first crawl no longer reads it from the feed.
        if (patch.language !== current.language) data.languageUnconfirmed = false;
      }
      if (patch.is_active !== undefined) data.isActive = patch.is_active;
      if (patch.config !== undefined) data.config = patch.config as Prisma.InputJsonObject;
      try {
        const updated = await datasources.update(id, data);
        if (!updated) throw new AppError('NOT_FOUND', ADMIN_MESSAGES.datasourceNotFound);
        return toAdminDatasourceDto(updated, ctx.clock());
      } catch (error) {
        if (isUniqueViolation(error)) throw duplicate();
        throw error;
      }
    },
    async deleteDatasource(id: string) {
      if (!(await datasources.delete(id))) throw new AppError('NOT_FOUND', ADMIN_MESSAGES.datasourceNotFound);
    },

    // ── source submissions ──
    async listSubmissions(query: AdminSubmissionListQuery) {
      const { rows, total } = await sourceSubmissions.list(query);
      return { data: rows.map(toSubmissionDto), page: query.page, limit: query.limit, total };
    },
    async approveSubmission(id: string, reviewerId: string, body: ApproveBody) {
      const submission = await sourceSubmissions.find(id);
      if (!submission) throw new AppError('NOT_FOUND', ADMIN_MESSAGES.submissionNotFound);
      if (submission.status !== 'pending') throw new AppError('CONFLICT', ADMIN_MESSAGES.submissionReviewed);
      const topicId = body.topic_id ?? submission.topicId;
      if (!topicId) {
        throw new AppError('VALIDATION_FAILED', ADMIN_MESSAGES.topicRequired, {
          topic_id: ADMIN_MESSAGES.topicRequired,
        });
      }
      await requireActiveTopic(topicId);
      const platform = body.platform ? platformFromId(body.platform) : platformFromId(submission.platform);
      if (!platform) {
        throw new AppError('VALIDATION_FAILED', ADMIN_MESSAGES.platformRequired, {
          platform: ADMIN_MESSAGES.platformRequired,
        });
      }
      // Submissions made before the guard existed, or whose host has since moved to a private address.
      await assertCrawlable(platform, submission.url, undefined);
      const fallbackName = (() => {
        try {
          return new URL(submission.url).hostname.replace(/^www\./, '');
        } catch {
          return submission.url;
        }
      })();
      try {
        const result = await sourceSubmissions.approve(
          id,
          reviewerId,
          {
            topicId,
            platform,
            sourceName: sourceNameFor(platform, body.source_name ?? fallbackName, submission.url),
            sourceUrl: submission.url,
            language: body.language ?? defaultLanguageFor(platform),
            isActive: true,
            config: defaultConfigFor(platform) as Prisma.InputJsonObject,
          },
          body.note ?? null,
        );
        if (!result) throw new AppError('CONFLICT', ADMIN_MESSAGES.submissionReviewed);
        return {
          submission: toSubmissionDto(result.submission),
          datasource: toAdminDatasourceDto(result.datasource, ctx.clock()),
        };
      } catch (error) {
        if (isUniqueViolation(error)) throw duplicate();
        throw error;
      }
    },
    async rejectSubmission(id: string, reviewerId: string, note: string | null) {
      const submission = await sourceSubmissions.find(id);
      if (!submission) throw new AppError('NOT_FOUND', ADMIN_MESSAGES.submissionNotFound);
      if (!(await sourceSubmissions.reject(id, reviewerId, note))) {
        throw new AppError('CONFLICT', ADMIN_MESSAGES.submissionReviewed);
      }
      return toSubmissionDto((await sourceSubmissions.find(id))!);
    },
  };
}
