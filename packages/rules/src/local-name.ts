import type { UiLanguage } from '@app/contracts';

// On its own, with no import of the contracts' values: the web app's first screens name topics and
// would otherwise load the language table's schemas with it.
/**
 * A topic's (or any named thing's) name as a reader of `language` sees it: the Chinese name on the
 * Chinese pages when it has one, else the English name.
 */
export function localName(named: { name: string; name_zh?: string | null }, language: UiLanguage): string {
  return (language === 'zh' && named.name_zh) || named.name;
}

/**
 * A topic's (or any described thing's) description as a reader of `language` sees it: the Chinese one
 * on the Chinese pages when it has one, else the English one (null when it has neither).
 */
export function localDescription(
  described: { description?: string | null; description_zh?: string | null },
  language: UiLanguage,
): string | null {
  return (language === 'zh' && described.description_zh) || described.description || null;
}
