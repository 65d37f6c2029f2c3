import 'i18next';
import type { NamespaceResources } from './namespaces';

// English is the reference set: t('...') keys are checked against it at compile time, and
// i18n-keys.test.ts keeps every zh namespace complete.
declare module 'i18next' {
  interface CustomTypeOptions {
    defaultNS: 'translation';
    resources: NamespaceResources;
  }
}
