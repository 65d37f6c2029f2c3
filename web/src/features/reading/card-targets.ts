import type { SummaryDto } from '@app/contracts';
import { localName, sourceDisplayName } from '@app/rules';
import type { FollowTarget } from '../../queries/reading';

/** What a card can be followed by: its source and its topic. */
export function cardTargets(summary: SummaryDto): {
  source: FollowTarget | null;
  topic: FollowTarget | null;
} {
  return {
    source: summary.datasource
      ? {
          kind: 'source',
          id: summary.datasource.id,
          name: summary.datasource.source_name,
          platform: summary.datasource.platform,
          topic_id: summary.topic?.id ?? null,
        }
      : null,
    topic: summary.topic
      ? { kind: 'topic', id: summary.topic.id, name: summary.topic.name, name_zh: summary.topic.name_zh }
      : null,
  };
}

/** A follow target's name as the reader's language shows it (a source's display name, a topic's own). */
export function targetName(target: FollowTarget, language: 'en' | 'zh'): string {
  if (target.kind === 'source') return sourceDisplayName(target.name, language);
  return localName(target, language);
}
