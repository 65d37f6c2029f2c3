import type { FollowsResponse } from '@app/contracts';
import { platformToId } from '@app/db';
import type { FollowRow } from './follows.repository.ts';

/** A reader's follows as GET /api/me/follows answers them: topics and sources, newest first. */
export function toFollowsDto(rows: FollowRow[]): FollowsResponse {
  const answer: FollowsResponse = { topics: [], datasources: [] };
  for (const row of rows) {
    const followed_at = row.createdAt.toISOString();
    if (row.topic) {
      const { id, name, nameZh, slug } = row.topic;
      answer.topics.push({ id, name, name_zh: nameZh, slug, followed_at });
    } else if (row.datasource) {
      const { id, sourceName, platform, topicId } = row.datasource;
      answer.datasources.push({
        id,
        source_name: sourceName,
        platform: platformToId(platform),
        topic_id: topicId,
        followed_at,
      });
    }
  }
  return answer;
}
