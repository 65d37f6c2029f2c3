import type { DataLanguage, UiLanguage } from './common.ts';

/**
 * The one mapping between the interface's languages ('en' | 'zh', in URLs and API bodies), the
 * data's ('EN' | 'ZH', the database enum and job payloads) and the tags browsers and Intl expect.
 * Read through @app/rules (toDataLanguage, toLocale, toHtmlLang); a schema that maps a language reads it
 * here, as the contracts do not import the rules.
 */
export const LANGUAGE_TAGS = {
  en: { data: 'EN', locale: 'en-US', htmlLang: 'en' },
  zh: { data: 'ZH', locale: 'zh-CN', htmlLang: 'zh-CN' },
} as const satisfies Record<UiLanguage, { data: DataLanguage; locale: string; htmlLang: string }>;

/**
 * The product's name as each language's readers know it: the web app's `common.appName`, and the name
 * every email uses for a reader of that language (subject, body, footer).
 */
export const BRAND_NAME = {
  en: 'Daily Curated',
  zh: '每日精选',
} as const satisfies Record<UiLanguage, string>;
