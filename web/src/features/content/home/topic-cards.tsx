import { useLingui } from '@lingui/react/macro';
import { localDescription, localName } from '@app/rules';
import type { TopicDto, TopicStats } from '@app/contracts';
import {
  Alert,
  Badge,
  Box,
  Button,
  Card,
  Container,
  Group,
  SimpleGrid,
  Skeleton,
  Stack,
  Text,
  Title,
} from '@mantine/core';
import { IconFlame } from '@tabler/icons-react';
import { useQuery } from '@tanstack/react-query';
import { createLink } from '@tanstack/react-router';
import { useDeferredValue } from 'react';
import { useLanguage } from '../../../i18n/language-provider';
import { topicStatsQueryOptions, topicsQueryOptions } from '../../../queries/content';
import { platformBadgeLabels } from '../platform-options';
import { readStoredTimeZone } from '../use-time-zone';
import { todayStartIso } from '../zoned-dates';
import { errorText } from '../../../api/error-text';
import { topicFeedLinks, useFeedLinks } from '../feed-links';

export const CARD_GRADIENTS = [
  'linear-gradient(135deg, #667eea 0%, #764ba2 100%)',
  'linear-gradient(135deg, #f093fb 0%, #f5576c 100%)',
  'linear-gradient(135deg, #4facfe 0%, #00f2fe 100%)',
  'linear-gradient(135deg, #43e97b 0%, #38f9d7 100%)',
  'linear-gradient(135deg, #fa709a 0%, #fee140 100%)',
  'linear-gradient(135deg, #30cfd0 0%, #330867 100%)',
] as const;
export const POPULAR_THRESHOLD = 10;
const MAX_BADGES = 3;

const CardAnchor = createLink(
  (props: React.AnchorHTMLAttributes<HTMLAnchorElement> & { ref?: React.Ref<HTMLAnchorElement> }) => (
    <a {...props} style={{ textDecoration: 'none', color: 'inherit', display: 'block', height: '100%' }} />
  ),
);

function TopicCard({
  topic,
  stats,
  index,
  timeZone,
  todayStart,
}: {
  topic: TopicDto;
  stats?: TopicStats;
  index: number;
  timeZone: string;
  /** Today's start in the zone (the same for every card). */
  todayStart: string;
}) {
  const { t } = useLingui();
  const { language } = useLanguage();
  const count = stats?.count ?? 0;
  const platforms = platformBadgeLabels(t, stats?.platforms ?? []);
  return (
    <CardAnchor
      to="/content-summary"
      search={{ topic: topic.id, date: todayStart, timezone: timeZone }}
      data-testid="topic-card"
      data-topic={topic.slug}
    >
      <Card radius="lg" padding={0} withBorder h="100%" style={{ overflow: 'hidden' }}>
        <Box
          h={8}
          style={{ background: CARD_GRADIENTS[index % CARD_GRADIENTS.length] }}
          data-gradient={index % 6}
        />
        <Stack p="lg" gap="sm" h="100%">
          <Group justify="space-between" wrap="nowrap" align="flex-start">
            <Title order={3} fz="lg">
              {localName(topic, language)}
            </Title>
            {count > POPULAR_THRESHOLD ? (
              <Badge color="orange" leftSection={<IconFlame size={12} />} data-testid="popular-badge">
                {t({ id: 'content.home.popular', message: 'Popular' })}
              </Badge>
            ) : null}
          </Group>
          <Text size="sm" c="dimmed" lineClamp={3}>
            {localDescription(topic, language)}
          </Text>
          <Group justify="space-between" mt="auto" wrap="nowrap">
            <Group gap={4}>
              {platforms.slice(0, MAX_BADGES).map((label) => (
                <Badge key={label} variant="light" size="sm" data-testid="topic-platform">
                  {label}
                </Badge>
              ))}
              {platforms.length > MAX_BADGES ? (
                <Badge variant="outline" size="sm">
                  +{platforms.length - MAX_BADGES}
                </Badge>
              ) : null}
            </Group>
            <Text size="sm" fw={600} style={{ whiteSpace: 'nowrap' }} data-testid="topic-count">
              {count} {t({ id: 'content.home.items', message: 'items' })}
            </Text>
          </Group>
        </Stack>
      </Card>
    </CardAnchor>
  );
}

/** The home grid: one card per active topic with today's count in the reader's time zone. */
export function TopicCards() {
  const { t } = useLingui();
  const { language } = useLanguage();
  const timeZone = readStoredTimeZone();
  const topics = useQuery(topicsQueryOptions());
  // Today's counts and today's start in the zone, both from the gateway: the page sets up no Intl
  // time-zone data of its own (a long task on a slow phone). Should the counts fail, the cards still
  // link to today, worked out here.
  const stats = useQuery(topicStatsQueryOptions(timeZone, language));
  // Data that has just arrived is drawn in a pass that yields to the browser, not in the query's
  // synchronous update (which keeps showing what was there).
  const topicList = useDeferredValue(topics.data);
  const statList = useDeferredValue(stats.data);
  const byTopic = new Map((statList?.data ?? []).map((s) => [s.topic_id, s]));
  // Each topic's RSS feed, advertised in the head as the server's document does for / (taken over from
  // it there), so they are back when the reader returns to the home page within the app.
  useFeedLinks(
    (topics.data ?? []).map((topic) => topicFeedLinks(topic.slug, localName(topic, language), language)[0]!),
  );
  const todayStart = statList?.date_from ?? (stats.isError ? todayStartIso(timeZone) : undefined);

  return (
    <Container size="lg" py="xl" data-testid="topic-cards">
      <Stack gap={4} mb="lg" align="center" ta="center">
        <Title order={2}>{t({ id: 'content.home.topicsTitle', message: "Today's topics" })}</Title>
        <Text c="dimmed">
          {t({
            id: 'content.home.topicsSubtitle',
            message: 'Fresh summaries from blogs, videos, podcasts and communities, grouped by topic.',
          })}
        </Text>
      </Stack>
      {topics.isLoading || (topics.data && (!topicList || todayStart === undefined)) ? (
        <SimpleGrid cols={{ base: 1, sm: 2, lg: 3 }} data-testid="topic-cards-loading">
          {['a', 'b', 'c', 'd', 'e', 'f'].map((key) => (
            <Skeleton key={key} height={180} radius="lg" />
          ))}
        </SimpleGrid>
      ) : topics.isError ? (
        <Alert color="red" title={t({ id: 'content.home.error', message: 'Failed to load topics' })}>
          <Stack gap="xs" align="flex-start">
            <Text size="sm">{errorText(t, topics.error)}</Text>
            <Button size="xs" variant="light" onClick={() => topics.refetch()}>
              {t({ id: 'content.home.retry', message: 'Retry' })}
            </Button>
          </Stack>
        </Alert>
      ) : (topicList ?? []).length === 0 ? (
        <Text ta="center" c="dimmed">
          {t({ id: 'content.home.empty', message: 'No topics yet' })}
        </Text>
      ) : (
        <SimpleGrid cols={{ base: 1, sm: 2, lg: 3 }}>
          {topicList!.map((topic, i) => (
            <TopicCard
              key={topic.id}
              topic={topic}
              stats={byTopic.get(topic.id)}
              index={i}
              timeZone={timeZone}
              todayStart={todayStart!}
            />
          ))}
        </SimpleGrid>
      )}
    </Container>
  );
}
