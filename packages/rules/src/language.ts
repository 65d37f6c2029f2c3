import { type DataLanguage, LANGUAGE_TAGS, type UiLanguage } from '@app/contracts';

// The one mapping between the interface's languages ('en' | 'zh', in URLs and API bodies), the
// data's ('EN' | 'ZH', the database enum and job payloads) and the tags browsers and Intl expect,
// read from the contracts' table (LANGUAGE_TAGS, which the podcast list's query schema reads too).
// Browser-safe: the web app uses the same functions.

export function toDataLanguage(language: UiLanguage): DataLanguage {
  return LANGUAGE_TAGS[language].data;
}

export function toUiLanguage(language: DataLanguage): UiLanguage {
  return language === 'ZH' ? 'zh' : 'en';
}

/** The locale for Intl date, number and collation formats ('en-US', 'zh-CN'). */
export function toLocale(language: UiLanguage): 'en-US' | 'zh-CN' {
  return LANGUAGE_TAGS[language].locale;
}

/** The value of an HTML `lang` attribute ('en', 'zh-CN'). */
export function toHtmlLang(language: UiLanguage): 'en' | 'zh-CN' {
  return LANGUAGE_TAGS[language].htmlLang;
}
