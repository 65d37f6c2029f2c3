import type { ForYouReason as Reason, SummaryDto } from '@app/contracts';
import { localName, sourceDisplayName } from '@app/rules';
import { Group, Text } from '@mantine/core';
import { IconSparkles } from '@tabler/icons-react';
import { type TFunction, useTranslation } from '../../i18n/react';
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

/** Why a card is in the reader's "For you" order, in words: "Because you follow Engineering". */
export function reasonText(
  t: TFunction<'reading'>,
  summary: SummaryDto,
  reason: Reason,
  names: Names,
): string {
  switch (reason.kind) {
    case 'followed_topic': {
      const name = topicName(summary, reason.topic_id, names);
      return name ? t('reason.followedTopic', { name }) : t('reason.followedSomething');
    }
    case 'followed_source': {
      const name = sourceName(summary, reason.datasource_id, names);
      return name ? t('reason.followedSource', { name }) : t('reason.followedSomething');
    }
    case 'like_saved':
      return t('reason.likeSaved');
    case 'read_topic': {
      const name = topicName(summary, reason.topic_id, names);
      return name ? t('reason.readTopic', { name }) : t('reason.readSomething');
    }
    case 'read_source': {
      const name = sourceName(summary, reason.datasource_id, names);
      return name ? t('reason.readSource', { name }) : t('reason.readSomething');
    }
    case 'coverage':
      return t('reason.coverage', { count: reason.sources });
    case 'recent':
      return t('reason.recent');
  }
}

/** The line a "For you" card carries under its badges. */
export function ForYouReason({ summary, reason, ...names }: { summary: SummaryDto; reason: Reason } & Names) {
  const { t } = useTranslation('reading');
  return (
    <Group gap={6} wrap="nowrap" data-testid="for-you-reason" data-reason={reason.kind}>
      <IconSparkles size={14} aria-hidden style={{ flexShrink: 0 }} />
      <Text size="xs" c="dimmed">
        {reasonText(t, summary, reason, names)}
      </Text>
    </Group>
  );
}
