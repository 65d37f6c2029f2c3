import { useLingui } from '@lingui/react/macro';
import { Menu, Text } from '@mantine/core';
import { IconLogout, IconUser } from '@tabler/icons-react';
import { Link } from '@tanstack/react-router';
import { useOpenedOnMount } from '../ui/deferred';
import { AccountButton, AccountIndicator, AdminBadge } from './account-parts';
import classes from './layout.module.css';
import { useAccount } from './nav-items';

/** Tablet widths: profile and logout in one menu (fetched on first use, nav-items.tsx); opens as it mounts. */
export function AccountMenu({ openOnMount }: { openOnMount: boolean }) {
  const { t } = useLingui();
  const { auth, logout, name } = useAccount();
  const { opened, setOpened, targetRef } = useOpenedOnMount<HTMLButtonElement>(openOnMount);
  return (
    <AccountIndicator isAdmin={auth.isAdmin}>
      <Menu opened={opened} onChange={setOpened} position="bottom-end" shadow="md" width={240} zIndex={400}>
        <Menu.Target>
          <AccountButton ref={targetRef} name={name} />
        </Menu.Target>
        <Menu.Dropdown>
          <Menu.Item
            component={Link}
            to="/profile"
            leftSection={<IconUser size={16} aria-hidden />}
            title={name}
            classNames={{ itemLabel: classes.nameRow }}
          >
            <Text span inherit truncate="end" className={classes.name} data-testid="nav-profile">
              {name}
            </Text>
            {auth.isAdmin ? <AdminBadge /> : null}
          </Menu.Item>
          <Menu.Item onClick={logout} leftSection={<IconLogout size={16} aria-hidden />}>
            {t({ id: 'shared.nav.logout', message: 'Logout' })}
          </Menu.Item>
        </Menu.Dropdown>
      </Menu>
    </AccountIndicator>
  );
}
