import { localName } from '@app/rules';
import type { TopicDto } from '@app/contracts';
import { Group, List, NavLink, Paper, Stack, Text, Title } from '@mantine/core';
import { IconRss } from '@tabler/icons-react';
import { useLocation } from '@tanstack/react-router';
import { isTopicSlug } from '../../config/site';
import { useTranslation } from '../../i18n/react';
import { AnchorLink, ButtonLink } from '../ui/router-links';
import { UnreadBadge } from './unread-badge';

/** My feed for a visitor: what it is, and the way in (back to My feed after signing in). */
export function FeedSignIn() {
  const { t } = useTranslation('reading');
  const location = useLocation();
  return (
    <Paper withBorder p="xl" radius="md" data-testid="feed-sign-in">
      <Stack gap="sm" align="flex-start">
        <Title order={2} fz="lg">
          {t('feed.signInTitle')}
        </Title>
        <Text>{t('feed.signInText')}</Text>
        <ButtonLink to="/auth" search={{ redirect: location.href }}>
          {t('feed.signIn')}
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
  const { t } = useTranslation('reading');
  return (
    <Paper withBorder p="xl" radius="md" data-testid="feed-empty">
      <Stack gap="sm">
        <Title order={2} fz="lg">
          {t('feed.emptyTitle')}
        </Title>
        <Text>{t('feed.emptyText')}</Text>
        {topics?.length ? (
          <>
            <Title order={3} fz="md">
              {t('feed.topicsTitle')}
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
  const { t } = useTranslation('reading');
  return (
    <Paper withBorder p="xl" radius="md" ta="center" data-testid="summaries-empty">
      <Text c="dimmed">{hideRead ? t('feed.allRead') : isMyFeed ? t('feed.nothingHere') : ''}</Text>
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
  const { t } = useTranslation('reading');
  return (
    <NavLink
      label={t('feed.mine')}
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
