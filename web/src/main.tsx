import '@mantine/core/styles.css';
import '@mantine/notifications/styles.css';
import '@mantine/dates/styles.css';

import { MantineProvider } from '@mantine/core';
import { Notifications } from '@mantine/notifications';
import { QueryClientProvider } from '@tanstack/react-query';
import { RouterProvider } from '@tanstack/react-router';
import { type ReactNode, StrictMode, useMemo } from 'react';
import { createRoot } from 'react-dom/client';
import { I18nextProvider, useTranslation } from 'react-i18next';
import { api } from './api/client';
import { AuthProvider } from './features/auth/auth-provider';
import { AuthStore } from './features/auth/auth-store';
import { createI18n } from './i18n';
import { detectLanguage } from './i18n/language';
import { browserLanguages, readStoredLanguage } from './i18n/language-storage';
import { createQueryClient } from './queries/query-client';
import { createAppRouter } from './router';
import { cssVariablesResolver, localizedTheme } from './theme';

const queryClient = createQueryClient();
const language = detectLanguage({
  pathname: window.location.pathname,
  stored: readStoredLanguage(),
  browserLanguages: browserLanguages(),
});
const i18n = createI18n(language);
const auth = new AuthStore({ api, queryClient });
auth.start();
const router = createAppRouter({ queryClient, auth, language });

function LocalizedMantineProvider({ children }: { children: ReactNode }) {
  const { t } = useTranslation();
  const closeLabel = t('common.close');
  const localized = useMemo(() => localizedTheme(closeLabel), [closeLabel]);
  return (
    <MantineProvider theme={localized} cssVariablesResolver={cssVariablesResolver}>
      {children}
    </MantineProvider>
  );
}

const rootElement = document.getElementById('root');
if (!rootElement) throw new Error('Missing #root element');

createRoot(rootElement).render(
  <StrictMode>
    <I18nextProvider i18n={i18n}>
      <LocalizedMantineProvider>
        <Notifications limit={3} autoClose={4000} position="top-right" />
        <QueryClientProvider client={queryClient}>
          <AuthProvider store={auth}>
            <RouterProvider router={router} />
          </AuthProvider>
        </QueryClientProvider>
      </LocalizedMantineProvider>
    </I18nextProvider>
  </StrictMode>,
);
