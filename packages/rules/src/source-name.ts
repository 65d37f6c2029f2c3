import { TWITTER_NAME_SUFFIX, type UiLanguage } from '@app/contracts';

// A keyword source (platform 'twitter') is stored under the spec's name, "<keyword> 相关推文", and the
// admin edits it so. Readers see that name in Chinese; in English they see a label made from the
// keyword. Browser-safe: the web app, the feeds, the digest and the podcast script all use it.

const KEYWORD_NAME = new RegExp(`^(.+?)\\s*${TWITTER_NAME_SUFFIX.trim()}$`, 'su');

/** The keyword of a name in the spec's keyword-source form, or null for any other name. */
function keywordOf(name: string): string | null {
  return KEYWORD_NAME.exec(name.trim())?.[1]?.trim() || null;
}

/**
 * A source's name as readers of `language` see it: in English a keyword source's
 * "system design 相关推文" reads "Tweets about system design"; every other name, and every name in
 * Chinese, is the stored one. Admin screens show the stored name (the one they edit).
 */
export function sourceDisplayName(name: string, language: UiLanguage): string {
  if (language === 'zh') return name;
  const keyword = keywordOf(name);
  return keyword ? `Tweets about ${keyword}` : name;
}
