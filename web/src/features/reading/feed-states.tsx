import { useLingui } from '@lingui/react/macro';
import { localName } from '@app/rules';
import type { TopicDto } from '@app/contracts';
import { Group, List, NavLink, Paper, Stack, Text, Title } from '@mantine/core';
import { IconRss } from '@tabler/icons-react';
import { useLocation } from '@tanstack/react-router';
import { isTopicSlug } from '../../config/site';
import { AnchorLink, ButtonLink } from '../ui/router-links';
import { UnreadBadge } from './unread-badge';

/** My feed for a visitor: what it is, and the way in (back to My feed after signing in). */
export function FeedSignIn() {
  const { t } = useLingui();
  const location = useLocation();
  return (
    <Paper withBorder p="xl" radius="md" data-testid="feed-sign-in">
      <Stack gap="sm" align="flex-start">
        <Title order={2} fz="lg">
          {t({ id: 'reading.feed.signInTitle', message: 'Your own front page' })}
        </Title>
        <Text>
          {t({
            id: 'reading.feed.signInText',
            message:
              'Sign in to follow topics and sources: My feed then lists what they publish, and remembers what you have read.',
          })}
        </Text>
        <ButtonLink to="/auth" search={{ redirect: location.href }}>
          {t({ id: 'reading.feed.signIn', message: 'Sign in' })}
        </ButtonLink>
      </Stack>
    </Paper>
  );
}

/** My feed while the reader follows nothing: how to follow, and the topics to start with. */
export function FollowNothing({
  topics,
  language,
}: {
  topics: TopicDto[] | undefined;
  language: 'en' | 'zh';
}) {
  const { t } = useLingui();
  return (
    <Paper withBorder p="xl" radius="md" data-testid="feed-empty">
      <Stack gap="sm">
        <Title order={2} fz="lg">
          {t({ id: 'reading.feed.emptyTitle', message: "You don't follow anything yet" })}
        </Title>
        <Text>
          {t({
            id: 'reading.feed.emptyText',
            message:
              "Open a topic and press Follow, or follow a source from a summary's menu (the ⋯ button on its card). What they publish then shows up here.",
          })}
        </Text>
        {topics?.length ? (
          <>
            <Title order={3} fz="md">
              {t({ id: 'reading.feed.topicsTitle', message: 'Topics you can follow' })}
            </Title>
            <List spacing={4} data-testid="feed-empty-topics">
              {topics.map((topic) => (
                <List.Item key={topic.id}>
                  {/* The five landing topics by their slug, the others by id (the detail page). */}
                  <AnchorLink
                    to="/topics/$id"
                    params={{ id: isTopicSlug(topic.slug) ? topic.slug : topic.id }}
                  >
                    {localName(topic, language)}
                  </AnchorLink>
                </List.Item>
              ))}
            </List>
          </>
        ) : null}
      </Stack>
    </Paper>
  );
}

/** My feed or "Hide read" left nothing to show for the filters. */
export function NothingUnread({ isMyFeed, hideRead }: { isMyFeed: boolean; hideRead: boolean }) {
  const { t } = useLingui();
  return (
    <Paper withBorder p="xl" radius="md" ta="center" data-testid="summaries-empty">
      <Text c="dimmed">
        {hideRead
          ? t({
              id: 'reading.feed.allRead',
              message: 'You have read everything here. Turn off “Hide read” to see it again.',
            })
          : isMyFeed
            ? t({
                id: 'reading.feed.nothingHere',
                message: 'Nothing from what you follow matches these filters.',
              })
            : ''}
      </Text>
    </Paper>
  );
}

/** The sidebar's way to My feed, with what is unread in it. */
export function MyFeedLink({
  active,
  unread,
  onSelect,
}: {
  active: boolean;
  unread: number | undefined;
  onSelect: () => void;
}) {
  const { t } = useLingui();
  return (
    <NavLink
      label={t({ id: 'reading.feed.mine', message: 'My feed' })}
      // The segmented control above the list is the view's main switch: here only the text marks it.
      variant="subtle"
      active={active}
      onClick={onSelect}
      leftSection={<IconRss size={16} aria-hidden />}
      rightSection={
        <Group component="span" gap={4} wrap="nowrap">
          <UnreadBadge count={unread} />
        </Group>
      }
      data-testid="sidebar-my-feed"
    />
  );
}
