import { type Datasource, platformToId, type Topic } from '@app/db';

/** The metadata every summary carries about where it came from. */
export function sourceMetadata(datasource: Datasource & { topic: Topic | null }) {
  return {
    platform: platformToId(datasource.platform),
    source_name: datasource.sourceName,
    topic_name: datasource.topic?.name ?? null,
    topic_id: datasource.topicId,
    datasource_id: datasource.id,
  };
}
