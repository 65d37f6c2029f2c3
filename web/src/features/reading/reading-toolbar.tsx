import { ActionIcon, Button, Group, SegmentedControl, Stack, Switch, Text } from '@mantine/core';
import { IconChecks, IconKeyboard } from '@tabler/icons-react';
import { useId } from 'react';
import { useTranslation } from '../../i18n/react';
import { UnreadBadge } from './unread-badge';

type Props = {
  isSignedIn: boolean;
  feed: 'mine' | undefined;
  onFeed: (feed: 'mine' | undefined) => void;
  hideRead: boolean;
  onHideRead: (on: boolean) => void;
  /** Unread of what the reader follows (since yesterday). */
  unreadInFeed: number | undefined;
  /** False when the list's filters are ones "mark all as read" cannot follow (a search, favourites). */
  canMarkAll: boolean;
  /** An empty list has nothing to mark. */
  hasCards: boolean;
  onMarkAll: () => void;
  onShortcuts: () => void;
};

/** Above the summary list: All or My feed, Hide read, Mark all as read, and the keyboard shortcuts. */
export function ReadingToolbar(props: Props) {
  const { t } = useTranslation('reading');
  const hintId = useId();
  return (
    <Stack gap={4}>
      <Group justify="space-between" gap="sm" wrap="wrap" data-testid="reading-toolbar">
        <SegmentedControl
          aria-label={t('feed.label')}
          value={props.feed ?? 'all'}
          onChange={(value) => props.onFeed(value === 'mine' ? 'mine' : undefined)}
          data={[
            { value: 'all', label: t('feed.all') },
            {
              value: 'mine',
              label: (
                <Group component="span" gap={6} wrap="nowrap" justify="center">
                  {t('feed.mine')}
                  <UnreadBadge count={props.unreadInFeed} compact />
                </Group>
              ),
            },
          ]}
          data-testid="feed-switch"
        />
        <Group gap="sm" wrap="wrap">
          {props.isSignedIn ? (
            <>
              <Switch
                label={t('read.hideRead')}
                checked={props.hideRead}
                onChange={(event) => props.onHideRead(event.currentTarget.checked)}
                data-testid="hide-read-switch"
              />
              <Button
                variant="default"
                size="sm"
                leftSection={<IconChecks size={16} aria-hidden />}
                disabled={!props.canMarkAll || !props.hasCards}
                aria-describedby={props.canMarkAll ? undefined : hintId}
                onClick={props.onMarkAll}
                data-testid="mark-all-read"
              >
                {t('markAll.button')}
              </Button>
            </>
          ) : null}
          <ActionIcon
            variant="default"
            size="lg"
            aria-label={t('shortcuts.open')}
            title={t('shortcuts.open')}
            onClick={props.onShortcuts}
            data-testid="shortcuts-button"
          >
            <IconKeyboard size={18} aria-hidden />
          </ActionIcon>
        </Group>
      </Group>
      {props.isSignedIn && !props.canMarkAll ? (
        <Text id={hintId} size="xs" c="dimmed">
          {t('markAll.notWithSearch')}
        </Text>
      ) : null}
    </Stack>
  );
}
