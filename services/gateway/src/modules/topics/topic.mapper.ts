import type { AdminTopic, TopicDto } from '@app/contracts';
import type { Topic } from '@app/db';
import type { AdminTopicRow } from './topics.repository.ts';

// Topic rows as the API answers them (the repository returns rows as read).

/** A topic as the reader's pages show it. */
export function toTopicDto(row: Topic): TopicDto {
  return {
    id: row.id,
    slug: row.slug,
    name: row.name,
    name_zh: row.nameZh,
    description: row.description,
    description_zh: row.descriptionZh,
    keywords: row.keywords,
    is_active: row.isActive,
  };
}

/** A topic as the admin's list shows it, with its counts. */
export function toAdminTopicDto(row: AdminTopicRow): AdminTopic {
  return {
    ...toTopicDto(row),
    created_at: row.createdAt.toISOString(),
    updated_at: row.updatedAt.toISOString(),
    datasource_count: row._count.datasources,
    post_count: row.posts,
    summary_count: row.summaries,
  };
}
