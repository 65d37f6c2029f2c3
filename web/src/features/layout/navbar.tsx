import { Burger, Container, Divider, Drawer, Group, ScrollArea, Stack } from '@mantine/core';
import { useMediaQuery } from '@mantine/hooks';
import { useTranslation } from 'react-i18next';
import { NAV_BREAKPOINT_QUERY } from '../../theme';
import classes from './layout.module.css';
import { Logo } from './logo';
import { NavAccount, NavLinks } from './nav-items';

type Props = { drawerOpened: boolean; onToggleDrawer: () => void; onCloseDrawer: () => void };

/** Top bar; under 768 px its items move into a side sheet opened by the burger. */
export function Navbar({ drawerOpened, onToggleDrawer, onCloseDrawer }: Props) {
  const { t } = useTranslation();
  // One copy of the items in the DOM: the bar from 768 px, the burger and side sheet below.
  const isDesktop = useMediaQuery(NAV_BREAKPOINT_QUERY, true, { getInitialValueInEffect: false });
  return (
    <Container size="xl" h="100%">
      <Group
        h="100%"
        gap="xs"
        justify="space-between"
        wrap="nowrap"
        component="nav"
        aria-label={t('nav.menuTitle')}
      >
        <Logo compact testId="nav-logo" />
        {isDesktop ? (
          <Group gap="xs" wrap="nowrap" className={classes.shrinks}>
            <NavLinks layout="bar" />
            <NavAccount layout="bar" />
          </Group>
        ) : (
          <Burger
            opened={drawerOpened}
            onClick={onToggleDrawer}
            aria-label={t('nav.openMenu')}
            data-testid="nav-burger"
          />
        )}
      </Group>
      <Drawer
        opened={drawerOpened && !isDesktop}
        onClose={onCloseDrawer}
        position="right"
        size="80%"
        title={<Logo onNavigate={onCloseDrawer} />}
        zIndex={300}
        closeButtonProps={{ 'aria-label': t('nav.closeMenu') }}
      >
        {/* Vertical scrolling only: a long name is cut with an ellipsis instead of widening the sheet. */}
        <ScrollArea.Autosize mah="calc(100dvh - 80px)" scrollbars="y" styles={{ content: { minWidth: 0 } }}>
          <Stack gap="sm" data-testid="nav-drawer">
            <NavLinks layout="sheet" onNavigate={onCloseDrawer} />
            <Divider />
            <NavAccount layout="sheet" onNavigate={onCloseDrawer} />
          </Stack>
        </ScrollArea.Autosize>
      </Drawer>
    </Container>
  );
}
