import type { DataLanguage, UiLanguage } from './common.ts';

// The one mapping between the interface's languages ('en' | 'zh', in URLs and API bodies), the
// data's ('EN' | 'ZH', the database enum and job payloads) and the tags browsers and Intl expect.
// Browser-safe: the web app uses the same functions.
const LANGUAGES = {
  en: { data: 'EN', locale: 'en-US', htmlLang: 'en' },
  zh: { data: 'ZH', locale: 'zh-CN', htmlLang: 'zh-CN' },
} as const satisfies Record<UiLanguage, { data: DataLanguage; locale: string; htmlLang: string }>;

export function toDataLanguage(language: UiLanguage): DataLanguage {
  return LANGUAGES[language].data;
}

export function toUiLanguage(language: DataLanguage): UiLanguage {
  return language === 'ZH' ? 'zh' : 'en';
}

/** The locale for Intl date, number and collation formats ('en-US', 'zh-CN'). */
export function toLocale(language: UiLanguage): 'en-US' | 'zh-CN' {
  return LANGUAGES[language].locale;
}

/** The value of an HTML `lang` attribute ('en', 'zh-CN'). */
export function toHtmlLang(language: UiLanguage): 'en' | 'zh-CN' {
  return LANGUAGES[language].htmlLang;
}

/**
 * The product's name as each language's readers know it: the web app's `common.appName`, and the name
 * every email uses for a reader of that language (subject, body, footer).
 */
export const BRAND_NAME = {
  en: 'Daily Curated',
  zh: '每日精选',
} as const satisfies Record<UiLanguage, string>;
