import { useLingui } from '@lingui/react/macro';
import '@mantine/core/styles.css';
// @mantine/notifications' styles come with the first toast (features/ui/toast-container.tsx).
// @mantine/dates' styles come with the screens that show a date picker (podcast, content summary).

import { MantineProvider } from '@mantine/core';
import { QueryClientProvider } from '@tanstack/react-query';
import { RouterProvider } from '@tanstack/react-router';
import { type ReactNode, StrictMode, startTransition, useMemo } from 'react';
import { I18nProvider } from './i18n/react';
import { api } from './api/client';
import { AuthProvider } from './features/auth/auth-provider';
import { AuthStore } from './features/auth/auth-store';
import { ToastHost } from './features/ui/toast-host';
import { createAppI18n } from './i18n/app-i18n';
import { detectLanguage } from './i18n/language';
import { browserLanguages, readStoredLanguage } from './i18n/language-storage';
import { createQueryClient } from './queries/query-client';
import { createAppRouter, prefetchFirstScreen } from './router';
import { cssVariablesResolver, localizedTheme } from './theme';

/** Ends the current task: what follows runs in a new one, once the browser has had the main thread. */
function nextTask(): Promise<void> {
  return new Promise((resolve) => setTimeout(resolve, 0));
}

// React's DOM renderer, the largest library, is evaluated in a task of its own (index.html preloads it
// with the entry; vite-preload-chunk.ts) rather than within the entry's evaluation.
const reactDom = import('react-dom/client');

// The start-up runs as several short tasks instead of one long one, so the page stays responsive while
// it starts (the home hero from first-paint.ts is already on screen): the libraries' evaluation ends
// the first task; then the strings, the session and the router each get their own; then the first
// screen's code is asked for (the browser's preload of every file it needs is a task's worth too).
await nextTask();
const queryClient = createQueryClient();
const language = detectLanguage({
  pathname: window.location.pathname,
  stored: readStoredLanguage(),
  browserLanguages: browserLanguages(),
});
// Only the reader's language is fetched, and only the namespaces the screens on show use.
const { i18n, ready: stringsReady } = createAppI18n(language);
const auth = new AuthStore({ api, queryClient });
auth.start();
await nextTask();
const router = createAppRouter({ queryClient, auth, i18n, language });
// The head the server wrote (canonical, hreflang, Open Graph, feeds, structured data) describes the page
// the document was served for: it goes once another page is shown. A move overtaken before it resolves
// (the reader went back while the next page loaded) leaves it.
let servedPath: string | undefined;
const stopWatchingHead = router.subscribe('onResolved', (event) => {
  // The first load resolves the served page (in the router's terms: /zh is its / in Chinese).
  if (!event.fromLocation) servedPath ??= event.toLocation.pathname;
  if (event.toLocation.pathname === servedPath) return;
  for (const element of document.head.querySelectorAll('[data-page-head]')) element.remove();
  stopWatchingHead();
});
await nextTask();
prefetchFirstScreen(router, i18n);
await nextTask();

function LocalizedMantineProvider({ children }: { children: ReactNode }) {
  const { t } = useLingui();
  const closeLabel = t({ id: 'shared.common.close', message: 'Close' });
  const localized = useMemo(() => localizedTheme(closeLabel), [closeLabel]);
  return (
    <MantineProvider theme={localized} cssVariablesResolver={cssVariablesResolver}>
      {children}
    </MantineProvider>
  );
}

const rootElement = document.getElementById('root');
if (!rootElement) throw new Error('Missing #root element');

async function render(root: HTMLElement) {
  const { createRoot } = await reactDom;
  // As a transition, the first render yields to the browser every few milliseconds instead of holding
  // the main thread for the whole tree (the home hero from first-paint.ts is already on screen).
  startTransition(() => {
    createRoot(root).render(
      <StrictMode>
        <I18nProvider i18n={i18n}>
          <LocalizedMantineProvider>
            <ToastHost />
            <QueryClientProvider client={queryClient}>
              <AuthProvider store={auth}>
                <RouterProvider router={router} />
              </AuthProvider>
            </QueryClientProvider>
          </LocalizedMantineProvider>
        </I18nProvider>
      </StrictMode>,
    );
  });
}

// The shell draws once its strings are in and the router has loaded the first screen (its chunk,
// strings and data, which prefetchFirstScreen already asked for): the first render is then the
// finished page, in one yielding pass, instead of a pending tree that the router's load replaces
// with a synchronous re-render of everything. Should the strings fail to arrive, it draws anyway:
// each route's loader asks for its strings again and shows the route's error screen (with a retry)
// if they fail.
stringsReady
  .catch((error: unknown) => console.error(error))
  .then(() => router.load())
  .catch((error: unknown) => console.error(error))
  .then(() => render(rootElement))
  .catch((error: unknown) => console.error(error));
