import { useLingui } from '@lingui/react/macro';
import { ActionIcon, Badge, Indicator } from '@mantine/core';
import { IconUserCircle } from '@tabler/icons-react';
import type { ComponentPropsWithRef, ReactNode } from 'react';
import classes from './layout.module.css';

export function AdminBadge() {
  const { t } = useLingui();
  return (
    <Badge ml={6} size="xs" color="red" variant="filled" data-testid="admin-badge" className={classes.fixed}>
      {t({ id: 'shared.nav.adminBadge', message: 'Admin' })}
    </Badge>
  );
}

/** The admin label under the account menu's button (it wraps the menu: the ARIA attributes stay on the button). */
export function AccountIndicator({ isAdmin, children }: { isAdmin: boolean; children: ReactNode }) {
  const { t } = useLingui();
  return (
    <Indicator
      label={t({ id: 'shared.nav.adminBadge', message: 'Admin' })}
      disabled={!isAdmin}
      color="red"
      size={16}
      position="bottom-center"
      fz={10}
      fw={700}
      className={isAdmin ? classes.indicatorRoom : undefined}
      classNames={{ indicator: classes.indicatorLabel }}
    >
      {children}
    </Indicator>
  );
}

/** The account menu's button: the same before and after the menu's code has arrived. */
export function AccountButton({
  name,
  ...rest
}: { name: string } & Omit<ComponentPropsWithRef<'button'>, 'color' | 'style'>) {
  return (
    <ActionIcon
      variant="light"
      size="lg"
      aria-label={name}
      title={name}
      data-testid="nav-account-menu"
      {...rest}
    >
      <IconUserCircle size={20} aria-hidden />
    </ActionIcon>
  );
}
