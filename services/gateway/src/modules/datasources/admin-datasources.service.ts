import {
  ADMIN_MESSAGES,
  type AdminDatasourceBodySchema,
  type AdminDatasourceListQuery,
  type AdminDatasourcePatchSchema,
  AppError,
} from '@app/contracts';
import { defaultConfigFor, defaultLanguageFor, type Prisma, platformFromId } from '@app/db';
import type { z } from 'zod';
import { isUniqueViolation } from '../../lib/prisma-errors.ts';
import type { ServiceContext } from '../context.ts';
import { toAdminDatasourceDto } from './datasource.mapper.ts';
import type { DatasourceWrite } from './datasources.repository.ts';
import { createSourceRules, duplicateSource, sourceNameFor } from './source-rules.ts';

type DatasourceBody = z.infer<typeof AdminDatasourceBodySchema>;
type DatasourcePatch = z.infer<typeof AdminDatasourcePatchSchema>;

/** The repositories this service is given (its module's index.ts hands it these only). */
export const ADMIN_DATASOURCES_REPOS = ['datasources', 'topics'] as const;

export type AdminDatasourcesService = ReturnType<typeof createAdminDatasourcesService>;

/** The admin's sources: list, create, edit, (de)activate, delete; URLs checked before any crawl. */
export function createAdminDatasourcesService(ctx: ServiceContext<(typeof ADMIN_DATASOURCES_REPOS)[number]>) {
  const { datasources } = ctx.repos;
  const { requireActiveTopic, assertCrawlable } = createSourceRules(ctx);

  return {
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
        if (isUniqueViolation(error)) throw duplicateSource();
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
        if (isUniqueViolation(error)) throw duplicateSource();
        throw error;
      }
    },
    async deleteDatasource(id: string) {
      if (!(await datasources.delete(id))) throw new AppError('NOT_FOUND', ADMIN_MESSAGES.datasourceNotFound);
    },
  };
}
