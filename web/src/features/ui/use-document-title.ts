import { useEffect } from 'react';
import { useTranslation } from '../../i18n/react';

/** Sets the tab title to "<title> · <app name>" (just the app name without a title). */
export function useDocumentTitle(title?: string) {
  const { t } = useTranslation();
  const appName = t('common.appName');
  useEffect(() => {
    document.title = title ? `${title} · ${appName}` : appName;
  }, [title, appName]);
}
