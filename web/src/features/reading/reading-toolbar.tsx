import { useLingui } from '@lingui/react/macro';
import { ActionIcon, Button, Group, SegmentedControl, Switch } from '@mantine/core';
import { IconChecks, IconKeyboard } from '@tabler/icons-react';
import { UnreadBadge } from './unread-badge';

type Props = {
  isSignedIn: boolean;
  feed: 'mine' | undefined;
  onFeed: (feed: 'mine' | undefined) => void;
  order: 'for_you' | undefined;
  onOrder: (order: 'for_you' | undefined) => void;
  hideRead: boolean;
  onHideRead: (on: boolean) => void;
  /** Unread of what the reader follows (since yesterday). */
  unreadInFeed: number | undefined;
  /** An empty list has nothing to mark. */
  hasCards: boolean;
  onMarkAll: () => void;
  onShortcuts: () => void;
};

/**
 * Above the summary list: All or My feed, Newest or For you (signed-in readers), Hide read, Mark all
 * as read, and the keyboard shortcuts.
 */
export function ReadingToolbar(props: Props) {
  const { t } = useLingui();
  return (
    <Group justify="space-between" gap="sm" wrap="wrap" data-testid="reading-toolbar">
      <Group gap="sm" wrap="wrap">
        <SegmentedControl
          aria-label={t({ id: 'reading.feed.label', message: 'Which summaries to show' })}
          value={props.feed ?? 'all'}
          onChange={(value) => props.onFeed(value === 'mine' ? 'mine' : undefined)}
          data={[
            { value: 'all', label: t({ id: 'reading.feed.all', message: 'All' }) },
            {
              value: 'mine',
              label: (
                <Group component="span" gap={6} wrap="nowrap" justify="center">
                  {t({ id: 'reading.feed.mine', message: 'My feed' })}
                  <UnreadBadge count={props.unreadInFeed} compact />
                </Group>
              ),
            },
          ]}
          data-testid="feed-switch"
        />
        {props.isSignedIn ? (
          <SegmentedControl
            aria-label={t({ id: 'reading.order.label', message: 'Order of the summaries' })}
            value={props.order ?? 'date'}
            onChange={(value) => props.onOrder(value === 'for_you' ? 'for_you' : undefined)}
            data={[
              { value: 'date', label: t({ id: 'reading.order.date', message: 'Newest' }) },
              { value: 'for_you', label: t({ id: 'reading.order.forYou', message: 'For you' }) },
            ]}
            data-testid="order-switch"
          />
        ) : null}
      </Group>
      <Group gap="sm" wrap="wrap">
        {props.isSignedIn ? (
          <>
            <Switch
              label={t({ id: 'reading.read.hideRead', message: 'Hide read' })}
              checked={props.hideRead}
              onChange={(event) => props.onHideRead(event.currentTarget.checked)}
              data-testid="hide-read-switch"
            />
            <Button
              variant="default"
              size="sm"
              leftSection={<IconChecks size={16} aria-hidden />}
              disabled={!props.hasCards}
              onClick={props.onMarkAll}
              data-testid="mark-all-read"
            >
              {t({ id: 'reading.markAll.button', message: 'Mark all as read' })}
            </Button>
          </>
        ) : null}
        <ActionIcon
          variant="default"
          size="lg"
          aria-label={t({ id: 'reading.shortcuts.open', message: 'Keyboard shortcuts' })}
          title={t({ id: 'reading.shortcuts.open', message: 'Keyboard shortcuts' })}
          onClick={props.onShortcuts}
          data-testid="shortcuts-button"
        >
          <IconKeyboard size={18} aria-hidden />
        </ActionIcon>
      </Group>
    </Group>
  );
}
