import { AppShell, Box } from '@mantine/core';
import { useDisclosure } from '@mantine/hooks';
import { Outlet, useRouterState } from '@tanstack/react-router';
import { type ReactNode, useEffect, useRef } from 'react';
import { Footer } from './footer';
import { Navbar } from './navbar';

/** Navigation bar, page and footer: the frame of every screen except /auth and /auth/callback. */
export function AppShellLayout() {
  return (
    <AppFrame>
      <Outlet />
    </AppFrame>
  );
}

export function AppFrame({ children }: { children: ReactNode }) {
  const [drawerOpened, drawer] = useDisclosure(false);
  const pathname = useRouterState({ select: (state) => state.location.pathname });

  // Any navigation closes the side sheet (compare paths: the handlers object is not stable).
  const lastPathname = useRef(pathname);
  const closeDrawer = drawer.close;
  useEffect(() => {
    if (lastPathname.current === pathname) return;
    lastPathname.current = pathname;
    closeDrawer();
  }, [pathname, closeDrawer]);

  return (
    <AppShell header={{ height: 64 }} padding={0}>
      <AppShell.Header data-testid="app-header">
        <Navbar drawerOpened={drawerOpened} onToggleDrawer={drawer.toggle} onCloseDrawer={drawer.close} />
      </AppShell.Header>
      <AppShell.Main style={{ display: 'flex', flexDirection: 'column', minHeight: '100dvh' }}>
        <Box style={{ flex: 1 }}>{children}</Box>
        <Footer />
      </AppShell.Main>
    </AppShell>
  );
}
