import type { MessageDescriptor } from '@lingui/core';
import { msg, plural } from '@lingui/core/macro';
import { useLingui } from '@lingui/react/macro';
import type { ForYouReason as Reason, SummaryDto } from '@app/contracts';
import { localName, sourceDisplayName } from '@app/rules';
import { Group, Text } from '@mantine/core';
import { IconSparkles } from '@tabler/icons-react';
import type { TopicDto } from '../../queries/content';

type Names = { topics: TopicDto[] | undefined; language: 'en' | 'zh' };

/** The name of a topic the reason points at: the card's own, else the topic list's. */
function topicName(summary: SummaryDto, topicId: string, { topics, language }: Names): string | null {
  const topic = summary.topic?.id === topicId ? summary.topic : topics?.find((one) => one.id === topicId);
  if (!topic) return null;
  return localName(topic, language);
}

/** The name of a source the reason points at (a card's reason is about its own source). */
function sourceName(summary: SummaryDto, datasourceId: string, { language }: Names): string | null {
  if (summary.datasource?.id !== datasourceId) return null;
  return sourceDisplayName(summary.datasource.source_name, language);
}

/** A screen's Lingui `t`, which the reasons' words are given to. */
export type ReadingT = (descriptor: MessageDescriptor) => string;

/** Why a card is in the reader's "For you" order, in words: "Because you follow Engineering". */
export function reasonText(t: ReadingT, summary: SummaryDto, reason: Reason, names: Names): string {
  switch (reason.kind) {
    case 'followed_topic': {
      const name = topicName(summary, reason.topic_id, names);
      return name
        ? t(msg({ id: 'reading.reason.followedTopic', message: `Because you follow ${name}` }))
        : t(msg({ id: 'reading.reason.followedSomething', message: 'From something you follow' }));
    }
    case 'followed_source': {
      const name = sourceName(summary, reason.datasource_id, names);
      return name
        ? t(msg({ id: 'reading.reason.followedSource', message: `Because you follow ${name}` }))
        : t(msg({ id: 'reading.reason.followedSomething', message: 'From something you follow' }));
    }
    case 'like_saved':
      return t(msg({ id: 'reading.reason.likeSaved', message: 'Like a story you saved' }));
    case 'read_topic': {
      const name = topicName(summary, reason.topic_id, names);
      return name
        ? t(msg({ id: 'reading.reason.readTopic', message: `You often read ${name}` }))
        : t(msg({ id: 'reading.reason.readSomething', message: 'Like what you have been reading' }));
    }
    case 'read_source': {
      const name = sourceName(summary, reason.datasource_id, names);
      return name
        ? t(msg({ id: 'reading.reason.readSource', message: `You often read ${name}` }))
        : t(msg({ id: 'reading.reason.readSomething', message: 'Like what you have been reading' }));
    }
    case 'coverage': {
      const count = reason.sources;
      return t(
        msg({
          id: 'reading.reason.coverage',
          message: plural(count, { one: 'Covered by # source', other: 'Covered by # sources' }),
        }),
      );
    }
    case 'recent':
      return t(msg({ id: 'reading.reason.recent', message: 'Among the newest' }));
  }
}

/** The line a "For you" card carries under its badges. */
export function ForYouReason({ summary, reason, ...names }: { summary: SummaryDto; reason: Reason } & Names) {
  const { t } = useLingui();
  return (
    <Group gap={6} wrap="nowrap" data-testid="for-you-reason" data-reason={reason.kind}>
      <IconSparkles size={14} aria-hidden style={{ flexShrink: 0 }} />
      <Text size="xs" c="dimmed">
        {reasonText(t, summary, reason, names)}
      </Text>
    </Group>
  );
}
