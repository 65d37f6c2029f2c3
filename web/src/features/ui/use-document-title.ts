import { useLingui } from '@lingui/react/macro';
import { useEffect } from 'react';

/** Sets the tab title to "<title> · <app name>" (just the app name without a title). */
export function useDocumentTitle(title?: string) {
  const { t } = useLingui();
  const appName = t({ id: 'shared.common.appName', message: 'Daily Curated' });
  useEffect(() => {
    document.title = title ? `${title} · ${appName}` : appName;
  }, [title, appName]);
}
