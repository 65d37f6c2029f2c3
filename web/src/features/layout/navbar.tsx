import { useLingui } from '@lingui/react/macro';
import { Burger, Container, Group } from '@mantine/core';
import { useMediaQuery } from '@mantine/hooks';
import { NAV_BREAKPOINT_QUERY } from '../../theme';
import { useDeferredComponent } from '../ui/deferred';
import classes from './layout.module.css';
import { Logo } from './logo';
import { NavAccount, NavLinks } from './nav-items';

type Props = { drawerOpened: boolean; onToggleDrawer: () => void; onCloseDrawer: () => void };

const loadSheet = () => import('./nav-sheet').then((module) => module.NavSheet);

/** Top bar; under 768 px its items move into a side sheet opened by the burger (fetched on first use). */
export function Navbar({ drawerOpened, onToggleDrawer, onCloseDrawer }: Props) {
  const { t } = useLingui();
  // One copy of the items in the DOM: the bar from 768 px, the burger and side sheet below.
  const isDesktop = useMediaQuery(NAV_BREAKPOINT_QUERY, true, { getInitialValueInEffect: false });
  const { Component: Sheet, preload, show } = useDeferredComponent(loadSheet);
  const toggle = () => {
    if (!Sheet) show();
    onToggleDrawer();
  };
  return (
    <Container size="xl" h="100%">
      <Group
        h="100%"
        gap="xs"
        justify="space-between"
        wrap="nowrap"
        component="nav"
        aria-label={t({ id: 'shared.nav.menuTitle', message: 'Menu' })}
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
            onClick={toggle}
            onPointerEnter={preload}
            onFocus={preload}
            aria-label={t({ id: 'shared.nav.openMenu', message: 'Open navigation' })}
            data-testid="nav-burger"
          />
        )}
      </Group>
      {Sheet ? <Sheet opened={drawerOpened && !isDesktop} onClose={onCloseDrawer} /> : null}
    </Container>
  );
}
