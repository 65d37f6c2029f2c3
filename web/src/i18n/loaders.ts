import enApiErrors from '../api/locales/en.json?url';
import zhApiErrors from '../api/locales/zh.json?url';
import enAccount from '../features/account/locales/en.json?url';
import zhAccount from '../features/account/locales/zh.json?url';
import enAdmin from '../features/admin/locales/en.json?url';
import zhAdmin from '../features/admin/locales/zh.json?url';
import enBilling from '../features/billing/locales/en.json?url';
import zhBilling from '../features/billing/locales/zh.json?url';
import enBlog from '../features/blog/locales/en.json?url';
import zhBlog from '../features/blog/locales/zh.json?url';
import enContentHistory from '../features/content-history/locales/en.json?url';
import zhContentHistory from '../features/content-history/locales/zh.json?url';
import enContent from '../features/content/locales/en.json?url';
import zhContent from '../features/content/locales/zh.json?url';
import enGeneration from '../features/generation/locales/en.json?url';
import zhGeneration from '../features/generation/locales/zh.json?url';
import enNewsletter from '../features/newsletter/locales/en.json?url';
import zhNewsletter from '../features/newsletter/locales/zh.json?url';
import enPodcast from '../features/podcast/locales/en.json?url';
import enReading from '../features/reading/locales/en.json?url';
import zhReading from '../features/reading/locales/zh.json?url';
import zhPodcast from '../features/podcast/locales/zh.json?url';
import enUnsubscribe from '../features/unsubscribe/locales/en.json?url';
import zhUnsubscribe from '../features/unsubscribe/locales/zh.json?url';
import enTranslation from './en.json?url';
import zhTranslation from './zh.json?url';

import type { Language } from './language';
import type { NamespaceResources } from './namespaces';

export type Namespace = keyof NamespaceResources;

/**
 * Where the web app's string files are, one per language and namespace: the build emits each as a
 * fingerprinted JSON asset (never inlined: see vite.config.ts), fetched when a screen needs it (see
 * app-i18n.ts). A reader downloads only their own language, and a namespace only with the route that
 * uses it. They are fetched rather than imported as modules so that a failed download can be tried
 * again (a browser may remember a failed import() for the page's lifetime). Same files as
 * namespaces.ts, which the tests and the types read eagerly; loaders.test.ts keeps the lists equal.
 */
export const namespaceUrls: Record<Language, Record<Namespace, string>> = {
  en: {
    account: enAccount,
    apiErrors: enApiErrors,
    admin: enAdmin,
    newsletter: enNewsletter,
    unsubscribe: enUnsubscribe,
    generation: enGeneration,
    contentHistory: enContentHistory,
    translation: enTranslation,
    podcast: enPodcast,
    reading: enReading,
    content: enContent,
    blog: enBlog,
    billing: enBilling,
  },
  zh: {
    account: zhAccount,
    apiErrors: zhApiErrors,
    admin: zhAdmin,
    newsletter: zhNewsletter,
    unsubscribe: zhUnsubscribe,
    generation: zhGeneration,
    contentHistory: zhContentHistory,
    translation: zhTranslation,
    podcast: zhPodcast,
    reading: zhReading,
    content: zhContent,
    blog: zhBlog,
    billing: zhBilling,
  },
};
