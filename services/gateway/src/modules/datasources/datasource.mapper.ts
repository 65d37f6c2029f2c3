import type { AdminDatasource } from '@app/contracts';
import { platformToId } from '@app/db';
import type { ActiveDatasourceRow, AdminDatasourceRow, YoutubeSourceRow } from './datasources.repository.ts';
import { datasourceStatusOf } from '../../lib/source-health.ts';

const iso = (d: Date | null) => d?.toISOString() ?? null;

/** What every answer about a source says of it. */
function sourceFields(row: ActiveDatasourceRow) {
  return {
    id: row.id,
    topic_id: row.topicId,
    platform: platformToId(row.platform),
    source_name: row.sourceName,
    source_url: row.sourceUrl,
    language: row.language,
    is_active: row.isActive,
  };
}

/** The admin's answer for a source; its status and times come from its crawl health, as of `now`. */
export function toAdminDatasourceDto(row: AdminDatasourceRow, now: Date): AdminDatasource {
  return {
    ...sourceFields(row),
    config:
      row.config && typeof row.config === 'object' && !Array.isArray(row.config)
        ? (row.config as Record<string, unknown>)
        : {},
    last_crawled_at: iso(row.lastCrawledAt),
    last_success_at: iso(row.lastSuccessAt),
    last_error_at: iso(row.lastErrorAt),
    last_error_class: row.lastErrorClass,
    last_error_message: row.lastErrorMessage,
    consecutive_failures: row.consecutiveFailures,
    created_at: row.createdAt.toISOString(),
    updated_at: row.updatedAt.toISOString(),
    status: datasourceStatusOf(row, now),
    post_count: row._count.posts,
    topic: {
      id: row.topic.id,
      name: row.topic.name,
      name_zh: row.topic.nameZh,
      description: row.topic.description,
    },
  };
}

/** An active source as the readers' lists and the source tree show it. */
export function toDatasourceDto(row: ActiveDatasourceRow) {
  return {
    ...sourceFields(row),
    last_crawled_at: iso(row.lastCrawledAt),
    topic: { id: row.topic.id, name: row.topic.name, name_zh: row.topic.nameZh },
  };
}

/** A YouTube channel of the channel grid, with its summary count. */
export function toYoutubeSourceDto(row: YoutubeSourceRow) {
  return {
    id: row.id,
    source_name: row.sourceName,
    source_url: row.sourceUrl,
    language: row.language,
    topic: { id: row.topic.id, name: row.topic.name, name_zh: row.topic.nameZh },
    summary_count: row._count.summaries,
  };
}
