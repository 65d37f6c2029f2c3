import type { AdminSubmission } from '@app/contracts';
import type { SubmissionRow } from './source-submissions.repository.ts';

/** A user's source suggestion as the admin's review list shows it. */
export function toSubmissionDto(row: SubmissionRow): AdminSubmission {
  return {
    id: row.id,
    user_email: row.user?.email ?? null,
    topic_id: row.topicId,
    topic_name: row.topic?.name ?? null,
    topic_custom: row.topicCustom,
    platform: row.platform,
    platform_custom: row.platformCustom,
    url: row.url,
    status: row.status,
    review_note: row.reviewNote,
    reviewed_at: row.reviewedAt?.toISOString() ?? null,
    created_at: row.createdAt.toISOString(),
  };
}
