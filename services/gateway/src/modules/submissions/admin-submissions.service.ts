import {
  ADMIN_MESSAGES,
  type AdminSubmissionListQuery,
  AppError,
  type ApproveSubmissionBodySchema,
} from '@app/contracts';
import { defaultConfigFor, defaultLanguageFor, type Prisma, platformFromId } from '@app/db';
import type { z } from 'zod';
import { isUniqueViolation } from '../../lib/prisma-errors.ts';
import type { ServiceContext } from '../context.ts';
import { toAdminDatasourceDto } from '../datasources/datasource.mapper.ts';
import { createSourceRules, duplicateSource, sourceNameFor } from '../datasources/source-rules.ts';
import { toSubmissionDto } from './source-submission.mapper.ts';

type ApproveBody = z.infer<typeof ApproveSubmissionBodySchema>;

/** The repositories this service is given (its module's index.ts hands it these only). */
export const ADMIN_SUBMISSIONS_REPOS = ['sourceSubmissions', 'topics'] as const;

export type AdminSubmissionsService = ReturnType<typeof createAdminSubmissionsService>;

/** The admin's review of readers' suggestions: an approval stores the source, a rejection keeps the note. */
export function createAdminSubmissionsService(ctx: ServiceContext<(typeof ADMIN_SUBMISSIONS_REPOS)[number]>) {
  const { sourceSubmissions } = ctx.repos;
  const { requireActiveTopic, assertCrawlable } = createSourceRules(ctx);

  return {
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
        if (isUniqueViolation(error)) throw duplicateSource();
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
