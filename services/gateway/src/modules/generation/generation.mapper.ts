import type {
  GeneratedContentDto,
  GenerationResult,
  GenerationTaskDto,
  GenerationTaskStatus,
} from '@app/contracts';
import type { UserGeneratedContent } from '@app/db';
import { characterCount, isOverLimit } from '@app/rules';
import { firstWebUrl, webUrls } from '../../lib/web-urls.ts';
import type { PublishedRow } from './generated-content.repository.ts';
import type { HistoryRow } from './generation-tasks.repository.ts';
import type { StatusRow } from '@app/tasks/generation';

// Generation rows as API answers (the repositories return rows as read): a result, a published
// result on its topic's page, a task's polled status, a task in the history.

export function toResultDto(row: UserGeneratedContent): GenerationResult {
  const metadata = (row.metadata ?? {}) as Record<string, unknown>;
  const generator = typeof metadata.generator === 'string' ? metadata.generator : 'llm';
  const count = row.characterCount || characterCount(row.content);
  return {
    id: row.id,
    task_id: row.taskId,
    platform: row.targetPlatform,
    content: row.content,
    character_count: count,
    is_over_limit: row.isOverLimit || isOverLimit(row.targetPlatform, count),
    hashtags: row.hashtags,
    style: row.style,
    source_urls: webUrls(row.sourceUrls),
    generator,
    estimated_engagement: 'Medium',
    platform_specific_notes: generator === 'template' ? 'Template-based copy (no LLM configured)' : '',
    created_at: row.createdAt.toISOString(),
    published_at: row.publishedAt?.toISOString() ?? null,
  };
}

export function toStatusDto(row: StatusRow): GenerationTaskStatus {
  return {
    status: row.status,
    progress: row.progress,
    queue_position: row.queue_position,
    result_ids: row.result_ids,
    target_platforms: row.target_platforms,
    error_message: row.error_message,
    retry_count: row.retry_count,
    max_retries: row.max_retries,
  };
}

/** A task of the history; `queuePosition` is 0 unless it is pending. Results in the task's own order. */
export function toTaskDto(row: HistoryRow, queuePosition: number): GenerationTaskDto {
  const summary = row.summary;
  const metadata = (summary?.metadata ?? {}) as Record<string, unknown>;
  const str = (value: unknown) => (typeof value === 'string' && value ? value : null);
  const order = new Map(row.resultIds.map((id, index) => [id, index]));
  return {
    id: row.id,
    status: row.status,
    style: row.style,
    target_platforms: row.targetPlatforms,
    user_input: row.userInput,
    progress: row.progress,
    queue_position: queuePosition,
    retry_count: row.retryCount,
    max_retries: row.maxRetries,
    result_ids: row.resultIds,
    error_message: row.errorMessage,
    summary_id: row.summaryId,
    summary_info: summary
      ? {
          platform: summary.datasource?.platform.replace('_', '-') ?? str(metadata.platform),
          topic_name: summary.topic?.name ?? str(metadata.topic_name),
          topic_name_zh: summary.topic?.nameZh || null,
          title: summary.headline || summary.post?.title || str(metadata.title) || str(metadata.post_title),
          source_name: summary.datasource?.sourceName ?? str(metadata.source_name),
          url: firstWebUrl(summary.post?.url, ...summary.sourceUrls, metadata.post_url),
        }
      : null,
    created_at: row.createdAt.toISOString(),
    started_at: row.startedAt?.toISOString() ?? null,
    completed_at: row.completedAt?.toISOString() ?? null,
    generated_content: row.generatedContent
      .filter((content) => order.has(content.id))
      .sort((a, b) => (order.get(a.id) ?? 0) - (order.get(b.id) ?? 0))
      .map(toResultDto),
  };
}

/** A published result as the topic page shows it: its author by display name, never by id. */
export function toPublishedDto(row: PublishedRow): GeneratedContentDto {
  return {
    id: row.id,
    target_platform: row.targetPlatform,
    content: row.content,
    hashtags: row.hashtags,
    source_urls: webUrls(row.sourceUrls),
    created_at: row.createdAt.toISOString(),
    // Never null here (the filter); the creation time only keeps the type honest.
    published_at: (row.publishedAt ?? row.createdAt).toISOString(),
    source_name: row.summary?.datasource?.sourceName ?? null,
    author_name: row.user.profile?.displayName?.trim() || null,
  };
}
