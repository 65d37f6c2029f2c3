// Feature namespaces: each feature keeps its strings in features/<name>/locales/{en,zh}.json and
// registers them here (read eagerly by the tests and the types); the browser finds the files by where
// they sit (loaders.ts). Use them with useTranslation('<name>'), and name them in the route's loadStrings;
// the shared strings stay in the default 'translation' namespace (i18n/en.json, i18n/zh.json). The
// API's error texts live in api/locales (namespace 'apiErrors', used through api/error-text.ts). A feature
// written with Lingui's macros has its catalogs in locales/<lang>.po, compiled to the same locales/<lang>.json
// (web/lingui.config.ts), and its screens use useLingui().
import enApiErrors from '../api/locales/en.json';
import zhApiErrors from '../api/locales/zh.json';
import enAccount from '../features/account/locales/en.json';
import zhAccount from '../features/account/locales/zh.json';
import enAdmin from '../features/admin/locales/en.json';
import zhAdmin from '../features/admin/locales/zh.json';
import enBilling from '../features/billing/locales/en.json';
import zhBilling from '../features/billing/locales/zh.json';
import enBlog from '../features/blog/locales/en.json';
import zhBlog from '../features/blog/locales/zh.json';
import enContent from '../features/content/locales/en.json';
import zhContent from '../features/content/locales/zh.json';
import enContentHistory from '../features/content-history/locales/en.json';
import zhContentHistory from '../features/content-history/locales/zh.json';
import enGeneration from '../features/generation/locales/en.json';
import zhGeneration from '../features/generation/locales/zh.json';
import enPodcast from '../features/podcast/locales/en.json';
import enReading from '../features/reading/locales/en.json';
import zhReading from '../features/reading/locales/zh.json';
import zhPodcast from '../features/podcast/locales/zh.json';
import enNewsletter from '../features/newsletter/locales/en.json';
import zhNewsletter from '../features/newsletter/locales/zh.json';
import enUnsubscribe from '../features/unsubscribe/locales/en.json';
import zhUnsubscribe from '../features/unsubscribe/locales/zh.json';
import enCommon from './en.json';
import zhCommon from './zh.json';

export const namespaceResources = {
  en: {
    account: enAccount,
    apiErrors: enApiErrors,
    admin: enAdmin,
    newsletter: enNewsletter,
    unsubscribe: enUnsubscribe,
    generation: enGeneration,
    contentHistory: enContentHistory,
    translation: enCommon,
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
    translation: zhCommon,
    podcast: zhPodcast,
    reading: zhReading,
    content: zhContent,
    blog: zhBlog,
    billing: zhBilling,
  },
} as const;

export type NamespaceResources = (typeof namespaceResources)['en'];
