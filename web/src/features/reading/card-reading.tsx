import { useLingui } from '@lingui/react/macro';
import type { SummaryDto } from '@app/contracts';
import { ActionIcon, Badge } from '@mantine/core';
import { IconCheck, IconCircleCheck, IconCircleCheckFilled, IconDots } from '@tabler/icons-react';
import { type ComponentPropsWithRef, useCallback } from 'react';
import type { FollowTarget } from '../../queries/reading';
import { useDeferredComponent } from '../ui/deferred';

/** "Read", in words beside the card's badges: a read card is not told apart by colour alone. */
export function ReadMarker() {
  const { t } = useLingui();
  return (
    <Badge
      component="span"
      variant="outline"
      color="gray"
      leftSection={<IconCheck size={12} aria-hidden />}
      data-testid="read-marker"
    >
      {t({ id: 'reading.read.marker', message: 'Read' })}
    </Badge>
  );
}

/** Mark as read / Mark as unread. */
export function ReadToggle({ isRead, onToggle }: { isRead: boolean; onToggle: () => void }) {
  const { t } = useLingui();
  const label = isRead
    ? t({ id: 'reading.read.markUnread', message: 'Mark as unread' })
    : t({ id: 'reading.read.markRead', message: 'Mark as read' });
  return (
    <ActionIcon
      variant="subtle"
      color="gray"
      aria-label={label}
      title={label}
      onClick={onToggle}
      data-testid="read-toggle"
    >
      {isRead ? <IconCircleCheckFilled size={18} aria-hidden /> : <IconCircleCheck size={18} aria-hidden />}
    </ActionIcon>
  );
}

export type CardMenuProps = {
  summary: SummaryDto;
  language: 'en' | 'zh';
  isFollowing: (target: Pick<FollowTarget, 'kind' | 'id'>) => boolean;
  onFollow: (target: FollowTarget) => void;
};

/** The card's menu button: the same before and after the menu's code has arrived. */
export function CardMenuButton(props: Omit<ComponentPropsWithRef<'button'>, 'color' | 'style'>) {
  const { t } = useLingui();
  return (
    <ActionIcon
      variant="subtle"
      color="gray"
      aria-label={t({ id: 'reading.menu.label', message: 'More actions' })}
      title={t({ id: 'reading.menu.label', message: 'More actions' })}
      data-testid="card-menu"
      {...props}
    >
      <IconDots size={18} aria-hidden />
    </ActionIcon>
  );
}

/** Follow the card's source or topic; the menu (Mantine's Menu) is fetched when first opened. */
export function CardMenu(props: CardMenuProps) {
  const load = useCallback(() => import('./card-menu-popup').then((m) => m.CardMenuPopup), []);
  const { Component: Menu, preload, show } = useDeferredComponent(load);
  if (Menu) return <Menu {...props} Button={CardMenuButton} openOnMount />;
  return (
    <CardMenuButton
      aria-haspopup="menu"
      aria-expanded={false}
      onClick={show}
      onPointerEnter={preload}
      onFocus={preload}
    />
  );
}
