import { useDisclosure } from '@mantine/hooks';
import { Outlet, useRouterState } from '@tanstack/react-router';
import { type ReactNode, useEffect, useRef } from 'react';
import { useLanguage } from '../../i18n/language-provider';
import { siteFeedLinks, useFeedLinks } from '../content/feed-links';
import { Footer } from './footer';
import classes from './layout.module.css';
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
  const { language } = useLanguage();
  // The site's feed of every topic's stories, on every page (as every served document names it).
  useFeedLinks(siteFeedLinks('summaries', language));

  // Any navigation closes the side sheet (compare paths: the handlers object is not stable).
  const lastPathname = useRef(pathname);
  const closeDrawer = drawer.close;
  useEffect(() => {
    if (lastPathname.current === pathname) return;
    lastPathname.current = pathname;
    closeDrawer();
  }, [pathname, closeDrawer]);

  return (
    // A header and a main landmark of its own (Mantine's AppShell drew the same with more code).
    <>
      <header className={classes.header} data-testid="app-header">
        <Navbar drawerOpened={drawerOpened} onToggleDrawer={drawer.toggle} onCloseDrawer={drawer.close} />
      </header>
      <main className={classes.main}>
        <div className={classes.page}>{children}</div>
        <Footer />
      </main>
    </>
  );
}
